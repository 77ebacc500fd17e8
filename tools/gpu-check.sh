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
#                              the GPU, every tile), bench, tiles (each tile size of a variant
#                              that runs several, at short n), stream (short n, each run alone
#                              and back to back), sweep (the timing sweep 2^10..2^28, recorded
#                              as a profile), peers (rows against torch, torch.compile and
#                              Triton's tutorial kernel, added to the rows profiles), record (the GPU tracer built here and run on
#                              unmodified programs), lab (a course's .cu files and exercise 07 in
#                              the lab on the GPU, recorded by the tracer). Prints everything and writes it, with every CSV,
#                              JSON and trace, to ${OUT:-gpu-check-out}/ (ignored by git).
#                              Carry build-gpu/app/cli/warplens-cli,
#                              build-gpu/tests/gpu/gpu_tests and build/tests/app/app_core_test.
#   tools/gpu-check.sh         both, when this machine can build and has a GPU.
# FAMILIES=scan (a regex) limits compute-sanitizer to those families. A family over several GPUs
# (allreduce) runs where two or more are present, with NCCL 2.28.7 or a later 2.28 named by
# WARPLENS_NCCL (kernels/gpu/nccl_api.h).
#
# No variant is named here. Families and variants come from `warplens-cli list --json`; the
# cases that need a particular shape come from kernels/families/<family>/gpu-check.txt, one a
# line: `<section> <warplens-cli arguments>`, where {out} stands for the output folder.
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

# The catalogue as lines of words, from `warplens-cli list --json`:
#   catalog families   -> family id, one a line (families built for the GPU, and that this
#                         machine's GPUs can run: a family over several needs two)
#   catalog variants   -> family variant pitfall races max_n tile_items (0/1 flags; tile_items
#                         comma-separated, "-" when none), one variant a line
catalog() {
  [ -s "$LOG_DIR/list.json" ] || "$CLI" list --json >"$LOG_DIR/list.json" ||
    { echo "cannot read '$CLI list --json'" >&2; return 1; }
  local gpus
  gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
  python3 - "$1" "$LOG_DIR/list.json" "$gpus" <<'PY'
import json, sys
what, path, gpus = sys.argv[1], sys.argv[2], int(sys.argv[3] or 0)
for f in json.load(open(path))["families"]:
    if not f.get("gpu", True):
        continue  # the simulator only in this build: nothing to check on the GPU
    if any(p["name"] == "gpus" for p in f["params"]) and gpus < 2:
        continue  # a family over several GPUs, on a machine of one
    if what == "families":
        print(f["id"])
        continue
    for v in f["variants"]:
        tiles = ",".join(str(i) for i in v.get("tile_items", [])) or "-"
        print(f["id"], v["id"], int(bool(v.get("pitfall"))), int(bool(v.get("races"))),
              int(v.get("max_n", 0)), tiles)
PY
}

# Every case of one section from every family's gpu-check.txt: "family arguments..." a line,
# with {out} replaced by the output folder.
cases() {
  local family file section args
  while read -r family; do
    file=kernels/families/$family/gpu-check.txt
    [ -f "$file" ] || continue
    while read -r section args; do
      [ "$section" = "$1" ] && echo "$family ${args//\{out\}/$LOG_DIR}"
    done < <(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$file")
  done < <(catalog families)
}

# Runs `warplens-cli SUBCOMMAND --family F ARGS...` for every case of SECTION, each under its
# own heading.
run_cases() {
  local section=$1 subcommand=$2 family args
  while read -r family args; do
    section "$section ($family): $args"
    # shellcheck disable=SC2086  # the arguments are words, as in the file
    "$CLI" $subcommand --family "$family" $args </dev/null || failed=1
  done < <(cases "$section")
}

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
  local family args
  while read -r family args; do
    section "n = 2^31 + 17 as a user runs it ($family): $args"
    TIMEFORMAT="%R s"
    # shellcheck disable=SC2086
    time "$CLI" run --backend gpu --family "$family" $args </dev/null || failed=1
  done < <(cases huge)
}

