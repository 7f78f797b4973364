#!/usr/bin/env python3
"""Checks that SVG `<text>` occupies the box layout measured for it, in two
independent renderers: pencilc measures text with its built-in font, and
writes `textLength` (with lengthAdjust="spacingAndGlyphs") so that whatever
font the viewer has is stretched or squeezed to that width; a background
sized to the text then fits it in every viewer.

For each line of a test scene (several sizes, weights and alignments), the
script renders the SVG, finds the ink of each line in its own band of rows,
and checks it lies within the measured box (2 pixels of slack for the
glyphs' side bearings) and spans at least 85% of it:

  * `<text>` in resvg (its sans-serif family set to DejaVu Sans, the font
    Debian has), which honours textLength: must pass;
  * `<text>` in rsvg-convert, for information only: librsvg ignores
    textLength (2.54 here; CairoSVG, androidsvg and canvg do too), so the
    viewer's font keeps its own width and a line in a wide font overflows;
  * `--text-as-paths` (the built-in font's outlines, exact in every viewer)
    in rsvg-convert: must pass.

Usage: scripts/text-box-check.py [--pencilc PATH]
Needs resvg, rsvg-convert, Pillow, numpy and a sans-serif font (fonts-dejavu-core).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

SCENE = """canvas 620xHEIGHT background=white
LINES
"""
TEXTS = [
    ('"Morning practice"', "font=title"),
    ('"Edit practice"', "font=largeTitle"),
    ('"Save"', "font=headline align=center"),
    ('"Current amount: 42 of 100000"', "font=body align=trailing"),
    ('"WIDE MMMM WWWW iiii llll"', "font=title2"),
    ('"Beads on one round of the mala."', "font=footnote"),
]


def scene():
    lines = []
    for row, (text, style) in enumerate(TEXTS):
        x = {"align=center": 310, "align=trailing": 600}.get(style.split()[-1], 20)
        lines.append(f"text {text} at {x}, {row * 40 + 30} {style} color=black")
    return SCENE.replace("HEIGHT", str(40 * len(TEXTS))).replace("LINES", "\n".join(lines))


def boxes(svg):
    """The measured [left, right] of each <text>, from its x, anchor and textLength."""
    found = []
    for tag in re.findall(r"<text [^>]*>", svg):
        attributes = dict(re.findall(r'([\w:-]+)="([^"]*)"', tag))
        x, width = float(attributes["x"]), float(attributes["textLength"])
        left = {"middle": x - width / 2, "end": x - width}.get(attributes.get("text-anchor"), x)
        found.append((left, left + width))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "debug", "pencilc"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="pencil-text-box-")
    source, svg = os.path.join(work, "text.pencil"), os.path.join(work, "text.svg")
    with open(source, "w") as file:
        file.write(scene())
    outlined = os.path.join(work, "outlined.svg")
    subprocess.run([args.pencilc, source, "-o", svg], check=True)
    subprocess.run([args.pencilc, source, "--text-as-paths", "-o", outlined], check=True)
    expected = boxes(open(svg).read())
    if len(expected) != len(TEXTS):
        print(f"FAIL: found {len(expected)} measured text boxes, expected {len(TEXTS)}")
        return 1
    renders = [
        ("resvg <text>", True, ["resvg", "--sans-serif-family", "DejaVu Sans", svg, os.path.join(work, "a.png")]),
        ("rsvg <text>", False, ["rsvg-convert", svg, "-o", os.path.join(work, "b.png")]),
        ("rsvg outlines", True, ["rsvg-convert", outlined, "-o", os.path.join(work, "c.png")]),
    ]
    failures, checked = 0, 0
    print(f"{'renderer':13} {'line':33} {'box':>15} {'ink':>15}  (points)")
    for name, required, command in renders:
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
        pixels = np.asarray(Image.open(command[-1]).convert("L"), dtype=np.float64)
        for row, ((text, _), (left, right)) in enumerate(zip(TEXTS, expected)):
            band = pixels[row * 40:(row + 1) * 40]
            columns = np.where((band < 128).any(axis=0))[0]
            checked += 1 if required else 0
            if len(columns) == 0:
                print(f"{name:13} {text[:33]:33} no ink: {'FAIL' if required else 'outside (information)'}")
                failures += 1 if required else 0
                continue
            ink = (columns.min(), columns.max() + 1)
            ok = ink[0] >= left - 2 and ink[1] <= right + 2 and (ink[1] - ink[0]) >= 0.85 * (right - left)
            verdict = "ok" if ok else ("FAIL" if required else "outside (information)")
            failures += 0 if ok or not required else 1
            print(f"{name:13} {text[:33]:33} {left:6.1f}-{right:6.1f}  {ink[0]:6d}-{ink[1]:6d}  {verdict}")
    print(f"text boxes: {checked - failures} passed, {failures} failed (rsvg <text> for information)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
