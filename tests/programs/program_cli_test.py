#!/usr/bin/env python3
"""`record --backend sim` on whole programs as a user meets it (tests/programs/bad/): the program's
output, stdin and exit status pass through; device printf comes at the launch's end in order; a
kernel's fault is the sticky error the program's own check sees, said at its line; a refused launch
is the next cudaGetLastError's; what does not compile or what the simulator lacks is said at its
line; a program that runs too long is stopped with a sentence, its recorded launch kept.

  program_cli_test.py WARPLENS_CLI
"""
import json
import os
import re
import subprocess
import sys
import tempfile

cli = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
bad = os.path.join(here, "bad")
work = tempfile.mkdtemp(prefix="wl-program-cli-")
failures = []


def record(name, files, args=(), options=(), stdin=""):
    out = os.path.join(work, name + ".json")
    cmd = [cli, "record", "--backend", "sim", "--out", out] + list(options) + ["--"] + files
    if args:
        cmd += ["--"] + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, input=stdin)
    trace = json.load(open(out)) if os.path.exists(out) else None
    return p, trace


def expect(name, ok, p, what):
    if not ok:
        failures.append(f"{name}: {what}\n  exit {p.returncode}\n  stdout: {p.stdout[-1500:]}\n  stderr: {p.stderr[-1500:]}")


# Output, arguments and the exit status pass through; a refused launch is not sticky.
p, trace = record("bad_config", [os.path.join(bad, "bad_config.cu")], ["hello"])
expect("bad_config", p.returncode == 7 and "first: cudaErrorInvalidConfiguration (9), second: cudaSuccess, args 2 hello"
       in p.stdout and "line 10" in p.stderr and "2048 threads" in p.stderr, p,
       "a block of 2048 threads is the next cudaGetLastError's, said at line 10; exit 7")

# A fault: stopped at its line, sticky for every later call, kept in the trace.
p, trace = record("out_of_bounds", [os.path.join(bad, "out_of_bounds.cu")])
expect("out_of_bounds", p.returncode == 3 and "sync: an illegal memory access was encountered" in p.stdout
       and "later: cudaErrorIllegalAddress" in p.stdout and "stopped at out_of_bounds.cu:8, block 0, thread 100" in p.stderr
       and trace is not None and trace["meta"].get("fault", {}).get("line") == 8, p,
       "writing past d is cudaErrorIllegalAddress from the next sync on, said at line 8 and kept as the trace's fault")
if trace:
    names = [b["name"] for b in trace["meta"]["buffers"]]
    expect("out_of_bounds", names == ["d"], p, f"the buffer is named as the program names it (d), not {names}")

p, trace = record("host_pointer", [os.path.join(bad, "host_pointer.cu")])
expect("host_pointer", p.returncode == 0 and "cudaErrorIllegalAddress" in p.stdout
       and "no allocation of the program (line 5)" in p.stderr, p, "a host pointer in a kernel faults at line 5")

# Device printf in order at the launch's end, after what stdin gave the program.
p, trace = record("device_printf", [os.path.join(bad, "device_printf.cu")], stdin="42\n")
lines = [l for l in p.stdout.splitlines() if "says" in l or "host" in l]
expect("device_printf", p.returncode == 0 and lines == [
    "block 0 thread 0 says 42", "block 0 thread 1 says 42", "block 1 thread 0 says 42", "block 1 thread 1 says 42",
    "host after 42"], p, "four device lines in block and thread order, then the host's")

# Does not compile: clang's message at line 6; exit 1, nothing written.
p, trace = record("syntax_error", [os.path.join(bad, "syntax_error.cu")])
expect("syntax_error", p.returncode == 1 and re.search(r"syntax_error\.cu:6:\d+: error", p.stderr) and trace is None, p,
       "clang's error at syntax_error.cu:6")

# What the simulator lacks: said at its line, --backend gpu suggested.
p, trace = record("inline_ptx", [os.path.join(bad, "inline_ptx.cu")])
expect("inline_ptx", p.returncode == 1 and "line 4 uses inline PTX" in p.stderr and "--backend gpu" in p.stderr, p,
       "inline PTX refused at line 4 with --backend gpu")

p, trace = record("graph", [os.path.join(bad, "graph.cu")])
expect("graph", p.returncode == 1 and "line 5 uses CUDA graphs (cudaGraph_t)" in p.stderr and "--backend gpu" in p.stderr, p,
       "a CUDA graph refused at line 5 with --backend gpu")

