#!/usr/bin/env bash
# Builds WarpLens if needed and starts the desktop app; arguments go to warplens
# (e.g. ./run.sh --ui-scale 1.5, ./run.sh --help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools/setup.sh"

wl_install_missing_packages >&2
wl_build >&2  # keep stdout for warplens itself (--version, subcommands)
exec "$WL_ROOT/build/app/warplens" "$@"
