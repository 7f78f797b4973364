#!/usr/bin/env python3
"""ASCII quality: for every sample, compares the darkness each cell's
character stands for (the backend's own table in
Sources/PencilASCII/ASCIIGlyphs.swift) with the mean darkness
of the same region of pencilc's raster output, and reports the Pearson
correlation. Bar: >= 0.9 on every sample at 80 columns.

Text elements are written by the ASCII backend as their own characters and
drawn by the raster backends with the stroke font, so the two cannot be
compared cell by cell: both sides are rendered from a copy of each sample
whose `text` statements are made invisible (opacity=0: laid out as before,
so the backgrounds and padding around text stay, but drawn by neither).
Strokes, lines and arrows are left out the same way (stroke=.clear): the
backend writes them as line characters (- | / \ _ + and > < ^ v), which
stand for a line, not for the tone of their cell. Darkness is
1 - luminance (Rec. 709 weights) over white, as the backend computes it.

It also reports the share of shape characters (anything but a space)
standing on blank cells: cells whose mean darkness is below 0.05, half the
tone of the faintest characters (. ' ,). Bar: <= 5% on every sample.

Usage: scripts/ascii-quality.py [--pencilc PATH] [--columns N]
Needs Pillow and numpy.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import numpy as np
from PIL import Image

BAR = 0.9
BLANK = 0.05
STRAY_BAR = 0.05
SCALE = 4


def darkness_table(root):
    source = open(os.path.join(root, "Sources", "PencilASCII", "ASCIIGlyphs.swift")).read()
    table = {}
    for character, value in re.findall(r'\("(\\\\|\\"|.)", ([0-9.]+)\)', source):
        table[character.encode().decode("unicode_escape")] = float(value)
    return table


def invisible(line):
    """A text statement's line with opacity=0 (before any comment)."""
    code, comment = (line.split("//", 1) + [""])[:2] if "//" in line else (line.rstrip("\n"), "")
    code = re.sub(r"\s+opacity=\S+", "", code.rstrip("\n"))
    return code.rstrip() + " opacity=0" + (" //" + comment if comment else "\n")


def unstroked(line):
    """A line with every stroke made clear: strokes, lines and arrows are
    written as line characters, as text is written as letters, and are
    left out of the comparison the same way."""
    # A value is a run of non-space characters and parenthesised groups:
    # stroke=hsb(0.1, 1, 1) and stroke=.orange.opacity(0.3) are one value.
    code = re.sub(r"\bstroke=(?:[^\s(]|\([^()]*\))+", "stroke=.clear", line)
    statement = re.sub(r"^\s*\w+:\s*", "", code)
    if re.match(r"(arrow|line)\s+from\b|path\b", statement) and "stroke=" not in code:
        if "{" in code:
            code = code.replace("{", "stroke=.clear {", 1)
        else:
            code = code.rstrip("\n") + " stroke=.clear\n"
    return code


def strip_text(scene, copy):
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    with open(scene) as source, open(copy, "w") as target:
        for line in source:
            target.write(invisible(line) if line.lstrip().startswith("text ") else unstroked(line))


def without_text(scene, work):
    """A copy of the scene without its text lines, beside copies of the
    files it may import (samples/lib/*.pencil), stripped the same way."""
    name = os.path.splitext(os.path.basename(scene))[0]
    copy = os.path.join(work, name + ".pencil")
    strip_text(scene, copy)
    for library in glob.glob(os.path.join(os.path.dirname(scene), "lib", "*.pencil")):
        strip_text(library, os.path.join(work, "lib", os.path.basename(library)))
    return copy


def measure(pencilc, original, columns, table, work):
    name = os.path.splitext(os.path.basename(original))[0]
    scene = without_text(original, work)
    text = subprocess.run(
        [pencilc, scene, "-f", "ascii", "--columns", str(columns), "--color", "never"],
        check=True, capture_output=True, text=True,
    ).stdout
    svg = os.path.join(work, name + ".svg")
    ppm = os.path.join(work, name + ".ppm")
    subprocess.run([pencilc, scene, "-o", svg], check=True, stderr=subprocess.DEVNULL)
    subprocess.run([pencilc, scene, "--scale", str(SCALE), "-o", ppm], check=True, stderr=subprocess.DEVNULL)
    x0, y0, width, height = map(float, ET.parse(svg).getroot().attrib["viewBox"].split())
    lines = text.split("\n")[:-1]
    rows = len(lines)
    pixels = np.asarray(Image.open(ppm).convert("RGB"), dtype=np.float64)
    dark = 1 - (0.2126 * pixels[..., 0] + 0.7152 * pixels[..., 1] + 0.0722 * pixels[..., 2]) / 255
    # The cell of every pixel centre, in points.
    ys = ((np.arange(dark.shape[0]) + 0.5) / SCALE * rows / height).astype(int).clip(0, rows - 1)
    xs = ((np.arange(dark.shape[1]) + 0.5) / SCALE * columns / width).astype(int).clip(0, columns - 1)
    sums = np.zeros((rows, columns))
    counts = np.zeros((rows, columns))
    np.add.at(sums, (ys[:, None], xs[None, :]), dark)
    np.add.at(counts, (ys[:, None], xs[None, :]), 1)
    means = sums / np.maximum(counts, 1)
    stands, actual = [], []
    shapes, stray = 0, 0
    for row, line in enumerate(lines):
        padded = line.ljust(columns)
        for column, character in enumerate(padded[:columns]):
            if character in table:
                stands.append(table[character])
                actual.append(means[row, column])
                if character != " ":
                    shapes += 1
                    stray += 1 if means[row, column] < BLANK else 0
    return name, float(np.corrcoef(stands, actual)[0, 1]), len(stands), stray / max(shapes, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "debug", "pencilc"))
    parser.add_argument("--columns", type=int, default=80)
    args = parser.parse_args()
    table = darkness_table(root)
    work = tempfile.mkdtemp(prefix="pencil-ascii-")
    failures = 0
    samples = sorted(glob.glob(os.path.join(root, "samples", "*.pencil")))
    print(
        f"{'sample':20} {'correlation':>11} {'cells':>6} {'on blank':>8}"
        f"   (bars >= {BAR}, <= {STRAY_BAR:.0%} at {args.columns} columns)"
    )
    for scene in samples:
        name, correlation, cells, stray = measure(args.pencilc, scene, args.columns, table, work)
        ok = correlation >= BAR and stray <= STRAY_BAR
        failures += 0 if ok else 1
        print(f"{name:20} {correlation:11.3f} {cells:6d} {stray:8.1%}   {'ok' if ok else 'FAIL'}")
    print(f"ascii-quality: {len(samples) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
