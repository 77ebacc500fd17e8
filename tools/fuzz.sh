#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (AddressSanitizer and UBSan on) in
# build-fuzz/, then fuzzes each in turn from its committed seeds (tests/fuzz/corpus/<target>).
#
#   tools/fuzz.sh [SECONDS]     each target for SECONDS (default 60): what CI runs, shorter
#   tools/fuzz.sh --runs N      each target for N executions (the recorded long run: 1000000)
#   TARGETS="trace lesson" tools/fuzz.sh ...   only those targets; FUZZ_SEED=1 fixes the mutations
#
# New inputs go to a scratch corpus (build-fuzz/corpus/<target>), never into the repository. A
# crash, a leak or a timeout leaves its input in build-fuzz/crashes/ and fails the script: turn
# it into a regression test (tests/trace, tests/views, ...) before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(-max_total_time="${1:-60}")
if [[ "${1:-}" == --runs ]]; then limit=(-runs="${2:?--runs needs a count}"); fi
# FUZZ_SEED=N (CI sets 1): the same mutations each run, so a CI result can be reproduced.
[[ -n "${FUZZ_SEED:-}" ]] && limit+=(-seed="$FUZZ_SEED")
targets=(${TARGETS:-trace trace_json lesson profile ranges})

if [[ ! -f build-fuzz/CMakeCache.txt ]]; then
  # Unity, as tools/sanitize.sh's build: 8 sources a compile.
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O1 -g1" \
    -DWARPLENS_FUZZ=ON -DWARPLENS_APP=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
fi
build_start=$SECONDS
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]/%/_fuzz}"
echo "fuzz.sh: built in $((SECONDS - build_start)) s; now the targets"  # CI's phases, each timed

mkdir -p build-fuzz/crashes
# One target a core at a time (libFuzzer runs one thread): each still fuzzes for its whole time.
fuzz_one() {
  local t=$1
  mkdir -p "build-fuzz/corpus/$t"
  # The stats at the end say how many inputs ran; the corpus grows in the scratch folder.
  # Its exit status, written whatever it is (errexit would end this subshell before a failure's).
  if "build-fuzz/tests/fuzz/${t}_fuzz" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="build-fuzz/crashes/$t-" "build-fuzz/corpus/$t" "tests/fuzz/corpus/$t" >"build-fuzz/$t.log" 2>&1; then
    echo 0 >"build-fuzz/$t.rc"
  else
    echo failed >"build-fuzz/$t.rc"
  fi
}
rm -f build-fuzz/*.rc  # a status left from an earlier run never stands for this one's
running=0
for t in "${targets[@]}"; do
  fuzz_one "$t" &
  running=$((running + 1))
  if ((running >= $(nproc))); then wait -n; running=$((running - 1)); fi
done
wait
failed=0
for t in "${targets[@]}"; do
  echo "== $t: ${limit[*]}"
  if [[ "$(cat "build-fuzz/$t.rc" 2>/dev/null)" == 0 ]]; then
    grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)" "build-fuzz/$t.log" || true
  else
    echo "FAILED: $t found a problem; the input is in build-fuzz/crashes/"
    grep -E "ERROR|SUMMARY|Test unit written" "build-fuzz/$t.log" | head -20
    failed=1
  fi
done
[[ $failed == 0 ]] && echo "fuzz: every target ran clean" || echo "fuzz: FAILURES above"
exit $failed