check_sanitizer() {
  local n=100003 tool family v pitfall races max_n tiles size summary
  section "compute-sanitizer, every variant of every family, n=$n (or the variant's largest n)"
  for tool in memcheck racecheck synccheck initcheck; do
    while read -r family v pitfall races max_n tiles; do
      [ "$races" = 1 ] && continue
      [[ $family =~ ^(${FAMILIES:-[a-z_]+})$ ]] || continue
      size=$n
      [ "$max_n" -gt 0 ] && [ "$max_n" -lt $n ] && size=$max_n
      printf '%-10s %-7s %-26s ' "$tool" "$family" "$v"
      if [ "$pitfall" = 1 ]; then  # its bug is the point: say whether this tool sees it
        summary=$(timeout 120 compute-sanitizer --tool "$tool" "$CLI" run --backend gpu --family "$family" \
          --variant "$v" --n 4096 --block 64 </dev/null 2>&1 | grep -m1 "ERROR SUMMARY")
        echo "pitfall: ${summary:-(no summary: it did not finish in 120 s)}"
        continue
      fi
      if compute-sanitizer --tool "$tool" --error-exitcode 9 "$CLI" run --backend gpu --family "$family" \
           --variant "$v" --n $size </dev/null >"$LOG_DIR/sanitizer.txt" 2>&1; then echo clean
      else echo "FOUND ISSUES"; tail -20 "$LOG_DIR/sanitizer.txt"; failed=1; fi
    done < <(catalog variants)
  done
  # The pitfalls whose bug is a data race race on purpose: racecheck should say so.
  while read -r family v pitfall races max_n tiles; do
    [ "$races" = 1 ] || continue
    printf '%-10s %-7s %-26s ' racecheck "$family" "$v"
    summary=$(compute-sanitizer --tool racecheck "$CLI" run --backend gpu --family "$family" --variant "$v" \
      --n 4096 </dev/null 2>&1 | grep -m1 -E "RACECHECK SUMMARY|ERROR SUMMARY")
    echo "${summary:-(no summary)}"
    case "$summary" in *" 0 hazards"*|"") echo "  expected races, found none"; failed=1 ;; esac
  done < <(catalog variants)
}

# One Nsight Compute row: tools/ncu_compare.py CLI VARIANT --family F [the case's other arguments].
ncu_row() {
  local family=$1 variant="" args=()
  shift
  while [ $# -gt 0 ]; do
    if [ "$1" = --variant ]; then variant=$2; shift 2; else args+=("$1"); shift; fi
  done
  [ -n "$variant" ] || { echo "an ncu case names no --variant: $*"; failed=1; return; }
  case "$variant" in *.cu) build_tracer || return ;; esac  # a plain-CUDA file: the lab records it
  python3 tools/ncu_compare.py "$CLI" "$variant" --family "$family" "${args[@]}" </dev/null || failed=1
}

