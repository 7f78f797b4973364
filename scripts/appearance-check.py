#!/usr/bin/env python3
"""Optional check, not run in CI (Chromium is a large install): an adaptive SVG
(written without --appearance) follows the viewer's light/dark mode in a real
browser. For each scene, pencilc writes L.svg (--appearance light), D.svg
(--appearance dark) and A.svg (adaptive), all with --text-as-paths; headless
Chromium draws each at 1 device pixel per point, and the check wants
  A in light mode == L  and  A in dark mode == D  (mean |difference| < --bar),
  A in light mode != A in dark mode  (the media query took effect).
It also reports, for information, Chromium's L and D against resvg's (`resvg
L.svg L.png`, on white), with the generous bar --resvg-bar.

How: selenium drives chromium-driver (--headless=new --no-sandbox --disable-gpu
--hide-scrollbars --force-device-scale-factor=1). The viewport is set to the
SVG's size (rounded up) with the DevTools command Emulation.setDeviceMetricsOverride,
and the mode with Emulation.setEmulatedMedia, features prefers-color-scheme
light/dark. A probe SVG with its own media query checks first that the emulation
really switches the drawing; if not, the check falls back to one browser per
mode launched with --blink-settings=preferredColorScheme=1 (light) or =0 (dark).
The SVG is shown as <img src=...svg> on a white page with no margin (--embed
img, the way SVGs are used on the web); Chromium 156 applies the emulated mode
inside an <img> too, and --embed inline (the SVG pasted into the HTML) or page
(the .svg opened as the page) check the other ways. Transparent areas show the
white page in both modes.

Usage: scripts/appearance-check.py [--pencilc PATH] [--require] [SCENE.pencil ...]
Exit: 0 on success or when skipped (no Chromium/selenium, no scene), 1 on failure;
with --require a skip is a failure.
Needs: apt-get install -y chromium chromium-driver; pip install selenium pillow numpy;
optional pip install resvg-cli (the informational column).
"""
import argparse
import io
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import headless_chromium

try:
    import numpy as np
    from PIL import Image
    import selenium  # noqa: F401 (headless_chromium starts it)
except ImportError as error:
    MISSING = error.name
else:
    MISSING = None

PAGE_STYLE = "body{margin:0;background:#fff}img,svg{display:block}"
PROBE = """<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><style>.p{fill:#ffffff}
@media (prefers-color-scheme: dark){.p{fill:#000000}}</style><rect width="8" height="8" fill="#ffffff" class="p"/></svg>
"""


def svg_size(path):
    with open(path) as file:
        root = re.search(r"<svg\b[^>]*>", file.read()).group(0)
    return tuple(math.ceil(float(re.search(rf'\b{key}="([0-9.]+)', root).group(1))) for key in ("width", "height"))


class Browser:
    """Screenshots of an SVG in light or dark mode, by emulation or by launch flags."""

    def __init__(self, work, embed):
        self.work, self.embed, self.probe = work, embed, os.path.join(work, "probe.svg")
        with open(self.probe, "w") as file:
            file.write(PROBE)
        self.drivers, self.mechanism = {None: self.launch([])}, "CDP Emulation.setEmulatedMedia"
        if self.probe_works():
            return
        self.quit()
        self.drivers = {scheme: self.launch([f"--blink-settings=preferredColorScheme={int(scheme == 'light')}"])
                        for scheme in ("light", "dark")}
        self.mechanism = "--blink-settings=preferredColorScheme"
        if not self.probe_works():
            self.quit()
            raise RuntimeError("Chromium does not switch prefers-color-scheme, by emulation or by flag")

    def launch(self, extra):
        return headless_chromium.start(extra)

    def probe_works(self):
        return self.shot(self.probe, "light")[0, 0].mean() > 250 and self.shot(self.probe, "dark")[0, 0].mean() < 5

    def shot(self, svg, scheme):
        driver = self.drivers.get(None) or self.drivers[scheme]
        if None in self.drivers:
            feature = {"name": "prefers-color-scheme", "value": scheme}
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [feature]})
        width, height = svg_size(svg)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        if self.embed == "page":
            driver.get("file://" + svg)
        else:
            if self.embed == "img":
                body = f'<img src="{os.path.basename(svg)}">'
            else:
                with open(svg) as file:
                    body = re.sub(r"<\?xml[^>]*\?>", "", file.read())
            page = os.path.join(self.work, "page.html")
            with open(page, "w") as file:
                file.write(f"<!doctype html><style>{PAGE_STYLE}</style>{body}")
            driver.get("file://" + page)
        image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
        if image.size != (width, height):
            raise RuntimeError(f"the screenshot of {svg} is {image.size}, not {(width, height)}")
        return np.asarray(image, dtype=np.float64)

    def quit(self):
        for driver in self.drivers.values():
            driver.quit()


