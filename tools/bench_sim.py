#!/usr/bin/env python3
"""The simulator at classroom scale (issue 51): every variant of every single-GPU family run on
the simulator, timed and its peak memory taken, as a Markdown table.

    tools/bench_sim.py [--cli build/app/cli/warplens-cli] [--n 2^20] [--blocks all|0]
                       [--family reduce] [--variant sequential] [--block 256] [--lab FILE ...]

Each run is `warplens-cli metrics --backend sim --record-blocks BLOCKS --event-cap 1000000000`
(it records, then builds every metric from the events) under /usr/bin/time: wall seconds and
the peak resident set. A variant whose largest n is below --n (naive-quadratic) runs at that
largest n, which the table says. Scan's blelloch variants also run at block 1024, the size whose
trees are deepest. Pitfalls run too: they stop where their bug does.

--lab FILE (repeatable) measures learners' files the same way instead: `warplens-cli lab run FILE
--backend sim --n N --record-blocks BLOCKS --json` (a variant file of the lab, or a plain-CUDA .cu
with its family, kernel and template parameters given after it as `FILE:--family reduce ...`).
"""
import argparse
import json
import subprocess
import sys


def parse_n(text):
    return 1 << int(text[2:]) if text.startswith("2^") else int(text)


def size_name(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def runs(cli, args):
    families = json.loads(subprocess.run([cli, "list", "--json"], check=True, capture_output=True, text=True).stdout)
    for family in families["families"]:
        if family["id"] == "allreduce" or (args.family and family["id"] != args.family):
            continue
        for variant in family["variants"]:
            if args.variant and variant["id"] != args.variant:
                continue
            n = parse_n(args.n)
            if variant["max_n"] and variant["max_n"] < n:
                n = variant["max_n"]
            params = ["--param", "cols=1024"] if family["id"] == "rows" else []
            ops = family["ops"] or [None]
            yield family["id"], variant["id"], n, args.block, params, ops
            if variant["id"].startswith("blelloch") and args.block != 1024 and not args.block_given:
                yield family["id"], variant["id"], n, 1024, params, ops


def timed(cmd):
    """Runs `cmd` under /usr/bin/time: wall seconds, peak MiB, exit status, and the operations
    its metrics JSON counts (events but branches, barriers, warp syncs and fences)."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, capture_output=True, text=True)
    seconds, kib = out.stderr.strip().splitlines()[-1].split()
    ops = ""
    try:
        ops = json.loads(out.stdout)["total"]["ops"]
    except (json.JSONDecodeError, KeyError, TypeError):
        pass
    return float(seconds), int(kib) / 1024, out.returncode, ops


def measure(cli, family, variant, n, block, params, blocks):
    return timed([cli, "metrics", "--backend", "sim", "--family", family, "--variant", variant, "--n", str(n),
                  "--block", str(block), "--record-blocks", blocks, "--event-cap", "1000000000", "--json"] + params)


def measure_lab(cli, spec, n, block, blocks):
    path, _, rest = spec.partition(":")
    return timed([cli, "lab", "run", path, "--backend", "sim", "--n", str(n), "--record-blocks", blocks, "--json"] +
                 (["--block", str(block)] if block else []) + rest.split())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default="build/app/cli/warplens-cli")
    parser.add_argument("--n", default="2^20")
    parser.add_argument("--blocks", default="all")
    parser.add_argument("--block", type=int)
    parser.add_argument("--family")
    parser.add_argument("--variant")
    parser.add_argument("--lab", action="append", default=[], metavar="FILE[:OPTIONS]")
    args = parser.parse_args()
    args.block_given = args.block is not None
    args.block = args.block or 256
    print(f"n = {args.n}, blocks recorded: {args.blocks}\n")
    if args.lab:
        print("| file | n | operations | seconds | peak MB | exit |")
        print("|---|---|---|---|---|---|")
        for spec in args.lab:
            seconds, mb, rc, ops = measure_lab(args.cli, spec, parse_n(args.n), args.block if args.block_given else None,
                                               args.blocks)
            print(f"| {spec} | {args.n} | {ops} | {seconds:.2f} | {mb:.0f} | {rc} |", flush=True)
        return 0
    print("| family | variant | n | block | operations | seconds | peak MB | exit |")
    print("|---|---|---|---|---|---|---|---|")
    for family, variant, n, block, params, ops in runs(args.cli, args):
        for op in ops:  # the first operator the variant takes (layer norm's variants take no softmax)
            with_op = params + (["--op", op] if op else [])
            seconds, mb, rc, ops = measure(args.cli, family, variant, n, block, with_op, args.blocks)
            if rc != 2:
                break
        print(f"| {family} | {variant} | {size_name(n)} | {block} | {ops} | {seconds:.2f} | {mb:.0f} | {rc} |",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