check_ncu() {
  section "Nsight Compute vs WarpLens metrics (ours/ncu), all blocks, the first launch"
  echo "| variant | shared ld wavefronts | shared ld conflicts | shared st wavefronts | shared st conflicts | global ld sectors | global ld requests |"
  echo "|---|---|---|---|---|---|---|"
  local family args v pitfall races max_n tiles items
  while read -r family args; do
    echo "| $family: $args |"
    # shellcheck disable=SC2086
    ncu_row "$family" $args
  done < <(cases ncu)
  # One tile of each size a variant runs as a kernel of its own (n = 2000 is one tile at block
  # 256 for any size of 8 items a thread or more): each size's shared accesses.
  while read -r family v pitfall races max_n tiles; do
    [ "$tiles" = - ] && continue
    for items in ${tiles//,/ }; do
      echo "| $family: $v, one tile of $items items a thread |"
      ncu_row "$family" --variant "$v" --type i32 --n 2000 --block 256 --param items="$items"
    done
  done < <(catalog variants)
}

# A trace recorded on the GPU, every block, for views that show the order blocks ran in (the
# look-back timeline): open it with `warplens --trace`.
check_lookback() {
  local family args k=0 out
  while read -r family args; do
    k=$((k + 1))
    out=$LOG_DIR/lookback-$family-$k.wltrace
    section "recorded on the GPU, every block ($family): $args -> $out.gz"
    # shellcheck disable=SC2086
    "$CLI" trace --backend gpu --family "$family" $args --record-blocks all --out "$out" </dev/null &&
      gzip -f "$out" || failed=1
  done < <(cases lookback)
}

check_bench() { run_cases bench bench; }

# A variant that runs tiles of several sizes: the tile the plan takes (items 0) against each size
# forced, f32 sum, block 256, at short n.
check_tiles() {
  local family v pitfall races max_n tiles items
  while read -r family v pitfall races max_n tiles; do
    [ "$tiles" = - ] && continue
    section "$v: the tile the plan takes (items 0) against ${tiles//,/, } items a thread, f32 sum, block 256"
    for items in 0 ${tiles//,/ }; do
      "$CLI" bench --family "$family" --type f32 --sizes 2^10..2^24 --block 256 --repeats 30 --param items="$items" \
        --variants "$v" --csv "$LOG_DIR/tiles-$family-f32-sum-items$items.csv" </dev/null || failed=1
    done
  done < <(catalog variants)
}

# Short n, where a launch costs more than the work: each run alone on an idle GPU (what one call
# costs) against runs queued back to back (what a run costs in a stream of work).
check_stream() {
  run_cases stream bench
  python3 tools/bench_ratios.py "$LOG_DIR"/stream-*.csv || failed=1
}

check_sweep() { run_cases sweep bench; }

# The rows family's peers (torch, torch.compile, the Triton tutorial kernel; tools/bench_peers.py)
# at the cols the sweep timed, added to its profiles when the sweep ran first (`run sweep peers`).
check_peers() {
  section "rows against its peers, 2^26 values, cols 2^10..2^15"
  for op in softmax layernorm rmsnorm; do
    local profile="$LOG_DIR/rows-$op-cols.json"
    python3 tools/bench_peers.py --op "$op" --n 2^26 --cols 2^10..2^15 --repeats 20 --csv "$LOG_DIR/peers-rows-$op.csv" \
      $([ -f "$profile" ] && echo --profile "$profile") </dev/null || failed=1
  done
}

# The GPU tracer (kernels/plain/gpu/), built here where the toolkit has the Compute Sanitizer
# headers, recording unmodified programs: a course file's kernels (kept, for
# tests/lab/recorded-on-h200.tar.xz), CUB's DeviceReduce::Sum, and the tracer's cost.
# The tracer, built once here (this toolkit has the Compute Sanitizer headers); false if it does not build.
build_tracer() {
  [ -n "${WARPLENS_TRACER_DIR:-}" ] && return 0
  cmake -S kernels/plain/gpu -B "$LOG_DIR/tracer" -DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHS:-90} >/dev/null &&
    cmake --build "$LOG_DIR/tracer" -j"$(nproc)" >/dev/null || { echo "the GPU tracer does not build"; failed=1; return 1; }
  export WARPLENS_TRACER_DIR=$LOG_DIR/tracer/tracer
}

check_record() {
  local t="$LOG_DIR/record"
  mkdir -p "$t"
  build_tracer || return
  nvcc -arch=sm_90 -lineinfo -o "$t/course_reduce" tests/lab/plain/course_reduce.cu &&
    nvcc -arch=sm_90 -lineinfo -o "$t/reduction_ladder" tests/lab/plain/reduction_ladder.cu &&
    nvcc -O3 -arch=sm_90 -lineinfo -o "$t/cub_sum" tools/record/cub_sum.cu &&
    nvcc -O3 -arch=sm_90 -lineinfo -o "$t/reduce_timed" tools/record/reduce_timed.cu || { failed=1; return; }
  section "record: a course file's kernels"
  "$CLI" record --kernel reduce_cg --keep-recording "$t/course-cg" --out "$t/course-cg.wltrace" -- "$t/course_reduce" &&
    "$CLI" record --kernel reduce_shfl --keep-recording "$t/course-shfl" --out "$t/course-shfl.wltrace" -- "$t/course_reduce" &&
    "$CLI" record --kernel reduce2 --keep-recording "$t/ladder" --out "$t/ladder.wltrace" -- "$t/reduction_ladder" || failed=1
  section "record: CUB's DeviceReduce::Sum"
  "$CLI" record --kernel Reduce --launch all --out "$t/cub-device-reduce.wltrace" -- "$t/cub_sum" 1048576 || failed=1
  section "record: libraries' kernels, kept in assets/recorded (CUB's scan, torch's cumsum, histc, softmax)"
  nvcc -O3 -arch=sm_90 -lineinfo -o "$t/cub_scan" tools/record/cub_scan.cu &&
    "$CLI" record --kernel DeviceScanKernel --record-blocks 0-3 --out "$t/cub-device-scan.wltrace" -- "$t/cub_scan" 65536 || failed=1
  if python3 -c "import torch" 2>/dev/null; then
    "$CLI" record --kernel DeviceScanKernel --record-blocks 0-3 --out "$t/torch-cumsum.wltrace" -- python3 tools/record/torch_ops.py cumsum &&
      "$CLI" record --kernel Histogram --record-blocks 0-1 --out "$t/torch-histc.wltrace" -- python3 tools/record/torch_ops.py histc &&
      "$CLI" record --kernel SoftMax --out "$t/torch-softmax.wltrace" -- python3 tools/record/torch_ops.py softmax || failed=1
  fi
  section "record: cost (each launch's ms; launch 5 recorded)"
  "$t/reduce_timed" 1048576 11
  "$CLI" record --kernel reduce_shfl --launch 5 --out "$t/rt.wltrace" -- "$t/reduce_timed" 1048576 11 || failed=1
  time "$CLI" record --kernel reduce_shfl --launch 1 --record-blocks all --out "$t/rt16.wltrace" -- "$t/reduce_timed" 65536 3 || failed=1
}

# Whole programs (tests/programs) built by nvcc and recorded by the tracer, every launch's block 0,
# kept for tests/programs/programs-on-h200.tar.xz (compared with the simulator there, where clang is).
check_programs() {
  build_tracer || return
  section "programs: tests/programs recorded on the GPU (kept in $LOG_DIR/programs-on-h200.tar.xz)"
  rm -rf "$LOG_DIR/programs-on-h200"
  python3 tests/programs/programs_gpu_matches_simulator.py record "$CLI" "$LOG_DIR/programs-on-h200" </dev/null &&
    tar -C "$LOG_DIR" --exclude bin -cJf "$LOG_DIR/programs-on-h200.tar.xz" programs-on-h200 || failed=1
}

# A learner's plain-CUDA file in the lab on the GPU (nvcc, checked, timed, recorded by the
# tracer): a course's files kept for tests/lab/lab-on-h200.tar.xz and the conformance suite's for
# tests/lab/conformance-on-h200.tar.xz (each compared with the simulator there, where clang is),
# and exercise 07 in plain CUDA judged on the GPU.
check_lab() {
  build_tracer || return
  section "lab on the GPU: a course's plain-CUDA files (kept in $LOG_DIR/lab-on-h200.tar.xz)"
  rm -rf "$LOG_DIR/lab-on-h200"
  python3 tests/lab/lab_gpu_matches_simulator.py record "$CLI" "$LOG_DIR/lab-on-h200" </dev/null &&
    tar -C "$LOG_DIR" -cJf "$LOG_DIR/lab-on-h200.tar.xz" lab-on-h200 || failed=1
  section "lab on the GPU: the conformance suite's right kernels (kept in $LOG_DIR/conformance-on-h200.tar.xz)"
  rm -rf "$LOG_DIR/conformance-on-h200"
  python3 tests/lab/conformance_gpu.py record "$CLI" "$LOG_DIR/conformance-on-h200" </dev/null &&
    tar -C "$LOG_DIR" -cJf "$LOG_DIR/conformance-on-h200.tar.xz" conformance-on-h200 || failed=1
  section "lab on the GPU: exercise 07 in plain CUDA (the starter misses, the solution meets)"
  "$CLI" lab check assets/exercises/reduce/07-speed-of-light.cu --backend gpu </dev/null; [ $? = 1 ] || failed=1
  "$CLI" lab check tests/lab/solutions/reduce/07-speed-of-light.cu --backend gpu </dev/null || failed=1
}

run_checks() {
  section "device"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  "$CLI" list --json >"$LOG_DIR/list.json" || { echo "cannot read '$CLI list --json'"; failed=1; }
  for part in "${@:-tests huge sanitizer ncu lookback bench tiles stream sweep peers record lab programs}"; do
    for p in $part; do
      case "$p" in
        tests|huge|sanitizer|ncu|lookback|bench|tiles|stream|sweep|peers|record|lab|programs) "check_$p" ;;
        *) echo "unknown part '$p' (tests, huge, sanitizer, ncu, lookback, bench, tiles, stream, sweep, peers, record, lab, programs)"; failed=1 ;;
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
