#!/usr/bin/env python3
"""Compares WarpLens' metric totals with Nsight Compute's counters on the same launch.

usage: ncu_compare.py CLI VARIANT [run options...]
       ncu_compare.py CLI FILE.cu --family F --kernel K [lab run options...]
Runs `CLI metrics --json --record-blocks all` (our count, from the trace) and
`ncu ... CLI run --backend gpu` (the hardware's count, on the uninstrumented build of the
same first launch), and prints one table row. Exit 1 when any counter differs.
A plain-CUDA file is run by `CLI lab run --backend gpu`: our count is its first launch as the GPU
tracer recorded it (every block), the hardware's is that launch in the lab's unpatched run.

Shared-memory wavefronts are compared with what the launch's instructions generated
(smsp__sass_*, summed over instructions: what a per-instruction model counts). L1TEX's own
counters (l1tex__*) can count a few more, differently from run to run, where loads and stores
of different warps meet on the same banks (on an H100, where a single pass rewrites its runs in
place: 3 of 773 wavefronts). A surplus that L1TEX also counts as conflicts is left
out of the wavefronts and conflicts compared and shown in the cell, "+N arbitration"; any other
difference is compared as counted.
"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

COUNTERS = {
    "shared ld wavefronts": ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", ("shared_ld", "wavefronts")),
    "shared ld conflicts": ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", ("shared_ld", "conflicts")),
    "shared st wavefronts": ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", ("shared_st", "wavefronts")),
    "shared st conflicts": ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", ("shared_st", "conflicts")),
    "global ld sectors": ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", ("global_ld", "sectors")),
    "global ld requests": ("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", ("global_ld", "requests")),
}


def plain(variant):
    return variant.endswith(".cu")


def run(cmd, profiled=False):
    p = subprocess.run(cmd, capture_output=True, text=True)
    # Under ncu the lab's second, recorded run cannot start (the tracer and ncu are both
    # injections; ncu refuses): its first run, the unpatched one, holds the profiled launch.
    if p.returncode != 0 and not (profiled and '"ID"' in p.stdout):
        raise SystemExit(f"exit {p.returncode}: {' '.join(cmd)}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p.stdout


def kernel_of(variant, options):
    return options[options.index("--kernel") + 1] if plain(variant) else "family_kernel"


def ours(cli, variant, options):
    if plain(variant):
        with tempfile.TemporaryDirectory() as work:
            trace = os.path.join(work, "recorded.wltrace")
            run([cli, "lab", "run", variant, "--backend", "gpu", "--record-blocks", "all", "--out", trace] + options)
            out = run([cli, "metrics", "--json", "--trace", trace, "--launch", "0"])
    else:
        out = run([cli, "metrics", "--json", "--backend", "gpu", "--record-blocks", "all", "--variant", variant] + options)
    total = json.loads(out)["total"]
    return {name: total[a][b] for name, (_, (a, b)) in COUNTERS.items()}


# Wavefronts the instructions generated, per shared-memory counter pair above.
INSTRUCTION_WAVEFRONTS = {
    ("shared ld wavefronts", "shared ld conflicts"): "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    ("shared st wavefronts", "shared st conflicts"): "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
}


def hardware(cli, variant, options):
    """The hardware's counts, and the arbitration surplus per counter name (0 where none)."""
    metrics = ",".join([m for m, _ in COUNTERS.values()] + list(INSTRUCTION_WAVEFRONTS.values()))
    command = ["lab", "run", variant] if plain(variant) else ["run", "--variant", variant]
    out = run(["ncu", "--clock-control", "none", "--csv", "--launch-count", "1", "-k", "regex:" + kernel_of(variant, options),
               "--metrics", metrics, cli] + command + ["--backend", "gpu"] + options, profiled=plain(variant))
    rows = [r for r in csv.DictReader(io.StringIO(out[out.index('"ID"'):]))]
    by_metric = {}
    for r in rows:
        try:
            by_metric[r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
        except ValueError:  # "n/a": not collected on this GPU
            pass
    counts = {name: by_metric[m] for name, (m, _) in COUNTERS.items()}
    surplus = {name: 0 for name in COUNTERS}
    for (wavefronts, conflicts), metric in INSTRUCTION_WAVEFRONTS.items():
        if metric not in by_metric:
            continue
        extra = counts[wavefronts] - by_metric[metric]
        if not 0 < extra <= counts[conflicts]:  # no surplus, or one that is not all "conflicts": compare as counted
            continue
        counts[wavefronts] -= extra
        counts[conflicts] -= extra
        surplus[conflicts] = extra
    return counts, surplus


def main():
    cli, variant, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    a = ours(cli, variant, options)
    b, surplus = hardware(cli, variant, options)
    cells, same = [], True
    for name in COUNTERS:
        match = int(a[name]) == int(b[name])
        same &= match
        note = f" (+{int(surplus[name])} arbitration)" if surplus[name] else ""
        cells.append(f"{int(a[name])}/{int(b[name])}{note}{'' if match else ' (!)'}")
    label = f"{os.path.basename(variant)} {kernel_of(variant, options)}" if plain(variant) else variant
    print(f"| {label} | " + " | ".join(cells) + " |")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
