#!/usr/bin/env python3
"""The same diagram in pencil and in Pikchr (issue 22, "Goals"; docs/dev/benchmarks.md).

Where compile-bench.py gives Pikchr a box script of the pencil scene's size,
this benchmark draws one picture in both languages: N labelled boxes at
fixed places (COLUMNS to a row) with an arrow from each box to the next,
written as issue 22 writes them:

  pencil: b0: rect at X,Y size 80x40 fill=#ddddee stroke=black lineWidth=1
          text "b0" at X+40,Y+25 align=center
          arrow from b0.trailing to b1.leading
  Pikchr: B0: box "b0" at (x,y) width 0.8 height 0.4 fill 0xddddee
          arrow from B0.e to B1.w

Each arrow follows the box it points to, so that both compilers find the
two boxes it names among the last ones made: Pikchr looks a name up by
walking its list of objects backwards, and with every arrow after all the
boxes the diagram would measure that walk (quadratic) rather than the
compile. pencil measures in points, Pikchr in inches: a point here is 1/100 inch
(80x40 is 0.8 by 0.4), Pikchr's `at` is a box's centre where pencil's is its
top-left corner, and Pikchr's y grows upward. Each output is checked before
timing: N labels and N boxes and N-1 arrows in both SVGs.

Both compile to an SVG file as whole processes (`pencilc diagram.pencil
--appearance light -o out.svg`: one appearance, as Pikchr writes; and
`pikchr --svg-only diagram.pikchr > out.svg`), alternating run by run with
the order turned every other round, through compile-bench's C runner (wall
time, user and system time and peak memory of the child alone); medians.

Usage: scripts/diagram-bench.py [--boxes N] [--runs N] [--pencilc PATH] [--pikchr-cache DIR]
  --boxes N   boxes in the diagram (default 10,000)
  --runs N    alternating runs (default 7)
  --keep      leave the sources and SVGs in --work (for a profile)
Needs a C compiler and Pikchr's source (see pikchr_source.py); builds pencilc
in release unless --pencilc is given.
"""
import argparse
import importlib.util
import os
import sys

from pikchr_source import default_cache

# compile-bench.py's builds (Pikchr, the C runner, pencilc in release) and
# its alternating measurement, shared rather than copied.
_spec = importlib.util.spec_from_file_location(
    "compile_bench", os.path.join(os.path.dirname(os.path.abspath(__file__)), "compile-bench.py"))
compile_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compile_bench)
build_c, build_pencilc, measure = compile_bench.build_c, compile_bench.build_pencilc, compile_bench.measure

COLUMNS = 100
# A box and the gap to its neighbour, in points: 80x40 boxes, 40 between
# columns (the arrow's room), 40 between rows.
STEP_X, STEP_Y, MARGIN = 120, 80, 20


def place(index):
    """The top-left corner of box `index`, in points."""
    return MARGIN + index % COLUMNS * STEP_X, MARGIN + index // COLUMNS * STEP_Y


def pencil_diagram(count):
    rows = (count + COLUMNS - 1) // COLUMNS
    width = 2 * MARGIN + COLUMNS * STEP_X - (STEP_X - 80)
    height = 2 * MARGIN + rows * STEP_Y - (STEP_Y - 40)
    lines = [f"// {count} labelled boxes with arrows, for the diagram benchmark",
             f"canvas {width}x{height} background=white"]
    for index in range(count):
        x, y = place(index)
        lines.append(f"b{index}: rect at {x},{y} size 80x40 fill=#ddddee stroke=black lineWidth=1")
        lines.append(f'text "b{index}" at {x + 40},{y + 25} align=center')
        if index:
            lines.append(f"arrow from b{index - 1}.trailing to b{index}.leading")
    return "\n".join(lines) + "\n"


def inches(points):
    """Points as Pikchr's inches (a point is 1/100 inch here), exactly."""
    sign = "-" if points < 0 else ""
    whole, hundredths = divmod(abs(points), 100)
    return f"{sign}{whole}.{hundredths:02d}"


