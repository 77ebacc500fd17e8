#!/usr/bin/env bash
# The real warplens GUI on the GPU machine, which has a driver but no display stack: a carried
# Xvfb, with Mesa only for its GLX extension, while the app's OpenGL runs through NVIDIA's GLX
# (__GLX_VENDOR_LIBRARY_NAME=nvidia) and its kernels on the GPU.
#
#   tools/gpu-gui.sh fetch       here: download the Debian packages into build-gui-deps/debs
#                                (Xvfb, xkbcomp and keymaps, Mesa's swrast for Xvfb's GLX, glvnd,
#                                GLFW, stb); carry build-gui-deps/debs and build/app/warplens.
#   tools/gpu-gui.sh pack        here: build/app/warplens, stripped and xz-compressed, into
#                                build-gui-deps/warplens.xz; carry that instead of the binary.
#                                The tree (23 MiB) and the packages (49 MiB) pass what one call
#                                carries (64 MiB): move libllvm15's package (23 MiB) to
#                                build-gui-deps/debs-llvm and carry it in a call of its own
#                                first; the machine keeps it while warm, for the next call to
#                                move back into debs/.
#   tools/gpu-gui.sh run [ARGS]  there: unpack them into build-gui-deps/root (never into /),
#                                start Xvfb and run build/app/warplens ARGS.
#   tools/gpu-gui.sh screenshots there: the tree view with per-level clock times and the Timing
#                                view after a live sweep, as PNGs in ${OUT:-gpu-check-out}.
#
# No font package is fetched: the UI fonts (DejaVu) are compiled into build/app/warplens from
# this machine's fonts-dejavu-core, so the GPU machine draws the arrows without any installed.
#
# Xvfb looks for Mesa's driver and for xkbcomp at paths compiled into it; a copy of the binary
# has those two strings pointed at /tmp/wlgui, a folder of links into build-gui-deps/root.
set -uo pipefail
cd "$(dirname "$0")/.."
DEPS=build-gui-deps
ROOT=$DEPS/root
APP=build/app/warplens
OUT_DIR=${OUT:-gpu-check-out}
mkdir -p "$OUT_DIR"

# Packages whose libraries the GPU machine may lack; what it has (ldconfig) is used instead.
PACKAGES="xvfb xserver-common x11-xkb-utils xkb-data libxkbfile1 libxfont2 libfontenc1 libfreetype6
  libpng16-16 libbrotli1 libpixman-1-0 libunwind8 libgl1 libglx0 libglvnd0 libglx-mesa0 libglapi-mesa
  libgl1-mesa-dri libllvm15 libz3-4 libedit2 libbsd0 libmd0 libdrm2 libdrm-common libdrm-amdgpu1
  libdrm-intel1 libdrm-nouveau2 libdrm-radeon1 libpciaccess0 libelf1 libsensors5 libsensors-config
  libxshmfence1 libx11-6 libx11-data libx11-xcb1 libxau6 libxdmcp6 libxcb1 libxcb-dri2-0 libxcb-dri3-0
  libxcb-glx0 libxcb-present0 libxcb-randr0 libxcb-shm0 libxcb-sync1 libxcb-xfixes0 libxext6
  libxfixes3 libxxf86vm1 libxrandr2 libxrender1 libxcursor1 libxinerama1 libxi6 libglfw3 libstb0 libgif7"

fetch() {
  mkdir -p "$DEPS/debs"
  (cd "$DEPS/debs" && apt-get download $PACKAGES)
  du -sh "$DEPS/debs"
}

pack() {
  strip -o "$DEPS/warplens" "$APP" && xz -9 -f "$DEPS/warplens" && ls -la "$DEPS/warplens.xz"
}

# The app, from its compressed copy when the binary was not carried.
unpack_app() {
  [ -x "$APP" ] && return 0
  [ -f "$DEPS/warplens.xz" ] || { echo "neither $APP nor $DEPS/warplens.xz was carried"; return 1; }
  mkdir -p "$(dirname "$APP")"
  python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' "$DEPS/warplens.xz" "$APP"
  chmod +x "$APP"
}

