#!/usr/bin/env bash
# Builds, tests, profiles and benchmarks everything on a GPU machine, in one go.
#
#   tools/gpu-check.sh build   on a development machine: configure build-gpu/ for sm_90 with no
#                              GUI (GPU machines have no display stack) and build what the GPU
#                              needs; carry build-gpu's binaries to the GPU machine.
#   tools/gpu-check.sh run [PART...]
#                              on the GPU machine: the parts named, else all of them: tests (GPU
#                              tests), huge (n = 2^31 + 17, minutes), sanitizer
#                              (compute-sanitizer on every variant), ncu (Nsight Compute
#                              against our metrics), lookback (a single pass recorded on
#                              the GPU, every tile), bench, tiles (decoupled-lookback's
#                              tile sizes at short n), sweep (the timing sweep
#                              2^10..2^28, recorded as a profile). Prints everything and writes
#                              it to ${OUT:-gpu-check-out}/gpu-check.log. Carry
#                              build-gpu/app/cli/warplens-cli, build-gpu/tests/gpu/gpu_tests
#                              and build/tests/app/app_core_test.
#   tools/gpu-check.sh         both, when this machine can build and has a GPU.
# FAMILIES=scan (a regex) limits compute-sanitizer to those families.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build-gpu}
CLI=$BUILD/app/cli/warplens-cli
LOG_DIR=${OUT:-gpu-check-out}
mkdir -p "$LOG_DIR"

# The app's GUI-free tests (build/, from ./test.sh) compare views of GPU and simulator traces.
APP_TESTS=build/tests/app/app_core_test

build() {
  cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DWARPLENS_APP=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHS:-90} >/dev/null &&
    cmake --build "$BUILD" -j"$(nproc)" --target warplens-cli gpu_tests &&
    { [ ! -d build ] || cmake --build build -j"$(nproc)" --target app_core_test; }
}

section() { printf '\n== %s\n' "$*"; }

failed=0

check_tests() {
  section "GPU tests (trace equality with the simulator, correctness, NaN policy, out of memory)"
  "$BUILD/tests/gpu/gpu_tests" --gtest_filter=-GpuHugeN.* --gtest_brief=1 || failed=1
  section "views from GPU traces equal views from simulator traces"
  if [ -x "$APP_TESTS" ]; then "$APP_TESTS" --gtest_filter='Runner.GpuTraces*' --gtest_brief=1 || failed=1
  else echo "skipped: $APP_TESTS not built (run ./test.sh, then tools/gpu-check.sh build)"; fi
}

# Minutes, not seconds: 8.6 GB of input made, copied and checked once for each variant.
check_huge() {
  section "n = 2^31 + 17 (64-bit indexing): every reduction and scan variant, i32, exact"
  "$BUILD/tests/gpu/gpu_tests" --gtest_filter=GpuHugeN.* || failed=1
  section "n = 2^31 + 17 as a user runs it"
  for v in sequential speed-of-light; do
    TIMEFORMAT="%R s"
    time "$CLI" run --backend gpu --variant "$v" --type i32 --n 2147483665 || failed=1
  done
}

# Every variant but the pitfalls, as `warplens list` prints them: "family variant" per line.
variants() {
  "$CLI" list | awk '/^[a-z_]+ \(/ {family = $1} /^  [a-z]/ && $1 !~ /:$/ && !/pitfall/ {print family, $1}' |
    grep -E "^(${FAMILIES:-[a-z_]+}) "
}

check_sanitizer() {
  section "compute-sanitizer, every variant of every family, n=100003 (naive-quadratic 4096)"
  for tool in memcheck racecheck synccheck initcheck; do
    while read -r family v; do
      printf '%-10s %-7s %-26s ' "$tool" "$family" "$v"
      n=100003
      [ "$v" = naive-quadratic ] && n=4096  # quadratic work: it takes n up to 4096
      if compute-sanitizer --tool "$tool" --error-exitcode 9 "$CLI" run --backend gpu --family "$family" \
           --variant "$v" --n $n >"$LOG_DIR/sanitizer.txt" 2>&1; then echo clean
      else echo "FOUND ISSUES"; tail -20 "$LOG_DIR/sanitizer.txt"; failed=1; fi
    done < <(variants)
  done
  # The pitfalls race on purpose: racecheck should say so.
  for pitfall in "reduce unroll-last-warp-volatile" "scan hillis-steele-single-buffer" "histogram racy-increment"; do
    read -r family v <<<"$pitfall"
    printf '%-10s %-7s %-26s ' racecheck "$family" "$v"
    summary=$(compute-sanitizer --tool racecheck "$CLI" run --backend gpu --family "$family" --variant "$v" \
      --n 4096 2>&1 | grep -m1 -E "RACECHECK SUMMARY|ERROR SUMMARY")
    echo "${summary:-(no summary)}"
    case "$summary" in *" 0 hazards"*|"") echo "  expected races, found none"; failed=1 ;; esac
  done
}

