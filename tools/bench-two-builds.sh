#!/usr/bin/env bash
# Times decoupled-lookback from two builds of warplens-cli in the same run, repeats interleaved,
# so that the GPU's drift falls on both alike; prints, per repeat and build, each size's time a
# run (µs) and CUB's time over it, and leaves the CSVs in $OUT.
#
#   OLD=path/to/warplens-cli NEW=path/to/warplens-cli tools/bench-two-builds.sh SIZES REPEATS \
#     SAMPLES BACK_TO_BACK TAG
#   e.g. tools/bench-two-builds.sh 2^10..2^20 3 40 20 b2b
set -uo pipefail
OUT=${OUT:-bench-two-builds-out}
mkdir -p "$OUT"
summary() {
  python3 - "$1" "$2" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
us = {(r["series"], int(r["n"])): float(r["ms"]) * 1000 for r in rows if r["ms"]}
ok = all(r["ok"] == "1" for r in rows if r["series"] == "decoupled-lookback")
sizes = sorted({int(r["n"]) for r in rows})
cells = (f"{us['decoupled-lookback', n]:.2f}/{us['CUB', n] / us['decoupled-lookback', n]:.3f}" for n in sizes)
print(sys.argv[2], "ok" if ok else "WRONG", " ".join(cells), flush=True)
PY
}
sizes=$1 repeats=$2 samples=$3 back_to_back=$4 tag=$5
for rep in $(seq "$repeats"); do
  for build in old new; do
    cli=$NEW; [ $build = old ] && cli=$OLD
    csv=$OUT/$tag-$build-$rep.csv
    "$cli" bench --family scan --type f32 --sizes "$sizes" --block 256 --repeats "$samples" \
      --back-to-back "$back_to_back" --variants decoupled-lookback --csv "$csv" >/dev/null 2>"$OUT/err.txt" ||
      { echo "$build failed"; tail -3 "$OUT/err.txt"; }
    summary "$csv" "$tag $rep $build"
  done
done
