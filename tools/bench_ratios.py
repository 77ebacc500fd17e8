#!/usr/bin/env python3
"""Prints a `warplens bench --csv` file as times in microseconds, a row per series and a column
per n, then CUB's time over each variant's (above 1: the variant is faster), as Markdown. A
sweep over a parameter (`bench --sweep-param`, a column named after it before n) gets a column
per (value, n).

    tools/bench_ratios.py FILE.csv [FILE.csv ...]
"""
import csv
import sys


def size_name(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def table(path):
    reader = csv.DictReader(open(path))
    param = reader.fieldnames[2] if reader.fieldnames[2] != "n" else None  # series,kind[,param],n,...
    rows = list(reader)
    place = lambda r: (int(r[param]) if param else 0, int(r["n"]))
    places = sorted({place(r) for r in rows})
    sizes = {n for _, n in places}
    name = lambda p: (f"{param}={p[0]}" + (f" at {size_name(p[1])}" if len(sizes) > 1 else "")) if param else size_name(p[1])
    series = list(dict.fromkeys(r["series"] for r in rows))
    us = {(r["series"], place(r)): float(r["ms"]) * 1000 for r in rows if r["ok"] == "1" and r["ms"]}
    at = f" at n = {size_name(next(iter(sizes)))}" if param and len(sizes) == 1 else ""
    print(f"\n{path}, times in µs{at}\n")
    print("| series | " + " | ".join(name(p) for p in places) + " |")
    print("|---" * (len(places) + 1) + "|")
    for s in series:
        print(f"| {s} | " + " | ".join(f"{us[s, p]:.1f}" if (s, p) in us else "–" for p in places) + " |")
    for s in series:
        if s in ("CUB", "device copy"):
            continue
        ratios = [f"{us['CUB', p] / us[s, p]:.2f}" if (s, p) in us and ("CUB", p) in us else "–" for p in places]
        print(f"| CUB time / {s} | " + " | ".join(ratios) + " |")

for path in sys.argv[1:]:
    table(path)
