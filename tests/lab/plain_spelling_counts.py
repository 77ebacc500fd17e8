"""plain_spelling_counts.py CLI FILE: FILE (assets/plain/<family>/<variant>.cu) spells the
built-in <variant> in plain CUDA. Runs it as its header's run: line says (`lab run`), runs the
variant on the same n, block and type (`metrics --launch all`), every block recorded, and
compares the counts with plain_counts_as_builtin.py."""
import os
import re
import subprocess
import sys

cli, path = sys.argv[1:3]
family = os.path.basename(os.path.dirname(path))
variant = os.path.splitext(os.path.basename(path))[0]
run = re.search(r"^// run: (.*)$", open(path).read(), re.M).group(1).split()
shared = {}  # what the built-in variant takes of the run: --n, --block, --type
for flag in ("--n", "--block", "--type"):
    shared[flag] = run[run.index(flag) + 1]
common = ["--record-blocks", "all", "--json"]
with open("plain.json", "w") as out:
    subprocess.run([cli, "lab", "run", path] + common, stdout=out, check=True)
args = [cli, "metrics", "--family", family, "--variant", variant, "--backend", "sim", "--launch", "all"]
for flag, value in shared.items():
    args += [flag, value]
with open("builtin.json", "w") as out:
    subprocess.run(args + common, stdout=out, check=True)
here = os.path.dirname(os.path.abspath(__file__))
sys.exit(subprocess.run([sys.executable, os.path.join(here, "plain_counts_as_builtin.py"), "plain.json", "builtin.json"]).returncode)