check_ncu() {
  section "Nsight Compute vs WarpLens metrics (ours/ncu), n=4096 f32 sum, block 256, all blocks"
  echo "| variant | shared ld wavefronts | shared ld conflicts | shared st wavefronts | shared st conflicts | global ld sectors | global ld requests |"
  echo "|---|---|---|---|---|---|---|"
  for v in atomic-global interleaved-divergent interleaved-strided sequential first-add-on-load \
           unroll-last-warp complete-unroll multi-element warp-shuffle cooperative-groups; do
    python3 tools/ncu_compare.py "$CLI" "$v" --n 4096 --block 256 || failed=1
  done
  echo "| interleaved-strided, block 64, n 1000 |"
  python3 tools/ncu_compare.py "$CLI" interleaved-strided --n 1000 --block 64 || failed=1
  python3 tools/ncu_compare.py "$CLI" sequential --n 65539 --block 1024 --type f64 || failed=1
  echo "| scan, one tile (i32 sum): Blelloch's conflicts against padded Blelloch's |"
  python3 tools/ncu_compare.py "$CLI" hillis-steele --family scan --type i32 --n 1000 --block 1024 || failed=1
  python3 tools/ncu_compare.py "$CLI" blelloch --family scan --type i32 --n 2048 --block 1024 || failed=1
  python3 tools/ncu_compare.py "$CLI" blelloch-padded --family scan --type i32 --n 2048 --block 1024 || failed=1
  python3 tools/ncu_compare.py "$CLI" blelloch-gems-macro --family scan --type i32 --n 2048 --block 1024 || failed=1
  python3 tools/ncu_compare.py "$CLI" warp-shuffle-scan --family scan --type i32 --n 1000 --block 1024 || failed=1
  python3 tools/ncu_compare.py "$CLI" naive-quadratic --family scan --type i32 --n 1000 --block 256 || failed=1
  # One tile of each size, so no look-back: the parked chunks' 16-byte shared accesses, each lane its own slots.
  for items in 8 32 128; do
    python3 tools/ncu_compare.py "$CLI" decoupled-lookback --family scan --type i32 --n 2000 --block 256 --param items=$items || failed=1
  done
  echo "| scan, several tiles and launches |"
  python3 tools/ncu_compare.py "$CLI" blelloch --family scan --type i32 --n 100000 --block 256 || failed=1
  python3 tools/ncu_compare.py "$CLI" hillis-steele --family scan --type i32 --n 30000 --block 256 || failed=1
  echo "| histogram, 256 bins, skewed: the first launch (sort-reduce-by-key: its keys) |"
  for v in global-atomics shared-atomics warp-aggregated per-thread-local sort-reduce-by-key; do
    python3 tools/ncu_compare.py "$CLI" "$v" --family histogram --n 100003 --block 256 --pattern skewed || failed=1
  done
}

# A single pass recorded on the GPU, every tile, for the look-back timeline (view 9).
check_lookback() {
  section "decoupled look-back recorded on the GPU: every tile, for the timeline"
  "$CLI" trace --backend gpu --family scan --variant decoupled-lookback --type i32 --n 131072 --block 32 \
    --record-blocks all --out "$LOG_DIR/lookback-gpu.wltrace" && gzip -f "$LOG_DIR/lookback-gpu.wltrace" || failed=1
}

