#!/usr/bin/env python3
"""The rows family's peers, timed on the GPU the way `warplens-cli bench` times a variant.

    tools/bench_peers.py --op softmax [--n 2^26] [--cols 2^10..2^15] [--repeats 20] [--warmup 5]
                         [--peers torch,torch.compile,triton] --csv FILE [--profile FILE]

Peers of softmax, layer norm and RMS norm (no learned scale or shift, eps 1e-5, f32), each
computing exactly the function the family computes:
  torch            torch.softmax / F.layer_norm / F.rms_norm, eager
  torch.compile    the same call through torch.compile (Inductor's fused kernel), one compile a shape
  Triton tutorial  softmax: Triton's fused-softmax tutorial (a persistent grid sized by the
                   kernel's occupancy, the row in one block); the norms: the layer-norm
                   tutorial's forward (a program a row, the row walked in blocks of at most
                   64 KiB), without the learned weight and bias
and the device copy (tensor.copy_), the roofline of `bench`'s CSV, in the same run.

How it times, as `bench` does: each run alone between two CUDA events, queued behind a kernel
that holds the GPU (so the events time the GPU, not the host), after --warmup runs; the median
of --repeats; the input is f32 uniform in [-1, 1) and is rotated through copies when a
copy's traffic would fit in L2. Each peer's output is checked against a float64 reference on
some rows first; a peer whose result is wrong, or that fails, is a row with ok 0 and its error.

Writes the CSV `bench --csv` writes (series,kind,cols,n,ms,gbs,percent_of_copy,ok,error), the
peers as kind 'reference'. --profile FILE adds the peers to a profile saved by `bench
--save-profile` at the same n and cols (the Timing view then draws them beside the variants).
"""
import argparse
import json
import math
import re
import statistics
import sys


def size_arg(text):
    """2^k or a plain integer."""
    text = text.strip()
    if text.startswith("2^"):
        return 1 << int(text[2:])
    return int(text)


def sizes_arg(text):
    """A list (2^10,2^12) or a doubling range (2^10..2^15)."""
    if ".." in text:
        lo, hi = (size_arg(t) for t in text.split(".."))
        out = []
        while lo <= hi:
            out.append(lo)
            lo *= 2
        return out
    return [size_arg(t) for t in text.split(",")]


EPS = 1e-5
HOLD_CYCLES = 2_000_000  # about 1 ms at the H200's clock: longer than queuing any peer's launches takes


def torch_call(torch, op):
    F = torch.nn.functional
    if op == "softmax":
        return lambda x: torch.softmax(x, dim=-1)
    if op == "layernorm":
        return lambda x: F.layer_norm(x, (x.shape[-1],), eps=EPS)
    return lambda x: F.rms_norm(x, (x.shape[-1],), eps=EPS)


def reference(torch, op, x):
    x = x.double()
    if op == "softmax":
        return torch.softmax(x, dim=-1)
    if op == "layernorm":
        mean = x.mean(-1, keepdim=True)
        var = ((x - mean) ** 2).mean(-1, keepdim=True)
        return (x - mean) / torch.sqrt(var + EPS)
    return x / torch.sqrt((x * x).mean(-1, keepdim=True) + EPS)


