#!/usr/bin/env python3
"""Kernels of a course's .cu file recorded on an H200 (warplens record, kept recordings in
recorded-on-h200.tar.xz, made by `record --keep-recording` as docs/gpu-results.md says) read back
on this machine, which has no GPU:

1. Block 0 of reduce_cg (course_reduce.cu) holds what its source says, counted by hand.
2. Each recorded kernel's block 0 equals the simulator's run of the same file, as
   trace_compare.py compares them.
3. A damaged recording is refused with its problem named, exit 1.

usage: recorded_matches_simulator.py WARPLENS_CLI TARBALL PLAIN_DIR
"""
import collections
import json
import os
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from trace_compare import compare  # noqa: E402

cli, tarball, plain = sys.argv[1:4]
work = tempfile.mkdtemp(prefix="wl-recorded-")
with tarfile.open(tarball) as t:
    t.extractall(work)
failures = []


def run(args, expect=0):
    p = subprocess.run([cli] + args, capture_output=True, text=True)
    if p.returncode != expect:
        print(p.stdout, p.stderr)
        raise SystemExit(f"exit {p.returncode}, expected {expect}: {' '.join(args)}")
    return p


def gpu_trace(folder):
    out = os.path.join(work, folder + ".json")
    run(["record", "--from", os.path.join(work, folder), "--source-dir", plain, "--out", out])
    return json.load(open(out))


def sim_trace(file, kernel):
    out = os.path.join(work, kernel + "-sim.json")
    run(["lab", "run", os.path.join(plain, file), "--family", "reduce", "--kernel", kernel, "--type", "f32",
         "--n", "4096", "--block", "256", "--out", out])
    return json.load(open(out))


# 1. By hand, from course_reduce.cu's reduce_cg at block 256: every thread loads its element and
# stores it (line 17) and meets 4 barriers (line 18, line 21 three times: s = 128, 64, 32); the
# loop adds 128 + 64 + 32 pairs (line 20: two loads and a store each); warp 0 reads its 32 sums
# (line 25) and shuffles them 5 times in cg::reduce (line 26); lane 0 writes the block's sum (27).
cg = gpu_trace("course-cg")
counts = collections.Counter((e["op"], e["site"]) for e in cg["events"] if e["block"] == 0)
expected = {("global_load", 17): 256, ("shared_store", 17): 256, ("barrier", 18): 256, ("barrier", 21): 768,
            ("shared_load", 20): 448, ("shared_store", 20): 224, ("shared_load", 25): 32, ("shuffle", 26): 160,
            ("global_store", 27): 1}
if dict(counts) != expected:
    failures.append(f"reduce_cg block 0 counts {dict(counts)} != {expected}")
if cg["meta"]["variant_file"] != "course_reduce.cu" or not cg["meta"].get("sources"):
    failures.append("the trace does not carry course_reduce.cu, found through --source-dir")
steps = [s["name"] for s in cg["meta"]["steps"]]
if steps[:3] != ["start", "after line 18", "after line 21"]:
    failures.append(f"steps {steps}")

# 2. Recorded equals simulated.
for folder, file, kernel in [("course-cg", "course_reduce.cu", "reduce_cg"),
                             ("course-shfl", "course_reduce.cu", "reduce_shfl"),
                             ("ladder", "reduction_ladder.cu", "reduce2")]:
    difference, count = compare(gpu_trace(folder), sim_trace(file, kernel), kernel, threads=256)
    if difference:
        failures.append(difference)
    else:
        print(f"{kernel}: block 0 recorded on the GPU equals the simulator's, {count} events in 256 threads")

# 3. Damaged recordings.
launch = os.path.join(work, "course-cg", "launch-0.wlrec")
data = open(launch, "rb").read()
open(launch, "wb").write(data[: len(data) - 20])
p = run(["record", "--from", os.path.join(work, "course-cg"), "--out", os.path.join(work, "x.json")], expect=1)
if "truncated" not in p.stderr:
    failures.append("a truncated recording: " + p.stderr)
open(launch, "wb").write(b"NOTAREC!" + data[8:])
p = run(["record", "--from", os.path.join(work, "course-cg"), "--out", os.path.join(work, "x.json")], expect=1)
if "not a WarpLens GPU recording" not in p.stderr:
    failures.append("a foreign file: " + p.stderr)
p = run(["record", "--from", work, "--out", os.path.join(work, "x.json")], expect=1)
if "holds no recorded launch" not in p.stderr:
    failures.append("an empty folder: " + p.stderr)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
