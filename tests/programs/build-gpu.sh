#!/usr/bin/env bash
# Builds every program of tests/programs with nvcc for sm_90 (H100/H200), one executable each,
# named after the program, into the folder given:  tests/programs/build-gpu.sh OUT_DIR
# NVCC overrides the compiler (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc).
set -euo pipefail

out=${1:?usage: build-gpu.sh OUT_DIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$out"

flags=(-O3 -lineinfo -arch=sm_90 -I "$repo/kernels/plain/include/samples")
build() {
  local name=$1
  shift
  echo "nvcc: $name"
  "$nvcc" "${flags[@]}" -o "$out/$name" "$@"
}

build reduction "$here/reduction/reduction_kernel.cu" "$here/reduction/reduction.cpp"
build threadfence_reduction "$here/threadfence_reduction.cu"
build shfl_scan "$here/shfl_scan.cu"
build histogram "$here/histogram.cu"
build scan_textbook "$here/scan_textbook.cu"
build transpose "$here/transpose.cu"
echo "built 6 programs into $out"