def pikchr_diagram(count):
    lines = [f"# {count} labelled boxes with arrows, for the diagram benchmark"]
    for index in range(count):
        x, y = place(index)
        lines.append(f'B{index}: box "b{index}" at ({inches(x + 40)},{inches(-(y + 20))}) '
                     f"width 0.8 height 0.4 fill 0xddddee")
        if index:
            lines.append(f"arrow from B{index - 1}.e to B{index}.w")
    return "\n".join(lines) + "\n"


def check_counts(path, count, what):
    """Both outputs are SVG with a <text> per label, and a <path> per box
    and per arrow line at least (pencil draws an arrow's head as a second
    path, Pikchr as a <polygon>)."""
    with open(path, "rb") as file:
        text = file.read()
    labels, paths = text.count(b"<text"), text.count(b"<path")
    if b"<svg" not in text[:300] or labels != count or paths < 2 * count - 1:
        sys.exit(f"diagram-bench: {what} wrote {labels} labels and {paths} paths, not {count} boxes:\n{text[:400]!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boxes", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pencilc", help="a pencilc binary to use instead of building one in release")
    parser.add_argument("--work", default="/tmp/pencil-diagram-bench")
    parser.add_argument("--keep", action="store_true", help="keep the sources and outputs in --work")
    parser.add_argument("--pikchr-cache", default=default_cache())
    args = parser.parse_args()

    os.makedirs(args.work, exist_ok=True)
    pikchr, runner = build_c(args.work, args.pikchr_cache)
    if pikchr is None:
        sys.exit("diagram-bench: the comparison needs Pikchr (see the line above)")
    pencilc = os.path.abspath(args.pencilc) if args.pencilc else build_pencilc()

    paths = {name: os.path.join(args.work, f"diagram-{args.boxes}.{name}")
             for name in ("pencil", "pikchr", "pencil.svg", "pikchr.svg")}
    with open(paths["pencil"], "w") as file:
        file.write(pencil_diagram(args.boxes))
    with open(paths["pikchr"], "w") as file:
        file.write(pikchr_diagram(args.boxes))

    cases = [
        ("pencilc", [pencilc, paths["pencil"], "--appearance", "light", "-o", paths["pencil.svg"]], None,
         lambda: check_counts(paths["pencil.svg"], args.boxes, "pencilc")),
        ("pikchr", [pikchr, "--svg-only", paths["pikchr"]], paths["pikchr.svg"],
         lambda: check_counts(paths["pikchr.svg"], args.boxes, "pikchr")),
    ]
    print(f"{args.boxes:,} boxes: {args.runs} alternating runs ...", file=sys.stderr, flush=True)
    medians = measure(runner, cases, args.runs)
    sizes = {name: os.path.getsize(paths[name]) for name in paths}
    if not args.keep:
        for path in paths.values():
            os.remove(path)

    ours, theirs = medians["pencilc"], medians["pikchr"]
    print(f"the same diagram, {args.boxes:,} labelled boxes and {args.boxes - 1:,} arrows, to SVG; whole process, "
          f"medians of {args.runs} alternating runs; load average {os.getloadavg()[0]:.2f}")
    print(f"{'program':<10} {'source':>9} {'wall':>9} {'user':>9} {'peak':>9} {'SVG':>9}")
    for name, language, figures in (("pencilc", "pencil", ours), ("pikchr", "pikchr", theirs)):
        wall, user, _, peak = figures
        print(f"{name:<10} {sizes[language] / 1e6:>6.2f} MB {wall * 1000:>6.0f} ms {user * 1000:>6.0f} ms "
              f"{peak / 2**20:>5.1f} MiB {sizes[language + '.svg'] / 1e6:>6.2f} MB")
    print(f"ratio pencilc / pikchr: wall {ours[0] / theirs[0]:.2f}x, user {ours[1] / theirs[1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
