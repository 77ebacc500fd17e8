#!/usr/bin/env python3
"""tools/bench_peers.py without a GPU: its sizes, its CSV (bench's columns against cols) and its
profile merge (the peers become reference series of a profile bench saved; a profile of
another operator is refused).

    bench_peers_test.py SOURCE_DIR WORK_DIR
"""
import json
import os
import shutil
import sys

source, work = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(source, "tools"))
import bench_peers  # noqa: E402

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)


expect(bench_peers.sizes_arg("2^10..2^13") == [1024, 2048, 4096, 8192], "a doubling range")
expect(bench_peers.sizes_arg("2^10,3000") == [1024, 3000], "a list")

# bench --csv's header against a swept parameter, as results/timing_sweep.cpp writes it.
cpp = open(os.path.join(source, "results", "timing_sweep.cpp")).read()
expect('"series,kind," + param_column + "n,ms,gbs,percent_of_copy,ok,error\\n"' in cpp,
       "timing_sweep.cpp writes the header this test expects")
expect(bench_peers.CSV_HEADER == "series,kind,cols,n,ms,gbs,percent_of_copy,ok,error", "bench's header")

n = 1 << 26
series = {"device copy": {1024: (0.125, ""), 2048: (0.128, "")},
          "torch": {1024: (0.25, ""), 2048: (None, "OutOfResources: shared memory, 1,2")}}
os.makedirs(work, exist_ok=True)
csv_path = os.path.join(work, "peers.csv")
bench_peers.write_csv(csv_path, n, series)
lines = open(csv_path).read().splitlines()
expect(lines[0] == bench_peers.CSV_HEADER, "the CSV opens with bench's header")
expect(len(lines) == 5, f"one row a point: {lines}")
torch_1024 = lines[3].split(",")
expect(torch_1024[:4] == ["torch", "reference", "1024", str(n)], f"torch at 1024: {lines[3]}")
expect(abs(float(torch_1024[5]) / (2 * 4 * n / 0.25 / 1e6) - 1) < 1e-5, "GB/s counts a read and a write of n f32")
expect(abs(float(torch_1024[6]) - 50) < 1e-9, "half the copy's speed is 50%")
expect(lines[4].endswith(',,,,0,"OutOfResources: shared memory, 1,2"'), f"a failed peer keeps its error: {lines[4]}")

profile = os.path.join(work, "softmax-cols.json")
shutil.copy(os.path.join(source, "assets", "profiles", "nvidia-h100-80gb-hbm3-rows-softmax-cols.json"), profile)
before = json.load(open(profile))
bench_peers.add_to_profile(profile, "softmax", n, {"torch": series["torch"]})
bench_peers.add_to_profile(profile, "softmax", n, {"torch": series["torch"]})  # again: replaced, not doubled
after = json.load(open(profile))
expect(len(after["series"]) == len(before["series"]) + 1, "one series added, once")
torch_series = after["series"][-1]
expect(torch_series["name"] == "torch" and torch_series["kind"] == "reference", "the peer is a reference series")
points = {p["param"]: p for p in torch_series["points"]}
expect(points[1024]["ok"] and points[1024]["ms"] == 0.25 and points[1024]["n"] == n, "a timed point")
expect(not points[2048]["ok"] and "OutOfResources" in points[2048]["error"], "a failed point keeps its error")
expect(after["series"][:-1] == before["series"], "bench's series untouched")

try:
    bench_peers.add_to_profile(profile, "layernorm", n, {"torch": series["torch"]})
    failures.append("a softmax profile took layer norm's peers")
except SystemExit as e:
    expect("not a sweep of layernorm" in str(e), f"the refusal says why: {e}")

for f in failures:
    print("FAILED:", f)
print("ok" if not failures else f"{len(failures)} failed")
sys.exit(1 if failures else 0)
