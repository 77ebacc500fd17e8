#!/usr/bin/env python3
"""Kernels of a course's .cu file recorded on an H200 (warplens record, kept recordings in
recorded-on-h200.tar.xz, made by `record --keep-recording` as docs/gpu-results.md says) read back
on this machine, which has no GPU:

1. Block 0 of reduce_cg (course_reduce.cu) holds what its source says, counted by hand.
2. Each recorded kernel's block 0 equals the simulator's run of the same file, thread by thread
   and barrier interval by barrier interval, as sets of (op, line, size, address, a shuffle's source lane where the GPU knows it). Not compared,
   and why: branches, votes and fences (the GPU patches no such instruction); values (the GPU
   program's input is not the simulator's); shared offsets are taken from each trace's lowest
   (the simulator lays every kernel's static arrays of a file out in one section, the GPU starts
   each kernel's at 0).
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


SKIP = {"branch", "vote", "fence"}


def events(trace, unknown_lanes=False):
    """Block 0 of launch 0, per thread: the multiset of what it did in each barrier interval."""
    es = [e for e in trace["events"] if e["launch"] == 0 and e["block"] == 0 and e["op"] not in SKIP]
    shared = [e["address"] for e in es if e["op"].startswith("shared")]
    base = min(shared) if shared else 0
    out = collections.defaultdict(collections.Counter)
    for e in es:
        address = e["address"] - base if e["op"].startswith("shared") else e["address"]
        # A shuffle's source lane (where the GPU knows it: an immediate operand), a mask.
        source = e["aux"] if e["op"] == "warp_sync" or (e["op"] == "shuffle" and unknown_lanes is False) else 0
        out[e["thread"]][(e["step"], e["op"], e["site"], e["size"], address, source)] += 1
    return out


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
    recorded = gpu_trace(folder)
    # Where the GPU could not know a shuffle's source lane, it says so rather than guess.
    unknown = any(e["op"] == "shuffle" and e["aux"] == 0xFFFFFFFF for e in recorded["events"])
    gpu, sim = events(recorded, unknown), events(sim_trace(file, kernel), unknown)
    differing = [t for t in range(256) if gpu[t] != sim[t]]
    if differing or not gpu:
        t = differing[0] if differing else 0
        failures.append(f"{kernel}: {len(differing)} threads differ; thread {t}: GPU only "
                        f"{dict(gpu[t] - sim[t])}, simulator only {dict(sim[t] - gpu[t])}")
    else:
        print(f"{kernel}: block 0 recorded on the GPU equals the simulator's, "
              f"{sum(sum(c.values()) for c in gpu.values())} events in 256 threads")

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
