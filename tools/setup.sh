# Shared by run.sh and test.sh (sourced, not run): installs the Debian packages
# WarpLens needs when any are missing, then configures and builds it in build/.

WL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

WL_PACKAGES=(
  build-essential cmake pkg-config
  libimgui-dev libglfw3-dev python3-glad libcli11-dev nlohmann-json3-dev libstb-dev
  libgtest-dev fonts-dejavu-core libboost-context-dev
  libgif-dev        # giflib: the view's levels as a GIF (warplens export --gif, File menu)
  libopengl-dev     # libOpenGL.so, for CMake's find_package(OpenGL)
  libgl1-mesa-dri   # Mesa's software OpenGL (llvmpipe): the GL that runs under Xvfb
  xvfb xauth        # a virtual display for the screenshot tests and CI
  xdotool           # real X input for the GUI input test (tests/app/gui_input_test.py)
  clang             # libFuzzer, for the fuzz targets (tools/fuzz.sh)
  help2man          # the man pages, from the programs' --help (packaging/man_pages.cmake)
  desktop-file-utils  # desktop-file-validate, for the installed desktop entry (tests/install)
)

wl_is_installed() {
  dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

wl_install_missing_packages() {
  local missing=() pkg
  for pkg in "${WL_PACKAGES[@]}"; do
    wl_is_installed "$pkg" || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    return 0
  fi

  echo "setup: installing missing packages: ${missing[*]}"
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
}

# The CUDA toolkit is not a Debian package here: use it when present, else say so.
wl_find_cuda() {
  if [[ -n "${CUDACXX:-}" ]] || command -v nvcc >/dev/null; then
    return 0
  fi
  if [[ -x /usr/local/cuda/bin/nvcc ]]; then
    export CUDACXX=/usr/local/cuda/bin/nvcc
    return 0
  fi
  echo "setup: nvcc not found: the GPU backend is skipped (CPU simulator only)"
}

wl_build() {
  cd "$WL_ROOT"
  if [[ ! -f build/CMakeCache.txt || ( ! -f build/Makefile && ! -f build/build.ninja ) ]]; then
    wl_find_cuda
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build build -j"$(nproc)"
}
