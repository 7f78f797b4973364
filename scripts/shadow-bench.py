#!/usr/bin/env python3
"""Shadow benchmark (issue 25): 400 pencils on a 4000x3000 canvas (10 rows
of 40, each 70x260 in a 100x300 cell, the five-stop shine gradient), once
plain and once each with SwiftUI's shadow of radius 20 (`shadow=20
shadow.y=10`, a Gaussian of standard deviation 20 points under every
pencil). Times, as whole processes and alternating, `pencilc -o x.png` on
both scenes and `resvg` on pencilc's SVG of the shadowed one (light
appearance), and reports the median wall time of each, the median of the
per-round ratios (shadowed / plain, pencilc / resvg) and peak memory.

The bars of the issue: the shadowed PNG within 1.5x the plain one, and
within 0.5x resvg's time on the same SVG. The pencils' shadows are the
same picture up to a move, so the raster backends blur a few and reuse
them (see Sources/PencilRaster/ShadowMasks.swift); `--varied` gives every
pencil its own height, so each shadow is blurred on its own.

Usage: scripts/shadow-bench.py [--pencilc PATH] [--runs N] [--keep DIR] [--varied]
Build pencilc first with: swift build -c release
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 4000, 3000


def scene(shadow, varied=False):
    lines = [
        f"// 400 pencils on a 4000x3000 canvas{', each with a shadow of radius 20' if shadow else ''}",
        f"canvas {WIDTH}x{HEIGHT} background=white",
        "gradient shine hsb leading to trailing {",
        "  stop s=1.0 b=0.4", "  stop s=1.0 b=0.8", "  stop s=1.0 b=1.0", "  stop s=0.6 b=1.0", "  stop s=0.8 b=0.9",
        "}",
    ]
    colors = [".red", ".orange", ".yellow", ".green", ".blue", "hsb(0.773, 1.0, 0.51)", "hsb(0.771, 1.0, 1.0)"]
    effect = " shadow=20 shadow.y=10" if shadow else ""
    for row in range(10):
        for column in range(40):
            color = colors[(row * 40 + column) % len(colors)]
            # Varied: every pencil a little taller than the one before, so
            # no two shadows are the same picture and none is reused.
            height = f"{260 - (row * 40 + column) * 0.15:g}" if varied else "260"
            lines.append(
                f"pencil color={color} gradient=shine at {column * 100 + 15},{row * 300 + 15} size 70x{height}{effect}"
            )
    return "\n".join(lines) + "\n"


def timed(command):
    """Wall time and CPU time (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "release", "pencilc"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", help="keep the scenes and pictures in this directory")
    parser.add_argument(
        "--varied", action="store_true", help="pencils of 400 heights: no shadow is the same picture as another"
    )
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="pencil-shadow-bench-")
    os.makedirs(work, exist_ok=True)
    paths = {name: os.path.join(work, name) for name in ("plain.pencil", "shadow.pencil", "shadow.svg")}
    with open(paths["plain.pencil"], "w") as f:
        f.write(scene(False, args.varied))
    with open(paths["shadow.pencil"], "w") as f:
        f.write(scene(True, args.varied))
    subprocess.run(
        [args.pencilc, paths["shadow.pencil"], "--appearance", "light", "-o", paths["shadow.svg"]], check=True
    )
    subprocess.run(
        [args.pencilc, paths["plain.pencil"], "--appearance", "light", "-o", os.path.join(work, "plain.svg")],
        check=True,
    )
    # The PPM runs draw the same pixels without compressing them (to a
    # device, written in place): how much of the difference is drawing the
    # shadows and how much is deflating a picture of more detail.
    commands = {
        "pencilc plain PNG": [args.pencilc, paths["plain.pencil"], "-o", os.path.join(work, "plain.png")],
        "pencilc shadowed PNG": [args.pencilc, paths["shadow.pencil"], "-o", os.path.join(work, "shadow.png")],
        "pencilc plain PPM": [args.pencilc, paths["plain.pencil"], "-f", "ppm", "-o", os.devnull],
        "pencilc shadowed PPM": [args.pencilc, paths["shadow.pencil"], "-f", "ppm", "-o", os.devnull],
        "resvg plain SVG": ["resvg", os.path.join(work, "plain.svg"), os.path.join(work, "plain.resvg.png")],
        "resvg shadowed SVG": ["resvg", paths["shadow.svg"], os.path.join(work, "shadow.resvg.png")],
    }
    walls = {name: [] for name in commands}
    cpus = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            wall, cpu = timed(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(f"{'command':24} {'median wall s':>14} {'median CPU s':>13}")
    for name in commands:
        print(f"{name:24} {statistics.median(walls[name]):14.3f} {statistics.median(cpus[name]):13.3f}")

    def ratio(times, over, under):
        return statistics.median(s / p for s, p in zip(times[over], times[under]))

    over_plain = ratio(walls, "pencilc shadowed PNG", "pencilc plain PNG")
    over_resvg = ratio(walls, "pencilc shadowed PNG", "resvg shadowed SVG")
    print(f"shadowed / plain, PNG: {over_plain:.2f}x wall, {ratio(cpus, 'pencilc shadowed PNG', 'pencilc plain PNG'):.2f}x CPU (bar 1.5)")
    print(f"shadowed / plain, PPM: {ratio(walls, 'pencilc shadowed PPM', 'pencilc plain PPM'):.2f}x wall, {ratio(cpus, 'pencilc shadowed PPM', 'pencilc plain PPM'):.2f}x CPU")
    print(f"shadowed / plain, resvg: {ratio(walls, 'resvg shadowed SVG', 'resvg plain SVG'):.2f}x wall")
    print(f"shadowed / resvg: {over_resvg:.2f}x wall (bar 0.5)")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if over_plain <= 1.5 and over_resvg <= 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
