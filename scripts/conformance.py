#!/usr/bin/env python3
"""Raster conformance: compares pencilc's own PPM with two reference
renderers drawing pencilc's own SVG (with --text-as-paths, so text is
compared glyph for glyph), for every sample and every golden test scene,
in the light appearance and, for a scene whose colours depend on it, in
the dark one too (each with --appearance, so the SVG is fixed):

  resvg          (pip install resvg-cli): tiny-skia, 4x4 supersampled AA
  rsvg-convert   (apt-get install librsvg2-bin): Cairo, exact-area AA like ours

For each scene and each pair it reports, over all RGB channel values of all
pixels composited on white, the mean absolute difference, the 99th
percentile and the maximum, in 1/255 units.

The bars (mean <= 0.5, p99 <= 8):
  * against rsvg-convert: both bars on every scene;
  * against resvg: both bars, or, where the references themselves are
    further apart than the bar, no further from resvg than Cairo is plus a
    slack (2/255 for p99, 0.1 for the mean). resvg's 16-level edge coverage
    differs from any exact-area rasterizer by up to 1/8 on every edge pixel,
    so a scene of many small shapes (hue-grid) is that far from it whoever
    draws it. The allowance grows continuously with the references' own
    distance: max(bar, references + slack).

Usage: scripts/conformance.py [--pencilc PATH] [--keep DIR] [--only TEXT]
Needs resvg, rsvg-convert, Pillow and numpy.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

MEAN_BAR = 0.5
P99_BAR = 8.0
SLACK = 2.0
MEAN_SLACK = 0.1


def scenes(root):
    return sorted(glob.glob(os.path.join(root, "samples", "*.pencil"))) + sorted(
        glob.glob(os.path.join(root, "Tests", "PencilCoreTests", "Fixtures", "golden", "*.pencil"))
    )


def on_white(path):
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255.0
    return np.round(rgba[..., :3] * alpha + 255.0 * (1.0 - alpha))


def stats(a, b):
    difference = np.abs(a - b)
    return difference.mean(), np.percentile(difference, 99), difference.max()


def adapts(pencilc, scene):
    """Whether the scene's SVG follows the viewer's appearance (it has colours per appearance)."""
    svg = subprocess.run([pencilc, scene], check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    return b"prefers-color-scheme" in svg


def render(pencilc, scene, work, appearance):
    name = os.path.splitext(os.path.basename(scene))[0] + ("" if appearance == "light" else f" ({appearance})")
    files = {key: os.path.join(work, f"{name}.{key}") for key in ("ppm", "svg", "resvg.png", "rsvg.png")}
    fixed = ["--appearance", appearance]
    subprocess.run([pencilc, scene, *fixed, "-o", files["ppm"]], check=True, stderr=subprocess.DEVNULL)
    subprocess.run(
        [pencilc, scene, *fixed, "--text-as-paths", "-o", files["svg"]], check=True, stderr=subprocess.DEVNULL
    )
    subprocess.run(["resvg", files["svg"], files["resvg.png"]], check=True, stderr=subprocess.DEVNULL)
    subprocess.run(["rsvg-convert", files["svg"], "-o", files["rsvg.png"]], check=True, stderr=subprocess.DEVNULL)
    ours = np.asarray(Image.open(files["ppm"]).convert("RGB"), dtype=np.float64)
    return name, ours, on_white(files["resvg.png"]), on_white(files["rsvg.png"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "debug", "pencilc"))
    parser.add_argument("--keep", help="keep the rendered files in this directory")
    parser.add_argument("--only", help="only the scenes whose file name contains this text")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="pencil-conformance-")
    os.makedirs(work, exist_ok=True)
    failures = 0
    header = "mean   p99   max"
    print(f"{'':22} {'pencilc vs resvg':>18}   {'pencilc vs rsvg':>18}   {'rsvg vs resvg':>18}")
    print(f"{'scene':22} {header:>18}   {header:>18}   {header:>18}   (1/255 units)")
    # Each scene in light, and in dark too when its colours depend on the appearance.
    chosen = [scene for scene in scenes(root) if args.only is None or args.only in os.path.basename(scene)]
    runs = [(scene, "light") for scene in chosen]
    runs += [(scene, "dark") for scene in chosen if adapts(args.pencilc, scene)]
    for scene, appearance in runs:
        name, ours, resvg, rsvg = render(args.pencilc, scene, work, appearance)
        if ours.shape != resvg.shape or ours.shape != rsvg.shape:
            print(f"{name:22} FAIL: sizes differ {ours.shape} {resvg.shape} {rsvg.shape}")
            failures += 1
            continue
        vs_resvg, vs_rsvg, references = stats(ours, resvg), stats(ours, rsvg), stats(rsvg, resvg)
        p99_allowed = max(P99_BAR, references[1] + SLACK)
        mean_allowed = max(MEAN_BAR, references[0] + MEAN_SLACK)
        problems = []
        if vs_resvg[0] > mean_allowed:
            problems.append(f"mean vs resvg > {mean_allowed:.3f}")
        if vs_resvg[1] > p99_allowed:
            problems.append(f"p99 vs resvg > {p99_allowed:g}")
        if vs_rsvg[0] > MEAN_BAR:
            problems.append("mean vs rsvg")
        if vs_rsvg[1] > P99_BAR:
            problems.append("p99 vs rsvg")
        failures += 1 if problems else 0
        cells = "   ".join(f"{m:6.3f} {p:5.1f} {x:5.0f}" for m, p, x in (vs_resvg, vs_rsvg, references))
        print(f"{name:22} {cells}   {'FAIL: ' + ', '.join(problems) if problems else 'ok'}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"conformance: {len(runs) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