# Too long: stopped at the limit with a sentence; the launch recorded before it is kept.
p, trace = record("spins", [os.path.join(bad, "spins.cu")], options=["--time-limit", "3"])
expect("spins", p.returncode == 1 and "time limit of 3 s" in p.stderr and "launched" in p.stdout and trace is not None
       and len(trace["meta"]["launches"]) == 1, p, "stopped at 3 s, its one recorded launch written")

# The runtime call by call (runtime/runtime_tour.cu) on a named GPU: properties, symbols,
# cudaLaunchKernel (its launch named after its kernel), a 3-D grid, managed memory, events, occupancy.
p, trace = record("runtime_tour", [os.path.join(here, "runtime", "runtime_tour.cu")], options=["--gpu", "a100", "--launch", "all"])
expect("runtime_tour", p.returncode == 0 and "device: NVIDIA A100-SXM4-80GB, 108 SMs, cc 8.0" in p.stdout
       and "occupancy: 8 blocks of 256 an SM" in p.stdout and "PASSED" in p.stdout and trace is not None
       and [l["name"] for l in trace["meta"]["launches"]] == ["scaled", "where"]
       and "cudaEvent times are the simulator's" in p.stderr, p, "every call as a GPU's runtime answers it")

# Bad words: exit 2 with a sentence.
p, trace = record("not_a_source", [os.path.join(bad, "nothing.txt")])
expect("not_a_source", p.returncode == 2 and "neither a source file" in p.stderr, p, "a word that is no source file")
p, trace = record("bad_gpu", [os.path.join(bad, "bad_config.cu")], options=["--gpu", "h900"])
expect("bad_gpu", p.returncode == 2 and "h200" in p.stderr, p, "an unknown --gpu lists those there are")

# Practice sites' entry points: solve() called with the family's buffers, checked, its launches named.
entry = os.path.join(here, "entry")


def lab_entry(name, file, options=()):
    out = os.path.join(work, name + ".json")
    cmd = [cli, "lab", "run", os.path.join(entry, file), "--entry", "solve", "--out", out] + list(options)
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p, (json.load(open(out)) if os.path.exists(out) else None)


p, trace = lab_entry("reduce_solve", "reduce_solve.cu", ["--n", "100000"])
expect("reduce_solve", p.returncode == 0 and "check: ok" in p.stdout and
       "0: line 35: partial_sums<<<391, 256>>>(input, partial, N), trace launch 0" in p.stdout and
       "1: line 36: final_sum<<<1, 256>>>(partial, output, blocks), trace launch 1" in p.stdout and trace is not None
       and [l["name"] for l in trace["meta"]["launches"]] == ["partial_sums", "final_sum"]
       and {"input", "output", "partial"} <= {b["name"] for b in trace["meta"]["buffers"]}, p,
       "both launches recorded and named, the buffers as the driver and solve name them, checked ok")
p, trace = lab_entry("histogram_solve", "histogram_solve.cu")
expect("histogram_solve", p.returncode == 0 and "solve(input, bins, n, nbins)" in p.stdout and "histogram i32" in p.stdout
       and "check: ok" in p.stdout, p, "an int histogram's solve(input, histogram, N, num_bins), typed from its signature")
p, trace = lab_entry("scan_solve_wrong", "scan_solve_wrong.cu", ["--n", "1000"])
expect("scan_solve_wrong", p.returncode == 1 and "check: WRONG (CPU reference out[256]" in p.stdout, p,
       "a scan that forgets the blocks before it is wrong from element 256")
p, trace = lab_entry("softmax_solve", "softmax_solve.cu", ["--n", "65536", "--param", "cols=1024"])
expect("softmax_solve", p.returncode == 0 and "solve(input, output, rows, cols)" in p.stdout and "check: ok" in p.stdout
       and "softmax_rows<<<64, 256>>>" in p.stdout, p, "a row softmax's solve(input, output, rows, cols), a block a row")
p = subprocess.run([cli, "lab", "run", os.path.join(entry, "reduce_solve.cu"), "--entry", "solve(("], capture_output=True, text=True)
expect("bad_entry", p.returncode == 2 and "takes a function's name" in p.stderr, p, "an entry that is no name is refused")
p, trace = lab_entry("no_family", "../bad/bad_config.cu")
expect("no_family", p.returncode == 2 and "--family" in p.stderr, p, "an entry with no family asks for one")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
