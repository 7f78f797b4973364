#!/usr/bin/env python3
"""100,000 pencils from a two-line loop, each its own hue, to SVG (issue 22, "Goals").

Issue 22's loop, with the shine gradient it names and a canvas that holds
it (1,000 columns 25 points apart, 100 rows 120 apart):

  for r in 0..<100 { for c in 0..<1000 {
   pencil color=hsb(c / 1000, 0.8, 0.9) gradient=shine at c * 25, r * 120 size 20x100 } }

and the same loop with one colour (`hsb(0.5, 0.8, 0.9)`), where every use
of the prelude's `pencil` after the first is answered from its expansion
cache. Each compiles to an SVG file as a whole process (`pencilc loop.pencil
-o out.svg`; the colours do not adapt, so there is one appearance), the two
alternating run by run through compile-bench's C runner; medians of wall
time, user time and peak memory, and the ratio of the two loops. Each SVG
is checked for 100,000 gradients and 300,000 paths (a pencil is a tip, its
timber and its body) before timing.

`--before PATH` adds a second pencilc (an earlier build) to the same
rotation, so that a change is measured before and after side by side.

Usage: scripts/loop-bench.py [--runs N] [--rows N] [--pencilc PATH] [--before PATH]
Needs a C compiler (`cc`); builds pencilc in release unless --pencilc is given.
"""
import argparse
import importlib.util
import os
import sys

# compile-bench.py's runner and alternating measurement, shared rather than copied.
_spec = importlib.util.spec_from_file_location(
    "compile_bench", os.path.join(os.path.dirname(os.path.abspath(__file__)), "compile-bench.py"))
compile_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compile_bench)

COLUMNS = 1000


def loop_scene(rows, color):
    return "\n".join([
        f"// {rows * COLUMNS} pencils from a two-line loop, for the loop benchmark",
        f"canvas {COLUMNS * 25}x{rows * 120} background=white",
        "gradient shine hsb leading to trailing {",
        "  stop s=1.0 b=0.4; stop s=1.0 b=0.8; stop s=1.0 b=1.0; stop s=0.6 b=1.0; stop s=0.8 b=0.9", "}",
        f"for r in 0..<{rows} {{ for c in 0..<{COLUMNS} {{",
        f" pencil color={color} gradient=shine at c * 25, r * 120 size 20x100 }} }}", "",
    ])


def check(path, pencils):
    with open(path, "rb") as file:
        text = file.read()
    gradients, paths = text.count(b"<linearGradient"), text.count(b"<path")
    if b"<svg" not in text[:300] or gradients != pencils or paths != 3 * pencils:
        sys.exit(f"loop-bench: {path} has {gradients} gradients and {paths} paths, not {pencils} pencils")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rows", type=int, default=100, help="rows of 1,000 pencils (default 100)")
    parser.add_argument("--pencilc", help="a pencilc binary to use instead of building one in release")
    parser.add_argument("--before", help="an earlier pencilc, measured in the same rotation")
    parser.add_argument("--work", default="/tmp/pencil-loop-bench")
    parser.add_argument("--keep", action="store_true", help="keep the sources and outputs in --work")
    args = parser.parse_args()

    os.makedirs(args.work, exist_ok=True)
    _, runner = compile_bench.build_c(args.work, compile_bench.default_cache())
    pencilc = os.path.abspath(args.pencilc) if args.pencilc else compile_bench.build_pencilc()
    pencils = args.rows * COLUMNS
    cases, paths = [], []
    builds = [("", pencilc)] + ([(" (before)", os.path.abspath(args.before))] if args.before else [])
    for name, color in (("each its own hue", "hsb(c / 1000, 0.8, 0.9)"), ("one colour", "hsb(0.5, 0.8, 0.9)")):
        source = os.path.join(args.work, f"loop-{len(paths)}.pencil")
        with open(source, "w") as file:
            file.write(loop_scene(args.rows, color))
        paths.append(source)
        for suffix, binary in builds:
            output = os.path.join(args.work, f"loop-{len(paths)}.svg")
            paths.append(output)
            cases.append((name + suffix, [binary, source, "-o", output], None,
                          lambda output=output: check(output, pencils)))
    print(f"{pencils:,} pencils from a loop: {args.runs} alternating runs ...", file=sys.stderr, flush=True)
    medians = compile_bench.measure(runner, cases, args.runs)
    if not args.keep:
        for path in paths:
            os.remove(path)
    print(f"{pencils:,} pencils from a two-line loop to SVG; whole process, medians of {args.runs} alternating runs; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'loop':<27} {'wall':>9} {'user':>9} {'peak':>10}")
    for name, (wall, user, _, peak) in medians.items():
        print(f"{name:<27} {wall:>7.2f} s {user:>7.2f} s {peak / 2**20:>6.1f} MiB")
    for suffix, _ in builds:
        hues, one = medians["each its own hue" + suffix], medians["one colour" + suffix]
        print(f"each its own hue / one colour{suffix}: wall {hues[0] / one[0]:.2f}x, user {hues[1] / one[1]:.2f}x")
    if args.before:
        now, then = medians["each its own hue"], medians["each its own hue (before)"]
        print(f"each its own hue, this build / before: wall {now[0] / then[0]:.2f}x, user {now[1] / then[1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
