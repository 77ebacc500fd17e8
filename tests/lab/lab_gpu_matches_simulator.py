#!/usr/bin/env python3
"""A course's plain-CUDA files run by the lab on the GPU (`lab run FILE --backend gpu`: built by
nvcc, checked, timed against the device copy, recorded by the GPU tracer) against the simulator's
run of the same files.

  lab_gpu_matches_simulator.py record WARPLENS_CLI FOLDER
      on a GPU machine with the tracer (tools/gpu-check.sh run lab): runs every case on the GPU,
      and keeps each trace (CASE.trace.json) and the lab's JSON (CASE.json) in FOLDER
  lab_gpu_matches_simulator.py compare WARPLENS_CLI FOLDER_OR_TARBALL
      anywhere with clang (CI, on lab-on-h200.tar.xz, kept from a `record`): each GPU run was
      checked and timed, names its family, kernel and buffers as the simulator does, and equals
      the simulator's run launch by launch, in blocks 0 and 1 (as trace_compare.py compares them)
"""
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from kept_runs import main, unpack  # noqa: E402
from trace_compare import compare  # noqa: E402

plain = os.path.join(here, "plain")
failures = []

# (name, file, kernel, options): family reduce, f32, blocks 0 and 1 recorded, every launch.
CASES = [
    ("ladder-reduce0", "reduction_ladder.cu", "reduce0", ["--n", "4096", "--block", "256"]),
    ("ladder-reduce1", "reduction_ladder.cu", "reduce1", ["--n", "4096", "--block", "256"]),
    ("ladder-reduce2", "reduction_ladder.cu", "reduce2", ["--n", "4096", "--block", "256"]),
    ("ladder-reduce3", "reduction_ladder.cu", "reduce3", ["--n", "4096", "--block", "256"]),
    ("course-cg", "course_reduce.cu", "reduce_cg", ["--n", "4096", "--block", "256"]),
    ("course-shfl", "course_reduce.cu", "reduce_shfl", ["--n", "4096", "--block", "256"]),
    ("ladder-reduce2-partial", "reduction_ladder.cu", "reduce2", ["--n", "1000", "--block", "64"]),
]


def lab_run(cli, file, kernel, options, backend, trace):
    cmd = [cli, "lab", "run", os.path.join(plain, file), "--family", "reduce", "--kernel", kernel, "--type", "f32",
           "--record-blocks", "0,1", "--backend", backend, "--json", "--out", trace] + options
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"{' '.join(cmd[1:])}: exit {p.returncode}: {p.stdout[-2000:]} {p.stderr[-2000:]}")
        return None
    return p.stdout


def record(cli, folder):
    os.makedirs(folder, exist_ok=True)
    for name, file, kernel, options in CASES:
        doc = lab_run(cli, file, kernel, options, "gpu", os.path.join(folder, name + ".trace.json"))
        if doc:
            open(os.path.join(folder, name + ".json"), "w").write(doc)
            lab = json.loads(doc)["lab"]
            print(f"{name}: checked {json.loads(doc)['result']['ok']}, {lab.get('time_ms', 0):.4f} ms, "
                  f"{lab.get('percent_of_copy', 0):.0f}% of the device copy, built in {lab['build_seconds']:.1f} s")


def compare_all(cli, source):
    folder = unpack(source, "lab-on-h200")
    work = tempfile.mkdtemp(prefix="wl-lab-sim-")
    for name, file, kernel, options in CASES:
        doc = json.load(open(os.path.join(folder, name + ".json")))
        if not doc["result"]["ok"] or doc["backend"] != "gpu" or "time_ms" not in doc["lab"]:
            failures.append(f"{name}: the GPU run is not checked and timed: {doc['result']}, {doc['lab']}")
        sim_path = os.path.join(work, name + "-sim.json")
        if lab_run(cli, file, kernel, options, "sim", sim_path) is None:
            continue
        gpu, sim = json.load(open(os.path.join(folder, name + ".trace.json"))), json.load(open(sim_path))
        names = lambda t: sorted(b["name"] for b in t["meta"]["buffers"])  # noqa: E731
        if names(gpu) != names(sim) or gpu["meta"]["family"] != "reduce" or gpu["meta"]["variant"] != kernel:
            failures.append(f"{name}: the GPU trace names {gpu['meta']['family']}/{gpu['meta']['variant']} "
                            f"{names(gpu)}, the simulator's {names(sim)}")
        launches = lambda t: [(l["grid_dim"], l["block_dim"], l["n"]) for l in t["meta"]["launches"]]  # noqa: E731
        if launches(gpu) != launches(sim):
            failures.append(f"{name}: launches {launches(gpu)} on the GPU, {launches(sim)} on the simulator")
        block = int(options[options.index("--block") + 1])
        total = 0
        for launch, l in enumerate(sim["meta"]["launches"]):
            for b in range(min(2, l["grid_dim"])):
                difference, count = compare(gpu, sim, f"{name} launch {launch} block {b}", block, launch, b)
                if difference:
                    failures.append(difference)
                total += count
        print(f"{name}: the GPU's trace equals the simulator's, {total} events; checked, "
              f"{doc['lab']['time_ms']:.4f} ms on the GPU")


main(record, compare_all, failures)
