#!/usr/bin/env bash
# Builds the font reader's libFuzzer target (Fuzz/Fonts/) and fuzzes it.
#
#   bash scripts/fuzz-fonts.sh [SECONDS] [LIBFUZZER FLAGS...]
#
# SECONDS defaults to $FUZZ_SECONDS or 60. The target is built into
# .build/fuzz-fonts/ (rebuilt when a source is newer). The seeds are the
# installed font files under 120 KB whole, and the first 120 KB of a few
# larger ones (CFF fonts and a collection, truncated), with
# Fuzz/font-regressions/; the corpus libFuzzer grows is kept between runs.
# On a finding the input is copied into Fuzz/font-regressions/ and the
# script exits non-zero, as it does when a saved regression still fails.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-${FUZZ_SECONDS:-60}}"
shift || true
case "$seconds" in '' | *[!0-9]*) echo "fuzz-fonts.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac

swiftc="$(command -v swiftc || true)"
if [ -z "$swiftc" ] && [ -x /opt/swift/usr/bin/swiftc ]; then swiftc=/opt/swift/usr/bin/swiftc; fi
if [ -z "$swiftc" ]; then echo "fuzz-fonts.sh: swiftc not found (PATH or /opt/swift/usr/bin)" >&2; exit 2; fi

out=.build/fuzz-fonts
binary="$out/font-fuzz"
mkdir -p "$out/corpus" "$out/artifacts"
targets=(PencilSupport PencilGeometry PencilOpenType)
sources=()
while IFS= read -r file; do sources+=("$file"); done < <(
  for target in "${targets[@]}"; do find "Sources/$target" -name '*.swift'; done | LC_ALL=C sort
)
sources+=(Fuzz/Fonts/*.swift)
stale=1
if [ -x "$binary" ]; then
  stale=0
  for file in "${sources[@]}" scripts/fuzz-fonts.sh; do
    if [ "$file" -nt "$binary" ]; then stale=1; break; fi
  done
fi
if [ "$stale" = 1 ]; then
  echo "== build $binary (swiftc -O -sanitize=fuzzer,address, ${#sources[@]} files)"
  linker=()
  if [ -x "$(dirname "$swiftc")/ld.lld" ] || command -v ld.lld >/dev/null; then linker=(-use-ld=lld); fi
  start=$SECONDS
  stubs="$out/stubs"
  rm -rf "$stubs"
  mkdir -p "$stubs"
  : >"$stubs/empty.swift"
  for target in "${targets[@]}"; do
    "$swiftc" -emit-module -module-name "$target" -package-name pencilc -o "$stubs/$target.swiftmodule" \
      "$stubs/empty.swift"
  done
  if ! "$swiftc" -sanitize=fuzzer,address -swift-version 6 -parse-as-library -O -wmo -num-threads 2 \
    -module-name PencilFontFuzz -package-name pencilc -I "$stubs" ${linker[@]+"${linker[@]}"} "${sources[@]}" \
    -o "$binary.new" >"$out/build.log" 2>&1; then
    rm -f "$binary.new"
    cat "$out/build.log" >&2
    echo "fuzz-fonts.sh: the fuzz target did not build" >&2
    exit 2
  fi
  mv "$binary.new" "$binary"
  echo "   built in $((SECONDS - start)) s"
fi

rm -rf "$out/seeds"
mkdir -p "$out/seeds"
find /usr/share/fonts -type f \( -name '*.ttf' -o -name '*.otf' \) -size -120k 2>/dev/null | LC_ALL=C sort | head -300 |
  while IFS= read -r file; do cp "$file" "$out/seeds/$(basename "$file")"; done
for file in /usr/share/fonts/opentype/inter/Inter-Regular.otf /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
  /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc; do
  [ -f "$file" ] && head -c 122880 "$file" >"$out/seeds/head_$(basename "$file")"
done
still_failing=()
for file in Fuzz/font-regressions/*; do
  [ -f "$file" ] || continue
  case "$(basename "$file")" in README*) continue ;; esac
  if SWIFT_BACKTRACE=enable=no "$binary" -timeout=10 -rss_limit_mb=2048 "$file" >"$out/regression.log" 2>&1; then
    cp "$file" "$out/seeds/regression_$(basename "$file")"
  else
    still_failing+=("$file")
    echo "== still failing: $file"
  fi
done

rm -f "$out/artifacts/"*
echo "== fuzz the font reader for $seconds s ($(ls "$out/corpus" | wc -l) inputs in the corpus, $(ls "$out/seeds" | wc -l) seeds)"
status=0
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len=131072 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$out/artifacts/" "$@" "$out/corpus" "$out/seeds" >"$out/fuzz.log" 2>&1 ||
  status=$?
executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz.log" | tail -1)"
echo "   $executions inputs run, exit status $status"
findings=0
for artifact in "$out/artifacts/"*; do
  [ -f "$artifact" ] || continue
  findings=$((findings + 1))
  cp "$artifact" "Fuzz/font-regressions/$(basename "$artifact")"
  echo "== finding: Fuzz/font-regressions/$(basename "$artifact") ($(wc -c <"$artifact") bytes)"
  grep -E 'ERROR: |SUMMARY: |Fatal error|^ *#[0-9]+ 0x.* in .*PencilFontFuzz' "$out/fuzz.log" | head -20 || true
done
if [ "$findings" -gt 0 ] || [ "${#still_failing[@]}" -gt 0 ] || { [ "$status" -ne 0 ] && [ -z "$executions" ]; }; then
  exit 1
fi
echo "fuzz-fonts: no findings"