check_bench() {
  section "benchmark: f32 sum"
  "$CLI" bench --json-out "$LOG_DIR/bench-f32-sum.json" || failed=1
  section "benchmark: i32 max"
  "$CLI" bench --type i32 --op max --json-out "$LOG_DIR/bench-i32-max.json" || failed=1
  section "benchmark: scan, f32 inclusive sum, blocks of 128 and 256, against CUB DeviceScan::InclusiveSum"
  for block in 128 256; do
    "$CLI" bench --family scan --type f32 --sizes 2^10,2^12,2^14,2^16,2^18,2^20,2^24,2^28 --block $block \
      --repeats 20 --csv "$LOG_DIR/bench-scan-f32-sum-b$block.csv" || failed=1
  done
  section "benchmark: scan, max and min, f32 and i32, block 256 (a branch in the f32 combine once cost 4x)"
  for type in f32 i32; do
    for op in max min; do
      "$CLI" bench --family scan --type $type --op $op --sizes 2^20,2^24,2^28 --block 256 --repeats 20 \
        --variants decoupled-lookback --csv "$LOG_DIR/bench-scan-$type-$op-b256.csv" || failed=1
    done
  done
  # The bitonic sort is O(n log^2 n): sort-reduce-by-key is timed up to 2^24 only.
  for input in "random" "skewed --param skew=90" "image"; do
    read -r pattern params <<<"$input"
    section "benchmark: histogram, 256 bins, $pattern input, against CUB HistogramEven"
    "$CLI" bench --family histogram --pattern $pattern $params --sizes 2^10,2^14,2^16,2^20,2^24,2^28 --block 256 \
      --repeats 20 --variants global-atomics,shared-atomics,warp-aggregated,per-thread-local \
      --csv "$LOG_DIR/bench-histogram-$pattern.csv" || failed=1
  done
  section "benchmark: histogram, sort-reduce-by-key, random input"
  "$CLI" bench --family histogram --sizes 2^10,2^16,2^20,2^24 --block 256 --repeats 10 \
    --variants sort-reduce-by-key --csv "$LOG_DIR/bench-histogram-sort.csv" || failed=1
}

# decoupled-lookback's tile at short n: the plan's own size (items 0) against each size forced.
check_tiles() {
  section "decoupled-lookback: the tile the plan takes (items 0) against 8, 32 and 128 items a thread, f32 sum, block 256"
  for items in 0 8 32 128; do
    "$CLI" bench --family scan --type f32 --sizes 2^10..2^24 --block 256 --repeats 30 --param items=$items \
      --variants decoupled-lookback --csv "$LOG_DIR/tiles-scan-f32-sum-items$items.csv" || failed=1
  done
}

# Short n, where a launch costs more than the work: each run alone on an idle GPU (what one call
# costs) against 20 runs queued back to back (what a run costs in a stream of work).
check_stream() {
  for b2b in 1 20; do
    section "short n, $b2b run(s) a sample: reduce speed-of-light and scan decoupled-lookback against CUB, f32 sum"
    "$CLI" bench --type f32 --sizes 2^10..2^20,2^28 --block 256 --repeats 30 --back-to-back $b2b \
      --variants speed-of-light,single-pass --csv "$LOG_DIR/stream-reduce-f32-sum-b2b$b2b.csv" || failed=1
    "$CLI" bench --family scan --type f32 --sizes 2^10..2^20,2^28 --block 256 --repeats 30 --back-to-back $b2b \
      --variants decoupled-lookback --csv "$LOG_DIR/stream-scan-f32-sum-b2b$b2b.csv" || failed=1
  done
  python3 tools/bench_ratios.py "$LOG_DIR"/stream-*.csv || failed=1
}

check_sweep() {
  section "timing sweep: f32 sum, 2^10..2^28 (the app's recorded profile)"
  "$CLI" bench --sizes 2^10..2^28 --repeats 20 --record "$LOG_DIR/profile.json" --csv "$LOG_DIR/profile.csv" \
    || failed=1
}

run_checks() {
  section "device"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  for part in "${@:-tests huge sanitizer ncu lookback bench tiles stream sweep}"; do
    for p in $part; do
      case "$p" in
        tests|huge|sanitizer|ncu|lookback|bench|tiles|stream|sweep) "check_$p" ;;
        *) echo "unknown part '$p' (tests, huge, sanitizer, ncu, lookback, bench, tiles, stream, sweep)"; failed=1 ;;
      esac
    done
  done
  section "result"
  [ $failed = 0 ] && echo "gpu-check: all passed" || echo "gpu-check: FAILURES above"
  return $failed
}

case "${1:-all}" in
  build) build ;;
  run) shift; run_checks "$@" 2>&1 | tee "$LOG_DIR/gpu-check.log"; exit "${PIPESTATUS[0]}" ;;
  all) build && { run_checks 2>&1 | tee "$LOG_DIR/gpu-check.log"; exit "${PIPESTATUS[0]}"; } ;;
  *) echo "usage: $0 [build|run]" >&2; exit 2 ;;
esac
