#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/) and fuzzes pencilc.
#
#   bash scripts/fuzz.sh [SECONDS] [LIBFUZZER FLAGS...]
#
# SECONDS defaults to $FUZZ_SECONDS or 180. The target is built into
# .build/fuzz/ (rebuilt when a source is newer), the seed corpus is
# assembled in .build/fuzz/seeds from samples/, the test fixtures and
# Fuzz/regressions/, and the corpus libFuzzer grows is kept in
# .build/fuzz/corpus between runs. On a finding the input is copied into
# Fuzz/regressions/ and the script exits non-zero; it also exits non-zero
# when a file already in Fuzz/regressions/ still fails. Needs only the
# Swift toolchain (swiftc from PATH or /opt/swift/usr/bin).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-${FUZZ_SECONDS:-180}}"
shift || true
case "$seconds" in '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac

swiftc="$(command -v swiftc || true)"
if [ -z "$swiftc" ] && [ -x /opt/swift/usr/bin/swiftc ]; then swiftc=/opt/swift/usr/bin/swiftc; fi
if [ -z "$swiftc" ]; then echo "fuzz.sh: swiftc not found (PATH or /opt/swift/usr/bin)" >&2; exit 2; fi

out=.build/fuzz
binary="$out/pencil-fuzz"
mkdir -p "$out/corpus" "$out/artifacts"

