#!/usr/bin/env python3
"""Whole programs (tests/programs) recorded on the GPU (`record -- ./program`, built by nvcc)
against the same programs' sources run on the simulator (`record --backend sim -- FILES`).

  programs_gpu_matches_simulator.py record WARPLENS_CLI FOLDER
      on a GPU machine with the tracer (tools/gpu-check.sh run programs): builds every program with
      nvcc (build-gpu.sh), records each launch's block 0 (NAME.json) and keeps what it printed
      (NAME.out) in FOLDER
  programs_gpu_matches_simulator.py compare WARPLENS_CLI FOLDER_OR_TARBALL
      (and, the same way, practice entries: `lab run FILE --entry solve`, GPU against simulator)
      anywhere with clang (CI, on programs-on-h200.tar.xz, kept from a `record`): each program
      passes its own check on both, makes the same launches (grid, block) in the same order, and
      block 0 of every launch equals the GPU's, thread by thread and barrier interval by interval
      (trace_compare.py), but for what only one side can know:
      - an access of a __device__ variable lies outside every allocation: its address is the
        GPU's own on the GPU, an offset in the library here, so only that it happened is compared;
      - a WARPSYNC nvcc puts before the shuffles of a branch is the compiler's, not the program's:
        the GPU's warp syncs are compared only at lines that say __syncwarp;
      - threadfence_reduction's block 0 is the last block done on the GPU when it finishes last,
        which here (blocks run in order) it never does: its events are compared up to its ticket.
"""
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "lab"))
from kept_runs import main, unpack  # noqa: E402
from trace_compare import compare  # noqa: E402

failures = []

# (name, sources, arguments): sizes the simulator runs in seconds, every launch recorded.
CASES = [
    ("reduction", ["reduction/reduction_kernel.cu", "reduction/reduction.cpp"], ["--n=65536"]),
    ("threadfence_reduction", ["threadfence_reduction.cu"], ["--n=65536"]),
    ("shfl_scan", ["shfl_scan.cu"], ["--n=16384"]),
    ("histogram", ["histogram.cu"], ["--n=65536"]),
    ("scan_textbook", ["scan_textbook.cu"], ["--n=16384"]),
    ("transpose", ["transpose.cu"], ["--width=128", "--height=128"]),
]
# (name, file, options): practice sites' entries, `lab run FILE --entry solve`, every launch's block 0.
ENTRY_CASES = [
    ("entry-reduce_solve", "entry/reduce_solve.cu", ["--n", "100000"]),
    ("entry-histogram_solve", "entry/histogram_solve.cu", ["--n", "100000"]),
]
RECORD = ["--launch", "all", "--record-blocks", "0"]
OUTSIDE = {"memory outside the program's allocations", "__device__ variables"}
# The last step compared, where a program's later steps depend on which block finished last.
LAST_STEP = {"threadfence_reduction": 4098}


def comparable(trace, source_lines, gpu, last_step):
    """The trace with what only one side can know taken out (above)."""
    events = []
    for e in trace["events"]:
        if last_step is not None and e["step"] > last_step:
            continue
        if gpu and e["op"] == "warp_sync" and "__syncwarp" not in source_lines.get(e["site"], ""):
            continue
        if e["op"].startswith("global") and e.get("buffer") in OUTSIDE:
            e = dict(e, address=0)
        events.append(e)
    return dict(trace, events=events)


def run(cmd, name):
    p = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if p.returncode != 0 or "PASSED" not in p.stdout:
        failures.append(f"{name}: {' '.join(cmd)}: exit {p.returncode}: {p.stdout[-2000:]} {p.stderr[-2000:]}")
        return None
    return p.stdout


def lab_entry(cli, file, options, backend, out, name):
    cmd = [cli, "lab", "run", os.path.join(here, file), "--entry", "solve", "--backend", backend, "--out", out] + options
    p = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if p.returncode != 0 or "check: ok" not in p.stdout:
        failures.append(f"{name}: {' '.join(cmd)}: exit {p.returncode}: {p.stdout[-2000:]} {p.stderr[-2000:]}")
        return False
    return True


def compare_launches(name, gpu, sim):
    shape = lambda t: [(l["grid_dim"], l["block_dim"]) for l in t["meta"]["launches"]]  # noqa: E731
    if shape(gpu) != shape(sim):
        failures.append(f"{name}: launches {shape(gpu)} on the GPU, {shape(sim)} on the simulator")
        return
    total, before = 0, len(failures)
    for launch, l in enumerate(sim["meta"]["launches"]):
        difference, count = compare(gpu, sim, f"{name} launch {launch} ({l['name']})", l["block_dim"], launch, 0)
        if difference:
            failures.append(difference)
        total += count
    if len(failures) == before:
        print(f"{name}: {len(sim['meta']['launches'])} launches, block 0 of each equals the GPU's, {total} events")


def record(cli, folder):
    os.makedirs(folder, exist_ok=True)
    bin_dir = os.path.join(folder, "bin")
    subprocess.run([os.path.join(here, "build-gpu.sh"), bin_dir], check=True)
    for name, _, arguments in CASES:
        out = run([cli, "record"] + RECORD + ["--out", os.path.join(folder, name + ".json"), "--",
                                              os.path.join(bin_dir, name)] + arguments, name)
        if out is not None:
            open(os.path.join(folder, name + ".out"), "w").write(out)
            print(f"{name}: {out.strip().splitlines()[-1]}")
    for name, file, options in ENTRY_CASES:
        if lab_entry(cli, file, options, "gpu", os.path.join(folder, name + ".json"), name):
            print(f"{name}: checked on the GPU")


def compare_all(cli, source):
    folder = unpack(source, "programs-on-h200")
    work = tempfile.mkdtemp(prefix="wl-programs-sim-")
    for name, sources, arguments in CASES:
        sim_path = os.path.join(work, name + ".json")
        files = [os.path.join(here, s) for s in sources]
        if run([cli, "record", "--backend", "sim"] + RECORD + ["--out", sim_path, "--"] + files + ["--"] + arguments,
               name) is None:
            continue
        gpu, sim = json.load(open(os.path.join(folder, name + ".json"))), json.load(open(sim_path))
        lines = dict(enumerate(open(files[0]).read().split("\n"), start=1))
        gpu = comparable(gpu, lines, True, LAST_STEP.get(name))
        sim = comparable(sim, lines, False, LAST_STEP.get(name))
        compare_launches(name, gpu, sim)
    for name, file, options in ENTRY_CASES:
        sim_path = os.path.join(work, name + ".json")
        if lab_entry(cli, file, options, "sim", sim_path, name):
            compare_launches(name, json.load(open(os.path.join(folder, name + ".json"))), json.load(open(sim_path)))


main(record, compare_all, failures)
