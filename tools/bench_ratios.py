#!/usr/bin/env python3
"""Prints a `warplens bench --csv` file as times in microseconds, a row per series and a column
per n, then CUB's time over each variant's (above 1: the variant is faster), as Markdown.

    tools/bench_ratios.py FILE.csv [FILE.csv ...]
"""
import csv
import sys


def size_name(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def table(path):
    rows = list(csv.DictReader(open(path)))
    sizes = sorted({int(r["n"]) for r in rows})
    series = list(dict.fromkeys(r["series"] for r in rows))
    us = {(r["series"], int(r["n"])): float(r["ms"]) * 1000 for r in rows if r["ok"] == "1" and r["ms"]}
    print(f"\n{path}, times in µs\n")
    print("| series | " + " | ".join(size_name(n) for n in sizes) + " |")
    print("|---" * (len(sizes) + 1) + "|")
    for s in series:
        print(f"| {s} | " + " | ".join(f"{us[s, n]:.1f}" if (s, n) in us else "–" for n in sizes) + " |")
    for s in series:
        if s in ("CUB", "device copy"):
            continue
        ratios = [f"{us['CUB', n] / us[s, n]:.2f}" if (s, n) in us and ("CUB", n) in us else "–" for n in sizes]
        print(f"| CUB time / {s} | " + " | ".join(ratios) + " |")


for path in sys.argv[1:]:
    table(path)