def triton_peer(torch, op):
    """The tutorial kernels' forms, written for this family's three operators."""
    import triton
    import triton.language as tl

    @triton.jit
    def softmax_rows(out_ptr, in_ptr, n_rows, n_cols, BLOCK: tl.constexpr, num_stages: tl.constexpr):
        # The fused-softmax tutorial: each program walks rows start, start + programs, ...; the
        # row is one block of BLOCK >= n_cols values, -inf past its end.
        start = tl.program_id(0)
        step = tl.num_programs(0)
        for row in tl.range(start, n_rows, step, num_stages=num_stages):
            cols = tl.arange(0, BLOCK)
            mask = cols < n_cols
            x = tl.load(in_ptr + row * n_cols + cols, mask=mask, other=-float("inf"))
            x = x - tl.max(x, axis=0)
            e = tl.exp(x)
            tl.store(out_ptr + row * n_cols + cols, e / tl.sum(e, axis=0), mask=mask)

    @triton.jit
    def norm_rows(out_ptr, in_ptr, n_cols, eps, CENTRED: tl.constexpr, BLOCK: tl.constexpr):
        # The layer-norm tutorial's forward: a program a row; the mean, then the variance (or
        # the mean square), then the write, each a walk over the row in blocks.
        row = tl.program_id(0)
        x_ptr = in_ptr + row * n_cols
        y_ptr = out_ptr + row * n_cols
        mean = 0.0
        if CENTRED:
            acc = tl.zeros([BLOCK], dtype=tl.float32)
            for off in range(0, n_cols, BLOCK):
                cols = off + tl.arange(0, BLOCK)
                acc += tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
            mean = tl.sum(acc, axis=0) / n_cols
        acc = tl.zeros([BLOCK], dtype=tl.float32)
        for off in range(0, n_cols, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
            d = tl.where(cols < n_cols, x - mean, 0.0)
            acc += d * d
        rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / n_cols + eps)
        for off in range(0, n_cols, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            mask = cols < n_cols
            x = tl.load(x_ptr + cols, mask=mask, other=0.0).to(tl.float32)
            tl.store(y_ptr + cols, (x - mean) * rstd, mask=mask)

    props = torch.cuda.get_device_properties(0)
    sms = props.multi_processor_count
    regs = getattr(props, "regs_per_multiprocessor", 65536)
    smem = getattr(props, "shared_memory_per_multiprocessor", 232448)

    if op == "softmax":
        launches = {}

        def run(x):
            rows, cols = x.shape
            y = torch.empty_like(x)
            key = cols
            if key not in launches:
                block = triton.next_power_of_2(cols)
                warps = 8
                stages = 4 if smem > 200000 else 2
                # The tutorial's grid: as many programs as the kernel's registers and shared
                # memory let every multiprocessor hold.
                kernel = softmax_rows.warmup(y, x, rows, cols, BLOCK=block, num_stages=stages, num_warps=warps, grid=(1,))
                kernel._init_handles()
                per_sm = regs // max(1, kernel.n_regs * 32 * warps)
                shared = kernel.metadata.shared
                if shared:
                    per_sm = min(per_sm, smem // shared)
                launches[key] = (kernel, max(1, per_sm) * sms, block, stages, warps)
            kernel, programs, block, stages, warps = launches[key]
            programs = min(programs, rows)
            kernel[(programs, 1, 1)](y, x, rows, cols, block, stages)
            return y

        return run

    def run(x):
        rows, cols = x.shape
        y = torch.empty_like(x)
        block = min(65536 // x.element_size(), triton.next_power_of_2(cols))
        warps = min(max(block // 256, 1), 8)
        norm_rows[(rows,)](y, x, cols, EPS, CENTRED=(op == "layernorm"), BLOCK=block, num_warps=warps)
        return y

    return run


def make_peers(torch, op, names):
    peers = []
    for name in names:
        try:
            if name == "torch":
                peers.append(("torch", torch_call(torch, op)))
            elif name == "torch.compile":
                peers.append(("torch.compile", torch.compile(torch_call(torch, op), dynamic=False)))
            elif name == "triton":
                peers.append(("Triton tutorial", triton_peer(torch, op)))
            else:
                sys.exit(f"bench_peers: unknown peer '{name}' (torch, torch.compile, triton)")
        except Exception as e:  # a peer that cannot be built is a failed row, not a stop
            peers.append((name, e))
    return peers


def short_error(e):
    """What failed, short enough for a note under the Timing view's plots."""
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    found = re.search(r"shared memory, Required: (\d+), Hardware limit: (\d+)", text)
    if found:  # Triton's OutOfResources
        return f"needs {found[1]} B of shared memory, the GPU has {found[2]}"
    return text if len(text) <= 60 else text[:57] + "..."


def time_runs(torch, fn, inputs, warmup, repeats):
    """Each run alone between two events; the median, in ms."""
    k = 0
    for _ in range(warmup):
        fn(inputs[k % len(inputs)])
        k += 1
    torch.cuda.synchronize()
    times = []
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(repeats):
        x = inputs[k % len(inputs)]
        k += 1
        torch.cuda._sleep(HOLD_CYCLES)  # the GPU held while the host queues the run: the events time the GPU
        start.record()
        fn(x)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def checked(torch, op, fn, x):
    """'' when fn's rows match the float64 reference, else what is wrong."""
    rows = min(x.shape[0], 64)
    y = fn(x)
    torch.cuda.synchronize()
    got = y[:rows].double()
    want = reference(torch, op, x[:rows])
    if not torch.isfinite(got).all():
        return "non-finite output"
    err = (torch.linalg.norm(got - want) / torch.linalg.norm(want)).item()
    return "" if err < 1e-4 else f"relative error {err:.2e} against float64"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--op", choices=["softmax", "layernorm", "rmsnorm"], required=True)
    ap.add_argument("--n", type=size_arg, default=1 << 26)
    ap.add_argument("--cols", type=sizes_arg, default=sizes_arg("2^10..2^15"))
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--peers", default="torch,torch.compile,triton")
    ap.add_argument("--csv", required=True)
    ap.add_argument("--profile", help="a profile from bench --save-profile to add the peers to")
    a = ap.parse_args()
    if a.repeats < 1 or a.warmup < 0:
        ap.error("--repeats must be at least 1 and --warmup at least 0")
    for cols in a.cols:
        if cols < 1 or a.n % cols:
            ap.error(f"n = {a.n} is not a multiple of cols = {cols}")

    try:
        import torch
    except ImportError:
        sys.exit("bench_peers: PyTorch is not installed here")
    if not torch.cuda.is_available():
        sys.exit("bench_peers: PyTorch sees no GPU")
    torch.manual_seed(1)
    l2 = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 50 << 20)
    copies = max(1, math.ceil(3 * l2 / (2 * 4 * a.n)))  # rotated so a run never finds its input in L2

    peers = make_peers(torch, a.op, a.peers.split(","))
    series = {"device copy": {}}
    for name, _ in peers:
        series[name] = {}
    for cols in a.cols:
        inputs = [torch.rand(a.n // cols, cols, device="cuda") * 2 - 1 for _ in range(copies)]
        out = torch.empty_like(inputs[0])
        series["device copy"][cols] = (time_runs(torch, lambda x: out.copy_(x), inputs, a.warmup, a.repeats), "")
        for name, fn in peers:
            if isinstance(fn, Exception):
                series[name][cols] = (None, short_error(fn))
                continue
            try:
                error = checked(torch, a.op, fn, inputs[0])
                ms = None if error else time_runs(torch, fn, inputs, a.warmup, a.repeats)
            except Exception as e:
                ms, error = None, short_error(e)
            series[name][cols] = (ms, error)
        copy_ms = series["device copy"][cols][0]
        line = ", ".join(f"{n} {p[cols][0] and copy_ms / p[cols][0]:.0%}" if p[cols][0] else f"{n} failed"
                         for n, p in series.items())
        print(f"{a.op} cols {cols}: {line}", flush=True)
        del inputs, out
        torch.cuda.empty_cache()

    write_csv(a.csv, a.n, series)
    if a.profile:
        add_to_profile(a.profile, a.op, a.n, {name: series[name] for name, _ in peers})


CSV_HEADER = "series,kind,cols,n,ms,gbs,percent_of_copy,ok,error"  # bench --csv against cols (results/timing_sweep.cpp)


def csv_field(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text


def write_csv(path, n, series):
    """series: name -> {cols: (ms or None, error)}, with "device copy" among them."""
    bytes_moved = 2 * 4 * n
    with open(path, "w") as f:
        f.write(CSV_HEADER + "\n")
        for name, points in series.items():
            for cols, (ms, error) in points.items():
                copy_ms = series["device copy"][cols][0]
                gbs = f"{bytes_moved / ms / 1e6:g}" if ms else ""
                pct = f"{100 * copy_ms / ms:g}" if ms and copy_ms else ""
                f.write(f"{csv_field(name)},reference,{cols},{n},{ms if ms else ''},{gbs},{pct},"
                        f"{int(ms is not None)},{csv_field(error)}\n")


def add_to_profile(path, op, n, peers):
    """The peers (name -> {cols: (ms or None, error)}) as reference series of the profile at path,
    replacing series of the same names; refused unless it is a sweep of op against cols."""
    with open(path) as f:
        profile = json.load(f)
    if profile.get("op") != op or profile.get("swept_param") != "cols":
        sys.exit(f"bench_peers: {path} is not a sweep of {op} against cols")
    bytes_moved = float(2 * 4 * n)
    profile["series"] = [s for s in profile["series"] if s["name"] not in peers]
    for name, points in peers.items():
        profile["series"].append({"kind": "reference", "name": name, "points": [
            {"bytes": bytes_moved, "ms": ms or 0.0, "n": n, "ok": ms is not None, "param": cols}
            | ({"error": error} if error else {}) for cols, (ms, error) in points.items()]})
    with open(path, "w") as f:
        json.dump(profile, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