# Unpacks the packages, links the libraries this machine lacks into $DEPS/lib, and prepares
# the patched Xvfb. Prints what it did.
prepare() {
  rm -rf "$ROOT" "$DEPS/lib" /tmp/wlgui /tmp/wlb
  mkdir -p "$ROOT" "$DEPS/lib" /tmp/wlgui
  for f in "$DEPS"/debs/*.deb; do dpkg -x "$f" "$ROOT"; done
  local have missing=0
  have=$(ldconfig -p | awk '{print $1}')
  for lib in "$ROOT"/usr/lib/x86_64-linux-gnu/*.so.* "$ROOT"/lib/x86_64-linux-gnu/*.so.*; do
    [ -e "$lib" ] || continue
    local name=${lib##*/}
    if ! grep -qx "$name" <<<"$have"; then ln -sf "$(realpath "$lib")" "$DEPS/lib/$name"; missing=$((missing + 1)); fi
  done
  echo "library files linked: $missing (for sonames this machine lacks)"
  ln -s "$(realpath "$ROOT/usr/lib/x86_64-linux-gnu/dri")" /tmp/wlgui/dri
  ln -s "$(realpath "$ROOT/usr/bin")" /tmp/wlb
  python3 - "$ROOT/usr/bin/Xvfb" "$DEPS/Xvfb" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
for old, new in [(b'/usr/lib/x86_64-linux-gnu/dri\0', b'/tmp/wlgui/dri\0'), (b'/usr/bin\0', b'/tmp/wlb\0')]:
    assert data.count(old) == 1, old
    data = data.replace(old, new + b'\0' * (len(old) - len(new)))
open(sys.argv[2], 'wb').write(data)
PY
  chmod +x "$DEPS/Xvfb"
}

start_xvfb() {
  export LD_LIBRARY_PATH=$PWD/$DEPS/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  "$DEPS/Xvfb" :77 -screen 0 1920x1080x24 -nolisten tcp -xkbdir "$PWD/$ROOT/usr/share/X11/xkb" \
    >"$OUT_DIR/xvfb.log" 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X77 ] && break; sleep 0.1; done
  export DISPLAY=:77 __GLX_VENDOR_LIBRARY_NAME=nvidia
  # The binary was built elsewhere: the source tree it names is not this copy's, so it is told
  # where the lessons and recorded profiles are (the Timing view's H200 rows, the lessons menu).
  export WARPLENS_DATA_DIR=$PWD/assets
}

stop_xvfb() { kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; }

run_app() {
  unpack_app && prepare && start_xvfb
  "$APP" "$@"
  local rc=$?
  stop_xvfb
  [ $rc -eq 0 ] || { echo "warplens exited $rc; Xvfb said:"; tail -20 "$OUT_DIR/xvfb.log"; }
  return $rc
}

screenshots() {
  unpack_app && prepare && start_xvfb
  local rc=0
  "$APP" --backend gpu --n 4096 --block 256 --level 3 --size 1920x1080 --frames 8 \
    --screenshot "$OUT_DIR/gpu-tree-level-times.png" || rc=1
  "$APP" --backend gpu --view timing --sweep --type f32 --block 256 --size 1920x1080 --frames 8 \
    --screenshot "$OUT_DIR/gpu-timing-live-sweep.png" --export-csv "$OUT_DIR/gpu-timing-live-sweep.csv" || rc=1
  stop_xvfb
  [ $rc -eq 0 ] || { echo "Xvfb said:"; tail -20 "$OUT_DIR/xvfb.log"; }
  return $rc
}

case "${1:-}" in
  fetch) fetch ;;
  pack) pack ;;
  run) shift; run_app "$@" ;;
  screenshots) screenshots ;;
  *) sed -n 2,22p "$0"; exit 2 ;;
esac
