#!/usr/bin/env bash
# Builds WarpLens if needed and runs every test; arguments go to ctest
# (e.g. ./test.sh -R app.cli).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools/setup.sh"

wl_install_missing_packages
build_start=$SECONDS
wl_build
echo "test.sh: built in $((SECONDS - build_start)) s; now the tests"  # CI's phases, each timed

ctest_command=(ctest --test-dir "$WL_ROOT/build" --output-on-failure -j"$(nproc)" "$@")
if [[ -z "${DISPLAY:-}" ]]; then
  exec xvfb-run -a "${ctest_command[@]}"  # no display (CI): give the GUI tests one
fi
exec "${ctest_command[@]}"
