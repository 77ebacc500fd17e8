#!/usr/bin/env bash
# Installs the build into a scratch prefix with DESTDIR, copies that prefix out of the checkout
# and runs the copy: it must find the data installed beside it ("next to the executable"), show
# an installed lesson, list the kernels, and compile a kernel against its headers; a program
# copied alone must say in a sentence that it has no data, and take $WARPLENS_DATA_DIR.
#   installed_copy_test.sh BUILD VERSION MAN_PAGES(ON|OFF) CXX SCREENSHOT_CHECK [XVFB_RUN]
# Exit 77 (skipped) when xvfb-run is missing, after every check that needs no display.
set -euo pipefail
build=$1 version=$2 man_pages=$3 cxx=$4 checker=$5 xvfb_run=${6:-}
scratch="$(mktemp -d "${TMPDIR:-/tmp}/warplens-install-test.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

DESTDIR="$scratch/destdir" cmake --install "$build" --prefix /usr >/dev/null
lab="$scratch/lab"  # another prefix than the one installed to: nothing may depend on /usr
cp -a "$scratch/destdir/usr" "$lab"

expected=(bin/warplens bin/warplens-cli share/applications/warplens.desktop
          share/icons/hicolor/scalable/apps/warplens.svg
          share/warplens/lessons/shuffle-last-warp.lesson share/warplens/profiles/nvidia-h100-80gb-hbm3.json
          share/warplens/include/kernels/dialect/dialect.h share/warplens/include/core/ops.h
          share/warplens/include/trace/trace.h share/warplens/include/kernels/families/reduce/variant_list.h)
[[ $man_pages == ON ]] && expected+=(share/man/man1/warplens.1.gz share/man/man1/warplens-cli.1.gz)
for file in "${expected[@]}"; do
  [[ -s "$lab/$file" ]] || fail "the install has no $file"
done
echo "installed: ${#expected[@]} expected files present"
desktop-file-validate "$lab/share/applications/warplens.desktop" || fail "the desktop entry is not valid"
if [[ $man_pages == ON ]]; then
  zcat "$lab/share/man/man1/warplens-cli.1.gz" | grep -q '^\.TH WARPLENS-CLI "1"' || fail "warplens-cli.1 is not a man page"
fi

# Where the copy reads its data: beside it, said so, by both programs.
share="$lab/share/warplens"
paths="assets (lessons, profiles, exercises): $share (next to the executable)
headers (kernels, trace, core): $share/include (next to the executable)"
[[ "$("$lab/bin/warplens" --paths)" == "$paths" ]] || fail "warplens --paths: $("$lab/bin/warplens" --paths)"
[[ "$("$lab/bin/warplens-cli" paths)" == "$paths" ]] || fail "warplens-cli paths: $("$lab/bin/warplens-cli" paths)"
[[ "$("$lab/bin/warplens-cli" --version)" == "warplens-cli $version" ]] || fail "warplens-cli --version"
# Output to a file, then grep: `| grep -q` under pipefail fails when grep quits early (SIGPIPE).
"$lab/bin/warplens-cli" list >"$scratch/list.txt"
grep -q '^  sequential ' "$scratch/list.txt" || fail "warplens-cli list shows no sequential variant"
echo "installed: --paths, paths, --version and list as expected"

# A learner's kernel compiles against the installed headers alone.
echo '#include "kernels/families/reduce/traits.h"' |
  "$cxx" -std=c++17 -fsyntax-only -I "$share/include" -x c++ - || fail "the installed headers do not compile"
echo "installed: the headers compile on their own"

# The lab, from the installed copy: a starter from an installed variant, built against the
# installed headers and run; an installed exercise's starter misses its goal (exit 1).
(cd "$scratch" && XDG_CACHE_HOME="$scratch/cache" "$lab/bin/warplens-cli" lab new --from sequential mine.h >/dev/null &&
  XDG_CACHE_HOME="$scratch/cache" "$lab/bin/warplens-cli" lab run mine.h --n 1000 >"$scratch/lab.txt" &&
  grep -q '^check: ok' "$scratch/lab.txt") ||
  fail "warplens-cli lab new and run from the installed copy"
checked=0
XDG_CACHE_HOME="$scratch/cache" "$lab/bin/warplens-cli" lab check "$share/exercises/reduce/02-no-bank-conflicts.h" >/dev/null ||
  checked=$?
[[ $checked == 1 ]] || fail "an installed exercise's starter exited $checked, not 1 (a missed goal)"
echo "installed: lab new, run and check from the installed copy"

# Copied alone, with no data beside it: a sentence and exit 1, then $WARPLENS_DATA_DIR serves.
mkdir "$scratch/alone"
cp "$lab/bin/warplens-cli" "$scratch/alone/"
status=0
out="$(env -u WARPLENS_DATA_DIR "$scratch/alone/warplens-cli" paths)" || status=$?
[[ $status == 1 ]] || fail "warplens-cli paths without data exited $status, not 1"
grep -q '^assets (lessons, profiles, exercises): none found; install WarpLens, or set WARPLENS_DATA_DIR' <<<"$out" ||
  fail "warplens-cli paths without data: $out"
grep -q '^  source tree: .*: not run from its build folder' <<<"$out" || fail "the source tree was not refused: $out"
WARPLENS_DATA_DIR="$share" "$scratch/alone/warplens-cli" paths |
  grep -qxF "assets (lessons, profiles, exercises): $share (WARPLENS_DATA_DIR)" || fail "WARPLENS_DATA_DIR is not read"
echo "alone: no data is one sentence, exit 1; WARPLENS_DATA_DIR is read"

if [[ -z $xvfb_run ]]; then
  echo "xvfb-run not found: the installed lesson is not shown (install xvfb)"
  exit 77
fi
# An installed lesson on screen, as app.screenshot.lesson shows it from the source tree: the
# caption, and the shuffle's 32 outputs on slide 3.
png="$scratch/lesson.png"
"$xvfb_run" -a -s "-screen 0 1920x1080x24" "$lab/bin/warplens" --size 1920x1080 \
  --lesson "$share/lessons/shuffle-last-warp.lesson" --slide 3 --screenshot "$png" --probes "$png.probes.json"
"$checker" "$png" 1920 1080 --probes "$png.probes.json" --expect tree.left.outputs colored 32 \
  --expect lesson.caption text 1 || fail "the installed lesson's screenshot failed its checks"
# The GUI alone, without data: it runs, and says why there are no lessons.
cp "$lab/bin/warplens" "$scratch/alone/"
err="$(env -u WARPLENS_DATA_DIR "$xvfb_run" -a -s "-screen 0 1920x1080x24" "$scratch/alone/warplens" \
         --screenshot "$scratch/alone.png" 2>&1 >/dev/null)" || fail "warplens without data failed: $err"
grep -q "warplens: WarpLens found no assets" <<<"$err" || fail "warplens without data said: $err"
echo "installed: the lesson shows; alone, the GUI runs and says it has no lessons"