# ---- build
# The stages and the backends are compiled as one module, PencilFuzz (with
# the preview's SVG annotations, which the editor checks draw); the
# targets' names are empty stub modules, so their imports resolve, and
# their `package` declarations share the package name pencilc.
targets=(PencilSupport PencilDiagnostics PencilSyntax PencilGeometry PencilIR PencilSema PencilLayout PencilCore PencilQueries PencilFont PencilSVG PencilRaster PencilPNG PencilASCII PencilOutput)
sources=()
while IFS= read -r file; do sources+=("$file"); done < <(
  for target in "${targets[@]}"; do find "Sources/$target" -name '*.swift'; done | LC_ALL=C sort
)
sources+=(Sources/PencilPreview/SVGSourceAnnotations.swift Fuzz/*.swift Tests/PencilCoreTests/Inflate.swift)
stubs="$out/stubs"
stale=1
if [ -x "$binary" ]; then
  stale=0
  for file in "${sources[@]}" scripts/fuzz.sh; do
    if [ "$file" -nt "$binary" ]; then stale=1; break; fi
  done
fi
if [ "$stale" = 1 ]; then
  echo "== build $binary (swiftc -O -sanitize=fuzzer,address, ${#sources[@]} files)"
  linker=()
  # lld keeps the link quiet; gold prints a warning for every ASan symbol.
  if [ -x "$(dirname "$swiftc")/ld.lld" ] || command -v ld.lld >/dev/null; then linker=(-use-ld=lld); fi
  start=$SECONDS
  rm -rf "$stubs"
  mkdir -p "$stubs"
  : >"$stubs/empty.swift"
  for target in "${targets[@]}" PencilPreview; do
    "$swiftc" -emit-module -module-name "$target" -package-name pencilc -o "$stubs/$target.swiftmodule" \
      "$stubs/empty.swift"
  done
  if ! "$swiftc" -sanitize=fuzzer,address -swift-version 6 -parse-as-library -O -wmo -num-threads 2 -D PENCIL_FUZZER \
    -module-name PencilFuzz -package-name pencilc -I "$stubs" ${linker[@]+"${linker[@]}"} "${sources[@]}" \
    -o "$binary.new" >"$out/build.log" 2>&1; then
    rm -f "$binary.new"
    cat "$out/build.log" >&2
    echo "fuzz.sh: the fuzz target did not build" >&2
    exit 2
  fi
  mv "$binary.new" "$binary"
  echo "   built in $((SECONDS - start)) s"
fi

# ---- seeds: every sample, fixture and regression, and each sample again
# under a few option lines (see Fuzz/FuzzHarness.swift)
rm -rf "$out/seeds"
mkdir -p "$out/seeds"
for file in samples/*.pencil Tests/PencilCoreTests/Fixtures/*/*.pencil; do
  [ -f "$file" ] || continue
  cp "$file" "$out/seeds/$(echo "$file" | tr '/' '_')"
done
# A regression that still fails would stop libFuzzer while it loads the
# seeds; it is reported (and fails the run) but left out, so fuzzing goes on.
still_failing=()
for file in Fuzz/regressions/*; do
  [ -f "$file" ] || continue
  case "$(basename "$file")" in README*) continue ;; esac
  if SWIFT_BACKTRACE=enable=no "$binary" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/regression-" "$file" \
    >"$out/regression.log" 2>&1; then
    cp "$file" "$out/seeds/regression_$(basename "$file")"
  else
    still_failing+=("$file")
    echo "== still failing: $file"
    grep -E '^==pencil-fuzz==  |SUMMARY: |^ *#[0-9]+ 0x.* in .*PencilFuzz' "$out/regression.log" | grep -v pencilFuzzerTestOneInput | head -6 || true
  fi
done
options=(
  "//! scale=0.25 columns=20 aspect=1 charset=blocks color"
  "//! scale=2 columns=7 aspect=0.4 invert plain paths big"
  "//! scale=0.05 columns=1 aspect=8 color charset=ascii"
)
for file in samples/*.pencil; do
  [ -f "$file" ] || continue
  for index in "${!options[@]}"; do
    { echo "${options[$index]}"; cat "$file"; } >"$out/seeds/options${index}_$(basename "$file")"
  done
done

# ---- fuzz
rm -f "$out/artifacts/"*
echo "== fuzz for $seconds s ($(ls "$out/corpus" | wc -l) inputs in the corpus, $(ls "$out/seeds" | wc -l) seeds)"
status=0
started=$SECONDS
SWIFT_BACKTRACE=enable=no "$binary" \
  -max_total_time="$seconds" -dict=Fuzz/pencil.dict -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$out/artifacts/" "$@" \
  "$out/corpus" "$out/seeds" >"$out/fuzz.log" 2>&1 || status=$?
elapsed=$((SECONDS - started))

# ---- report
stat() { sed -n "s/^stat::$1: *//p" "$out/fuzz.log" | tail -1; }
executions="$(stat number_of_executed_units)"
last="$(grep -E '^#[0-9]+' "$out/fuzz.log" | tail -1 || true)"
[ -n "$executions" ] || executions="$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')"
rate="$(stat average_exec_per_sec)"
coverage="$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')"
features="$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')"
corpus="$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')"
rss="$(stat peak_rss_mb)"

findings=0
for artifact in "$out/artifacts/"*; do
  [ -f "$artifact" ] || continue
  findings=$((findings + 1))
  name="$(basename "$artifact")"
  # crash-<sha1>, timeout-<sha1>, oom-<sha1>, slow-unit-<sha1>, …
  target="Fuzz/regressions/${name%-*}-$(echo "${name##*-}" | cut -c1-16).pencil"
  known=""
  for file in Fuzz/regressions/*; do
    if [ -f "$file" ] && cmp -s "$file" "$artifact"; then known="$file"; fi
  done
  if [ -n "$known" ]; then
    echo "== finding: the same bytes as $known"
  else
    cp "$artifact" "$target"
    echo "== finding: $target ($(wc -c <"$artifact") bytes)"
  fi
  if [ "$(wc -c <"$artifact")" -le 4096 ]; then echo "   base64: $(base64 <"$artifact" | tr -d '\n')"; fi
done
if [ "$status" != 0 ] || [ "$findings" != 0 ]; then
  # The broken invariant or the sanitizer's report, and the top of the stack.
  grep -E '^==pencil-fuzz==|ERROR: |SUMMARY: |^ *#[0-9]+ 0x.* in .*PencilFuzz|Fatal error|timeout|out-of-memory' "$out/fuzz.log" | head -40 || true
  echo "   full log: $out/fuzz.log"
fi
echo "fuzz: ${elapsed} s, ${executions:-?} executions (${rate:-?}/s), coverage ${coverage:-?} edges, ${features:-?} features, corpus ${corpus:-?} inputs, peak RSS ${rss:-?} MB, $findings new finding(s), ${#still_failing[@]} regression(s) still failing, libFuzzer exit $status"
if [ "$status" != 0 ] || [ "$findings" != 0 ] || [ "${#still_failing[@]}" != 0 ]; then exit 1; fi
