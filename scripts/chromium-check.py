#!/usr/bin/env python3
"""Optional check, not run in CI (Chromium is a large install): renders each
sample's SVG (with --text-as-paths) in headless Chromium at 1 device pixel
per point, and compares the screenshot with pencilc's own PPM, reporting the
mean absolute difference, the 99th percentile and the maximum in 1/255.

Usage: scripts/chromium-check.py [--pencilc PATH]
Needs: apt-get install chromium; pip install pillow numpy
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "debug", "pencilc"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="pencil-chromium-")
    print(f"{'sample':20} {'mean':>7} {'p99':>6} {'max':>5}   (pencilc PPM vs Chromium, 1/255)")
    for scene in sorted(glob.glob(os.path.join(root, "samples", "*.pencil"))):
        name = os.path.splitext(os.path.basename(scene))[0]
        svg, ppm = os.path.join(work, name + ".svg"), os.path.join(work, name + ".ppm")
        html, shot = os.path.join(work, name + ".html"), os.path.join(work, name + ".png")
        subprocess.run([args.pencilc, scene, "--text-as-paths", "-o", svg], check=True, stderr=subprocess.DEVNULL)
        subprocess.run([args.pencilc, scene, "-o", ppm], check=True, stderr=subprocess.DEVNULL)
        ours = np.asarray(Image.open(ppm).convert("RGB"), dtype=np.float64)
        height, width = ours.shape[:2]
        with open(html, "w") as file:
            file.write(f'<!doctype html><body style="margin:0;background:white"><img src="{name}.svg" style="display:block">')
        subprocess.run(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--force-device-scale-factor=1", f"--window-size={width},{height}", f"--screenshot={shot}",
             "file://" + html],
            check=True, capture_output=True, timeout=120,
        )
        theirs = np.asarray(Image.open(shot).convert("RGB"), dtype=np.float64)[:height, :width]
        difference = np.abs(ours - theirs)
        print(f"{name:20} {difference.mean():7.3f} {np.percentile(difference, 99):6.1f} {difference.max():5.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
