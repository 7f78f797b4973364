#!/usr/bin/env bash
# Builds Examples/PluginDemo (which renders its scene with PencilPlugin),
# runs it, and checks that the pictures it loads through Bundle.module are
# byte for byte what pencilc writes for the same scene. Then runs the
# make recipe of docs/reference/batch-rendering.md with make -j2 on three samples. Builds in a scratch
# folder, so the package's own .build is left alone.
#   bash scripts/plugin-check.sh    (PENCILC=… to compare with another pencilc)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
demo=Examples/PluginDemo
scene="$demo/Sources/PluginDemo/Scenes/pencil-icon.pencil"

echo "-- build and run $demo"
# --product: without it SwiftPM also builds pencilc for the target
# platform, which the plugin does not use (its pencilc is built for the host).
swift build -c debug --product PluginDemo --package-path "$demo" --scratch-path "$work/build"
mkdir "$work/bundled" "$work/cli"
swift run -c debug --skip-build --package-path "$demo" --scratch-path "$work/build" PluginDemo --copy-to "$work/bundled"

# The pencilc the plugin ran, unless CI's own build or PENCILC is given.
pencilc="${PENCILC:-}"
if [ -z "$pencilc" ]; then
  pencilc=.build/debug/pencilc
  [ -x "$pencilc" ] || pencilc="$(swift build -c debug --package-path "$demo" --scratch-path "$work/build" --show-bin-path)/pencilc-tool"
fi
echo "-- compare with $pencilc"
"$pencilc" "$scene" -o "$work/cli/pencil-icon.png"
"$pencilc" "$scene" --scale 2 -o "$work/cli/pencil-icon@2x.png"
"$pencilc" "$scene" -o "$work/cli/pencil-icon.svg"
failures=0
for picture in pencil-icon.png pencil-icon@2x.png pencil-icon.svg; do
  if cmp "$work/cli/$picture" "$work/bundled/$picture"; then
    echo "$picture: bundled bytes = pencilc's ($(wc -c <"$work/cli/$picture") bytes)"
  else
    failures=$((failures + 1))
  fi
done
pngcheck -q "$work/bundled"/*.png && echo "pngcheck: the bundled PNG files are valid"
# The library the icon imports is not rendered on its own.
if [ -n "$(find "$work/build" -name 'shine*.png' -o -name 'shine*.svg')" ]; then
  echo "the imported library lib/shine.pencil was rendered"
  failures=$((failures + 1))
fi

echo "-- the make recipe of docs/reference/batch-rendering.md, make -j2 on three samples"
# The recipe is the batch-rendering page's own ```make block, so the two cannot drift.
awk '/^```make$/ { inside = 1; next } /^```$/ { inside = 0 } inside' docs/reference/batch-rendering.md >"$work/Makefile"
cp -R samples "$work/scenes"
picked="scenes/palette-import.pencil scenes/blue-pencil.pencil scenes/flow.pencil"
run_make() { make -s -C "$work" -j2 PENCILC="$(cd "$(dirname "$pencilc")" && pwd)/$(basename "$pencilc")" SCENES="$picked" "$@"; }
run_make
for name in palette-import blue-pencil flow; do
  "$pencilc" "samples/$name.pencil" -o "$work/cli/$name.png"
  cmp "$work/cli/$name.png" "$work/out/$name.png" || failures=$((failures + 1))
done
# Touching the imported palette makes only the scene that imports it stale.
run_make -q || { echo "make: not up to date after a build"; failures=$((failures + 1)); }
touch "$work/scenes/lib/palette.pencil"
stale="$(run_make -n | grep -c -- ' -o ' || true)"
if [ "$stale" != 1 ] || ! run_make -n | grep -q 'palette-import.png'; then
  echo "make: after touching lib/palette.pencil, $stale pictures are stale (expected palette-import.png alone)"
  failures=$((failures + 1))
else
  echo "make: three pictures as pencilc makes them; touching an import makes only its scene stale"
fi

if [ "$failures" -ne 0 ]; then
  echo "plugin-check: $failures failures"
  exit 1
fi
echo "plugin-check: ok"
