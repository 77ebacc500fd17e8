#!/usr/bin/env python3
"""Compares WarpLens' metric totals with Nsight Compute's counters on the same launch.

usage: ncu_compare.py CLI VARIANT [run options...]
Runs `CLI metrics --json --record-blocks all` (our count, from the trace) and
`ncu ... CLI run --backend gpu` (the hardware's count, on the uninstrumented build of the
same first launch), and prints one table row. Exit 1 when any counter differs.
"""
import csv
import io
import json
import subprocess
import sys

COUNTERS = {
    "shared ld wavefronts": ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", ("shared_ld", "wavefronts")),
    "shared ld conflicts": ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", ("shared_ld", "conflicts")),
    "shared st wavefronts": ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", ("shared_st", "wavefronts")),
    "shared st conflicts": ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", ("shared_st", "conflicts")),
    "global ld sectors": ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", ("global_ld", "sectors")),
    "global ld requests": ("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", ("global_ld", "requests")),
}


def ours(cli, variant, options):
    out = subprocess.run([cli, "metrics", "--json", "--backend", "gpu", "--record-blocks", "all",
                          "--variant", variant] + options, check=True, capture_output=True, text=True).stdout
    total = json.loads(out)["total"]
    return {name: total[a][b] for name, (_, (a, b)) in COUNTERS.items()}


def hardware(cli, variant, options):
    metrics = ",".join(m for m, _ in COUNTERS.values())
    cmd = ["ncu", "--clock-control", "none", "--csv", "--launch-count", "1", "-k", "regex:family_kernel",
           "--metrics", metrics, cli, "run", "--backend", "gpu", "--variant", variant] + options
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    rows = [r for r in csv.DictReader(io.StringIO(out[out.index('"ID"'):]))]
    by_metric = {r["Metric Name"]: float(r["Metric Value"].replace(",", "")) for r in rows}
    return {name: by_metric[m] for name, (m, _) in COUNTERS.items()}


def main():
    cli, variant, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    a, b = ours(cli, variant, options), hardware(cli, variant, options)
    cells, same = [], True
    for name in COUNTERS:
        match = int(a[name]) == int(b[name])
        same &= match
        cells.append(f"{int(a[name])}/{int(b[name])}{'' if match else ' (!)'}")
    print(f"| {variant} | " + " | ".join(cells) + " |")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
