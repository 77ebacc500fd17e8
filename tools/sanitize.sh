#!/usr/bin/env bash
# Builds every CPU target with AddressSanitizer and UndefinedBehaviorSanitizer
# (-fno-sanitize-recover: the first finding fails its test) in build-asan/, and runs ctest
# there: the trace, model, view-model, kernel (the simulator), family, core and command-line
# tests. The desktop app's own tests are left out (WARPLENS_APP=OFF): they drive Mesa's
# software OpenGL under Xvfb, whose own allocations the leak checker would report.
#   tools/sanitize.sh [ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f build-asan/CMakeCache.txt ]]; then
  # A unity build (8 sources a compile): the sanitized build checks behaviour, not includes,
  # which test.sh's build checks file by file; it takes a fifth off this step in CI.
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O1 -g1" -DWARPLENS_SANITIZE=ON \
    -DWARPLENS_APP=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
fi
build_start=$SECONDS
cmake --build build-asan -j"$(nproc)"
echo "sanitize.sh: built in $((SECONDS - build_start)) s; now the tests"  # CI's phases, each timed
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=0:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# Left out here, run unsanitized by test.sh: sweeps that repeat one code path over many sizes,
# 10-60 s each under the sanitizers (a minute and a half of CI). Their smallest cases stay (the
# 2-bin histograms, the scan's other trace invariants) and take the same paths sanitized.
left_out='HistogramCorrectness.EqualsCpuReferenceExactly/(per_thread_local_(256|4096)|sort_reduce_by_key_(7|256|4096))_bins'
left_out+='|ScanTraceInvariants.TheChunksStayInTheirLanes'
# The conformance suite's hundreds of lab runs (several minutes sanitized) take the paths the
# lab.cli tests take sanitized here: they stay in test.sh.
left_out+='|lab.conformance|lab.conformance_on_gpu_matches_simulator'
# Left out because ASan reserves more address space than the test's limit allows.
left_out+='|cli.out_of_memory_is_a_sentence'
exec ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E "$left_out" "$@"
