#!/usr/bin/env python3
"""Raster speed benchmark: a 4000x3000 canvas with 400 pencils (10 rows of
40, each 100x300 with the five-stop shine gradient). Times, as whole
processes and alternating, `pencilc big.pencil -o big.ppm` against
`resvg big.svg big.png` on pencilc's own SVG of the same scene, and reports
the median of each, the median ratio, megapixels per second and peak memory
(maximum resident set size).

Usage: scripts/raster-bench.py [--pencilc PATH] [--runs N]
Build pencilc first with: swift build -c release
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 4000, 3000


def scene():
    lines = [
        "// 400 pencils on a 4000x3000 canvas: the raster benchmark",
        f"canvas {WIDTH}x{HEIGHT} background=white",
        "gradient shine hsb leading to trailing {",
        "  stop s=1.0 b=0.4", "  stop s=1.0 b=0.8", "  stop s=1.0 b=1.0", "  stop s=0.6 b=1.0", "  stop s=0.8 b=0.9",
        "}",
    ]
    colors = [".red", ".orange", ".yellow", ".green", ".blue", "hsb(0.773, 1.0, 0.51)", "hsb(0.771, 1.0, 1.0)"]
    for row in range(10):
        for column in range(40):
            color = colors[(row * 40 + column) % len(colors)]
            lines.append(f"pencil color={color} gradient=shine at {column * 100},{row * 300} size 100x300")
    return "\n".join(lines) + "\n"


def timed(command):
    """Wall time and peak RSS (KiB) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{process.stderr}")
    peak = int(process.stderr.strip().splitlines()[-1])
    return elapsed, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "release", "pencilc"))
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="pencil-raster-bench-")
    source = os.path.join(work, "big.pencil")
    with open(source, "w") as file:
        file.write(scene())
    svg = os.path.join(work, "big.svg")
    subprocess.run([args.pencilc, source, "-o", svg], check=True)
    ours_command = [args.pencilc, source, "-o", os.path.join(work, "big.ppm")]
    resvg_command = ["resvg", svg, os.path.join(work, "big.png")]
    # One warm-up each, then alternate so both see the same machine load.
    timed(ours_command)
    timed(resvg_command)
    ours, theirs, ratios, ours_peak, theirs_peak = [], [], [], 0, 0
    for _ in range(args.runs):
        a, peak_a = timed(ours_command)
        b, peak_b = timed(resvg_command)
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
        ours_peak = max(ours_peak, peak_a)
        theirs_peak = max(theirs_peak, peak_b)
    megapixels = WIDTH * HEIGHT / 1e6
    print(f"scene: 400 pencils with the shine gradient, {WIDTH}x{HEIGHT} ({megapixels:g} MP), {args.runs} alternating runs")
    print(f"pencilc -o big.ppm   median {statistics.median(ours) * 1000:7.1f} ms  "
          f"{megapixels / statistics.median(ours):6.1f} MP/s  peak {ours_peak / 1024:6.1f} MiB")
    print(f"resvg big.svg big.png median {statistics.median(theirs) * 1000:7.1f} ms  "
          f"{megapixels / statistics.median(theirs):6.1f} MP/s  peak {theirs_peak / 1024:6.1f} MiB")
    print(f"median ratio pencilc/resvg: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
