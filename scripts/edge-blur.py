#!/usr/bin/env python3
"""Where the references disagree on a filter's edge (issue 25): a blur and
a shadow that cross the canvas's edges, drawn by pencilc's raster backend
and, from pencilc's SVG, by resvg and rsvg-convert. Writes the three
pictures to docs/pictures/edge-blur-{pencilc,resvg,rsvg}.png (or --out)
and prints each pair's distance over the RGB values composited on white
(mean, 99th percentile and maximum, in 1/255).

rsvg-convert 2.54 (Debian 12) cuts a filter's input to the canvas, so a
blur that crosses the edge fades there; resvg and Chromium, like
pencilc, blur what lies just outside. See docs/dev/testing.md, "Shadows
and blur across renderers".

Usage: scripts/edge-blur.py [--pencilc PATH] [--out DIR]
Needs resvg (pip install resvg-cli), rsvg-convert (librsvg2-bin), Pillow and numpy.
"""
import argparse
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image

SCENE = """\
// A blur and a shadow that cross the canvas's edges
canvas 240x120 background=white
rect at -30,20 size 90x60 fill=.blue blur=8
roundrect at 130,70 size 90x70 radius=12 fill=.orange shadow=10 shadow.y=6
"""


def on_white(path):
    image = Image.open(path).convert("RGBA")
    rgba = np.asarray(image).astype(np.float64)
    alpha = rgba[..., 3:4] / 255
    return rgba[..., :3] * alpha + 255 * (1 - alpha)


def distance(a, b):
    difference = np.abs(on_white(a) - on_white(b))
    return difference.mean(), np.percentile(difference, 99), difference.max()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "release", "pencilc"))
    parser.add_argument("--out", default=os.path.join(root, "docs", "pictures"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="pencil-edge-blur-")
    scene = os.path.join(work, "edge.pencil")
    with open(scene, "w") as f:
        f.write(SCENE)
    svg = os.path.join(work, "edge.svg")
    pictures = {name: os.path.join(args.out, f"edge-blur-{name}.png") for name in ("pencilc", "resvg", "rsvg")}
    subprocess.run([args.pencilc, scene, "--appearance", "light", "-o", svg], check=True)
    subprocess.run([args.pencilc, scene, "--appearance", "light", "-o", pictures["pencilc"]], check=True)
    subprocess.run(["resvg", svg, pictures["resvg"]], check=True)
    subprocess.run(["rsvg-convert", svg, "-o", pictures["rsvg"]], check=True)
    print(f"{'pair':22} {'mean':>7} {'p99':>5} {'max':>5}")
    for a, b in (("pencilc", "resvg"), ("pencilc", "rsvg"), ("rsvg", "resvg")):
        mean, p99, largest = distance(pictures[a], pictures[b])
        print(f"{a + ' vs ' + b:22} {mean:7.3f} {p99:5.0f} {largest:5.0f}")
    for path in pictures.values():
        print("wrote", os.path.relpath(path, root))


if __name__ == "__main__":
    main()
