#!/usr/bin/env bash
# Packs the build with `cpack -G DEB` into a scratch folder and checks the .deb: its name, that
# it holds the programs, desktop entry, icon, man pages, lessons and headers under /usr, and that
# its control fields name the package, version and the Debian libraries the programs need,
# without the CUDA runtime or NCCL (linked statically, loaded at run time).
#   deb_test.sh BUILD DEB_VERSION MAN_PAGES(ON|OFF)
set -euo pipefail
build=$1 version=$2 man_pages=$3
scratch="$(mktemp -d "${TMPDIR:-/tmp}/warplens-deb-test.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$scratch" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; fail "cpack failed"; }
deb="$scratch/warplens_${version}_$(dpkg --print-architecture).deb"
[[ -f $deb ]] || fail "cpack wrote no $deb: $(ls "$scratch")"
echo "packed: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"

files="$(dpkg-deb -c "$deb" | awk '{ print $NF }')"
expected=(./usr/bin/warplens ./usr/bin/warplens-cli ./usr/share/applications/warplens.desktop
          ./usr/share/icons/hicolor/scalable/apps/warplens.svg
          ./usr/share/warplens/lessons/shuffle-last-warp.lesson ./usr/share/warplens/profiles/nvidia-h100-80gb-hbm3.json
          ./usr/share/warplens/include/kernels/dialect/dialect.h)
[[ $man_pages == ON ]] && expected+=(./usr/share/man/man1/warplens.1.gz ./usr/share/man/man1/warplens-cli.1.gz)
for file in "${expected[@]}"; do
  grep -qxF "$file" <<<"$files" || fail "the package has no $file"
done
outside="$(grep -v -e '^\./$' -e '^\./usr/' <<<"$files" || true)"
[[ -z $outside ]] || fail "the package installs outside /usr: $outside"
echo "contents: ${#expected[@]} expected files, everything under /usr"

field() { dpkg-deb -f "$deb" "$1"; }
[[ "$(field Package)" == warplens ]] || fail "Package: $(field Package)"
[[ "$(field Version)" == "$version" ]] || fail "Version: $(field Version), not $version"
[[ -n "$(field Maintainer)" && -n "$(field Description)" ]] || fail "no Maintainer or Description"
depends="$(field Depends)"
names=" $(sed 's/ *([^)]*)//g; s/[,|]/ /g' <<<"$depends") "  # the package names alone
for package in libc6 libstdc++6 libgcc-s1 libglfw3 libstb0; do
  [[ $names == *" $package "* ]] || fail "Depends lacks $package: $depends"
done
if grep -qiE 'cuda|nccl' <<<"$depends"; then fail "Depends names CUDA or NCCL: $depends"; fi
echo "Depends: $depends"
