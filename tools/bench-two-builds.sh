#!/usr/bin/env bash
# Times one variant from two builds of warplens-cli in the same run, repeats interleaved, so
# that the GPU's drift falls on both alike; prints, per repeat and build, each size's time a run
# (µs) and CUB's time over it, and leaves the CSVs in $OUT.
#
#   OLD=path/to/warplens-cli NEW=path/to/warplens-cli tools/bench-two-builds.sh VARIANT SIZES \
#     REPEATS SAMPLES BACK_TO_BACK TAG
#   e.g. tools/bench-two-builds.sh VARIANT 2^10..2^20 3 40 20 b2b
# The variant's family comes from `$NEW list --json` (FAMILY=... to name it); f32 sum, block 256.
set -uo pipefail
usage() {
  echo "usage: OLD=warplens-cli NEW=warplens-cli $0 VARIANT SIZES REPEATS SAMPLES BACK_TO_BACK TAG" >&2
  exit 2
}
[ $# -eq 6 ] && [ -n "${OLD:-}" ] && [ -n "${NEW:-}" ] || usage
OUT=${OUT:-bench-two-builds-out}
mkdir -p "$OUT"
variant=$1 sizes=$2 repeats=$3 samples=$4 back_to_back=$5 tag=$6
family=${FAMILY:-$("$NEW" list --json | python3 -c '
import json, sys
print(next((f["id"] for f in json.load(sys.stdin)["families"]
            for v in f["variants"] if v["id"] == sys.argv[1]), ""))' "$variant")}
[ -n "$family" ] || { echo "no family has a variant '$variant' ($NEW list --json)" >&2; exit 2; }
summary() {
  python3 - "$1" "$2" "$variant" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
v = sys.argv[3]
us = {(r["series"], int(r["n"])): float(r["ms"]) * 1000 for r in rows if r["ms"]}
ok = all(r["ok"] == "1" for r in rows if r["series"] == v)
sizes = sorted({int(r["n"]) for r in rows})
cells = (f"{us[v, n]:.2f}/{us['CUB', n] / us[v, n]:.3f}" for n in sizes)
print(sys.argv[2], "ok" if ok else "WRONG", " ".join(cells), flush=True)
PY
}
for rep in $(seq "$repeats"); do
  for build in old new; do
    cli=$NEW; [ $build = old ] && cli=$OLD
    csv=$OUT/$tag-$build-$rep.csv
    "$cli" bench --family "$family" --type f32 --sizes "$sizes" --block 256 --repeats "$samples" \
      --back-to-back "$back_to_back" --variants "$variant" --csv "$csv" >/dev/null 2>"$OUT/err.txt" ||
      { echo "$build failed"; tail -3 "$OUT/err.txt"; }
    summary "$csv" "$tag $rep $build"
  done
done
