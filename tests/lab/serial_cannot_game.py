#!/usr/bin/env python3
"""serial_cannot_game.py CLI EXERCISES: every plain-CUDA exercise (EXERCISES/*/*.cu), solved by
one thread that does all the work in a loop (thread 0 of block 0 reads every element, the other
threads write the identity), must be judged right and still fail the exercise: a goal on the
dataflow's span (reductions and scans) or on the busiest thread's share of the input
(histograms) says the kernel is serial. Exercise 07 is judged by its speed on a GPU, which no
serial kernel reaches; on the simulator it cannot pass at all, so it is left out here."""
import json
import os
import re
import subprocess
import sys
import tempfile

cli, exercises = sys.argv[1:3]

# The serial kernel for a family, in the exercise's kernel's name and types.
SERIAL = {
    "reduce": """__global__ void {name}(const float* in, float* out, unsigned n) {{
  if (threadIdx.x != 0) return;
  float sum = 0.0f;
  if (blockIdx.x == 0)
    for (unsigned i = 0; i < n; ++i) sum += in[i];
  out[blockIdx.x] = sum;
}}
""",
    "reduce-atomic": """__global__ void {name}(const float* in, float* out, unsigned n) {{
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  float sum = 0.0f;
  for (unsigned i = 0; i < n; ++i) sum += in[i];
  atomicAdd(out, sum);
}}
""",
    "scan": """__global__ void {name}(const int* in, int* out, unsigned n) {{
  if (threadIdx.x != 0) return;
  int acc = 0;
  for (unsigned i = 0; i < n; ++i) {{
    acc += in[i];
    out[i] = acc;
  }}
}}
""",
    "histogram": """__global__ void {name}(const int* in, unsigned* bins, unsigned n, unsigned nbins) {{
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  for (unsigned i = 0; i < n; ++i) {{
    int x = in[i];
    if (x >= 0 && x < (int)nbins) atomicAdd(&bins[x], 1u);
  }}
}}
""",
}
SERIAL_GOALS = {"span", "busiest_thread"}

failures = []
checked = 0
with tempfile.TemporaryDirectory() as folder:
    for family in sorted(os.listdir(exercises)):
        directory = os.path.join(exercises, family)
        if not os.path.isdir(directory):
            continue
        for exercise in sorted(f for f in os.listdir(directory) if f.endswith(".cu")):
            text = open(os.path.join(directory, exercise)).read()
            header = [line for line in text.splitlines() if re.match(r"^// (exercise|family|kernel|run|goal):", line)]
            if any("percent_of_copy" in line or "time_ms" in line for line in header):
                continue  # judged on a GPU (07)
            name = re.search(r"^// kernel: (\w+)", text, re.M).group(1)
            kind = "reduce-atomic" if family == "reduce" and "atomic=1" in text else family
            path = os.path.join(folder, exercise)
            with open(path, "w") as out:
                out.write("\n".join(header) + "\n" + SERIAL[kind].format(name=name))
            p = subprocess.run([cli, "lab", "check", path, "--json"], capture_output=True, text=True)
            checked += 1
            try:
                doc = json.loads(p.stdout)
            except json.JSONDecodeError:
                failures.append(f"{exercise}: no JSON (exit {p.returncode}): {p.stdout[-500:]} {p.stderr[-500:]}")
                continue
            goals = {g["goal"].split()[0]: g for g in doc.get("goals", [])}
            if p.returncode != 1 or doc.get("passed"):
                failures.append(f"{exercise}: a serial kernel passed (exit {p.returncode})")
            elif not goals.get("correct", {}).get("met"):
                failures.append(f"{exercise}: the serial kernel is right but was judged wrong: {doc.get('result')}")
            else:
                missed = [g for metric, g in goals.items() if metric in SERIAL_GOALS and not g["met"]]
                if not missed:
                    failures.append(f"{exercise}: no span or busiest_thread goal says it is serial: {goals}")
                else:
                    print(f"{exercise}: serial kernel fails as it should: " +
                          "; ".join(f"{g['goal']} (yours: {g['yours']})" for g in missed))

if checked == 0:
    failures.append("no exercise was checked")
for f in failures:
    print("FAIL: " + f)
sys.exit(1 if failures else 0)