def difference(a, b):
    """Mean absolute difference in 1/255 per channel (over the common area)."""
    height, width = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    return float(np.abs(a[:height, :width] - b[:height, :width]).mean())


def resvg_render(resvg, svg):
    png = svg[:-4] + ".resvg.png"
    subprocess.run([resvg, svg, png], check=True, capture_output=True, timeout=120)
    image = Image.open(png).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(white, image).convert("RGB"), dtype=np.float64)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("scenes", nargs="*", default=[os.path.join(root, "samples", name) for name in ("edit-practice.pencil", "rainbow-pencils.pencil")])
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "debug", "pencilc"))
    parser.add_argument("--require", action="store_true", help="fail instead of skipping")
    parser.add_argument("--embed", choices=("img", "inline", "page"), default="img", help="how the SVG is shown")
    parser.add_argument("--bar", type=float, default=0.5, help="most mean difference, adaptive vs fixed (1/255)")
    parser.add_argument("--resvg-bar", type=float, default=8.0, help="informational bar, Chromium vs resvg")
    args = parser.parse_args()
    skip = 1 if args.require else 0
    if MISSING:
        print(f"skipped: {MISSING} is not installed (pip install selenium pillow numpy)")
        return skip
    if headless_chromium.missing():
        print("skipped: Chromium is not installed (apt-get install -y chromium chromium-driver)")
        return skip
    for scene in args.scenes:
        if not os.path.exists(scene):
            print(f"skipped: no scene {scene}")
    scenes = [scene for scene in args.scenes if os.path.exists(scene)]
    if not scenes:
        return skip
    if not os.access(args.pencilc, os.X_OK):
        print(f"FAIL: no pencilc at {args.pencilc} (swift build, or give --pencilc)")
        return 1
    resvg = shutil.which("resvg") or shutil.which("resvg", path=os.path.dirname(sys.executable))
    work = tempfile.mkdtemp(prefix="pencil-appearance-")
    start = time.monotonic()
    try:
        browser = Browser(work, args.embed)
    except RuntimeError as error:
        print(f"FAIL: {error}")
        return 1
    failures = 0
    print(f"mode switched by {browser.mechanism}; SVGs shown as --embed {args.embed}; mean |difference| in 1/255")
    print(f"{'scene':22} {'A.l/L':>7} {'A.d/D':>7} {'A.l/A.d':>8} {'L/resvg':>8} {'D/resvg':>8}")
    try:
        for scene in scenes:
            name = os.path.splitext(os.path.basename(scene))[0]
            svgs = {key: os.path.join(work, f"{name}.{key}.svg") for key in ("L", "D", "A")}
            try:
                for key, extra in (("L", ["--appearance", "light"]), ("D", ["--appearance", "dark"]), ("A", [])):
                    subprocess.run([args.pencilc, scene, "--text-as-paths", *extra, "-o", svgs[key]], check=True)
            except subprocess.CalledProcessError as error:
                print(f"{name:22} FAIL: pencilc {' '.join(error.cmd[2:-2])} exited with {error.returncode}")
                failures += 1
                continue
            light, dark = browser.shot(svgs["L"], "light"), browser.shot(svgs["D"], "dark")
            adaptive_light, adaptive_dark = browser.shot(svgs["A"], "light"), browser.shot(svgs["A"], "dark")
            scores = [difference(adaptive_light, light), difference(adaptive_dark, dark),
                      difference(adaptive_light, adaptive_dark)]
            problems = [what for what, bad in (("A light differs from L", scores[0] >= args.bar),
                                               ("A dark differs from D", scores[1] >= args.bar),
                                               ("A does not change with the mode", scores[2] < args.bar)) if bad]
            notes = [f"{'-':>8}"] * 2
            for index, (key, shot) in enumerate((("L", light), ("D", dark)) if resvg else ()):
                score = difference(shot, resvg_render(resvg, svgs[key]))
                notes[index] = f"{score:8.3f}" + ("!" if score >= args.resvg_bar else "")
            failures += bool(problems)
            print(f"{name:22} {scores[0]:7.3f} {scores[1]:7.3f} {scores[2]:8.3f} {' '.join(notes)}"
                  + ("   FAIL: " + "; ".join(problems) if problems else "   ok"))
    finally:
        browser.quit()
    print(f"{len(scenes) - failures}/{len(scenes)} scenes pass ({time.monotonic() - start:.1f} s; files in {work})"
          + ("" if resvg else "; resvg not found, its columns skipped")
          + (f"; ! marks Chromium vs resvg >= {args.resvg_bar}, for information" if resvg else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
