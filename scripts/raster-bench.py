#!/usr/bin/env python3
"""Raster speed benchmark: a 4000x3000 canvas with 400 pencils (10 rows of
40, each 100x300 with the five-stop shine gradient). Times, as whole
processes and alternating, `pencilc big.pencil -o big.ppm` against
`resvg big.svg big.png` on pencilc's own SVG of the same scene, and reports
the median of each, the median ratio, megapixels per second and peak memory
(maximum resident set size).

Then PNG, on the same grid and on a 4000x3000 page of text (210 lines in
five sizes and colours): `pencilc scene.pencil -o x.png` against `resvg`
and `rsvg-convert` on pencilc's SVG of the scene (light appearance, text as
outlines, so all three draw the same picture), alternating, as a table of
median wall time, the median of the per-round ratios to resvg, file size
and size against rsvg-convert's (Cairo's, through libpng at zlib's default
level), with the mean difference between pencilc's and rsvg-convert's
pixels to show that the pictures are the same.

Then the issue's large curves: six huge curves (ellipses and rounded
rectangles, most with linear or radial gradients, some stroked) on a
1000x750 canvas at --scale 4 (4000x3000 pixels), to PPM, against resvg at
-z 4 on pencilc's SVG of the scene (light appearance); median times, the
median ratio and peak memory.

Last, two cores against one: the large curves and the grid, each with
`--threads 1` and with the default (one thread per processor), alternating,
and the median of the per-round ratios.

Usage: scripts/raster-bench.py [--pencilc PATH] [--runs N] [--only ppm|png|curves|threads]
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


def text_scene():
    """A page of text: two columns of 105 lines of words in five sizes and
    colours, from a fixed seed."""
    import random
    words = ("the quick brown fox jumps over lazy dog pencil scene compiler gradient shine raster deflate "
             "huffman window chain match literal").split()
    rng = random.Random(7)
    lines = [f"// 210 lines of text on a {WIDTH}x{HEIGHT} canvas: the PNG benchmark's text scene",
             f"canvas {WIDTH}x{HEIGHT} background=white"]
    sizes = [13, 15, 17, 22, 28]
    colors = [".black", ".blue", ".red", "#333333", ".indigo"]
    y, line = 30, 0
    while y < HEIGHT - 20:
        size = sizes[line % len(sizes)]
        for column in range(2):
            text = " ".join(rng.choice(words) for _ in range(int(1900 / (size * 3.2))))
            lines.append(f'text "{text}" at {10 + column * 2000},{y} font={size} color={colors[(line + column) % 5]}')
        y += int(size * 1.5)
        line += 1
    return "\n".join(lines) + "\n"


def curves_scene():
    """Six curves, each most of the canvas: the raster's worst case for
    coverage memory, and pixels that are nearly all gradient."""
    return "\n".join([
        "// six huge curves: the raster benchmark's large-curves case (at --scale 4)",
        "canvas 1000x750 background=white",
        "gradient sky rgb top to bottom { stop .blue; stop .teal; stop .white }",
        "gradient sun radial center=0.4,0.35 radius=0.8 { stop .yellow; stop .orange; stop .red }",
        "gradient leaf rgb leading to trailing { stop .green; stop .mint.opacity(0.6); stop .indigo }",
        "ellipse at -50,-40 size 700x600 gradient=sky stroke=.indigo lineWidth=6",
        "ellipse at 300,100 size 720x620 gradient=sun opacity=0.85",
        "roundrect at 120,300 size 800x420 radius=200 gradient=leaf stroke=.black lineWidth=3",
        "ellipse at 500,-200 size 650x650 fill=.purple.opacity(0.5) stroke=.pink lineWidth=12",
        "ellipse at -200,380 size 900x500 gradient=sun stroke=.brown lineWidth=4",
        "roundrect at 200,60 size 640x640 radius=320 fill=.clear stroke=.cyan lineWidth=40",
    ]) + "\n"


def alternate(commands, runs):
    """One warm-up each, then `runs` rounds of every command in turn: the
    times and the largest peak of each."""
    for command in commands.values():
        timed(command)
    times = {name: [] for name in commands}
    peaks = {name: 0 for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            elapsed, peak = timed(command)
            times[name].append(elapsed)
            peaks[name] = max(peaks[name], peak)
    return times, peaks


def curves_benchmark(args, work):
    source = os.path.join(work, "curves.pencil")
    with open(source, "w") as file:
        file.write(curves_scene())
    svg = os.path.join(work, "curves.svg")
    subprocess.run([args.pencilc, source, "--appearance", "light", "-o", svg], check=True)
    commands = {
        "pencilc": [args.pencilc, source, "--scale", "4", "-o", os.path.join(work, "curves.ppm")],
        "resvg": ["resvg", "-z", "4", svg, os.path.join(work, "curves.png")],
    }
    times, peaks = alternate(commands, args.runs)
    ratios = [a / b for a, b in zip(times["pencilc"], times["resvg"])]
    megapixels = 12.0
    print(f"scene: six huge curves, 1000x750 at --scale 4 = 4000x3000 ({megapixels:g} MP), "
          f"{args.runs} alternating runs")
    print(f"pencilc --scale 4 -o curves.ppm median {statistics.median(times['pencilc']) * 1000:7.1f} ms  "
          f"{megapixels / statistics.median(times['pencilc']):6.1f} MP/s  peak {peaks['pencilc'] / 1024:6.1f} MiB")
    print(f"resvg -z 4 curves.svg           median {statistics.median(times['resvg']) * 1000:7.1f} ms  "
          f"{megapixels / statistics.median(times['resvg']):6.1f} MP/s  peak {peaks['resvg'] / 1024:6.1f} MiB")
    print(f"median ratio pencilc/resvg: {statistics.median(ratios):.3f}")


def threads_benchmark(args, work):
    print(f"two cores against one ({os.cpu_count()} processors), {args.runs} alternating rounds, medians:")
    print(f"{'scene':28} {'--threads 1':>12} {'default':>10} {'one / default':>14}")
    for name, text, flags, output in [
        ("six huge curves, --scale 4", curves_scene(), ["--scale", "4"], "curves.ppm"),
        ("400-pencil grid", scene(), [], "big.ppm"),
    ]:
        source = os.path.join(work, output.replace(".ppm", ".pencil"))
        with open(source, "w") as file:
            file.write(text)
        base = [args.pencilc, source] + flags + ["-o", os.path.join(work, output)]
        times, _ = alternate({"one": base + ["--threads", "1"], "default": base}, args.runs)
        ratios = [a / b for a, b in zip(times["one"], times["default"])]
        print(f"{name:28} {statistics.median(times['one']) * 1000:9.1f} ms "
              f"{statistics.median(times['default']) * 1000:7.1f} ms {statistics.median(ratios):13.2f}x")


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


def ppm_benchmark(args, work):
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


def mean_difference(a, b):
    """Mean absolute difference of two PNG files' RGB values on white, in
    1/255, or None without Pillow and numpy."""
    try:
        import numpy
        from PIL import Image
    except ImportError:
        return None
    def on_white(path):
        image = Image.open(path).convert("RGBA")
        white = Image.new("RGBA", image.size, (255, 255, 255, 255))
        return numpy.asarray(Image.alpha_composite(white, image).convert("RGB"), dtype=numpy.float64)
    return float(numpy.abs(on_white(a) - on_white(b)).mean())


def png_benchmark(args, work):
    tools = ["pencilc", "resvg", "rsvg-convert"]
    rows = []
    for name, text in [("400-pencil grid", scene()), ("page of text", text_scene())]:
        stem = os.path.join(work, "text" if "text" in name else "grid")
        with open(stem + ".pencil", "w") as file:
            file.write(text)
        svg = stem + ".svg"
        subprocess.run([args.pencilc, stem + ".pencil", "--appearance", "light", "--text-as-paths", "-o", svg],
                       check=True)
        outputs = {tool: f"{stem}.{tool}.png" for tool in tools}
        commands = {
            "pencilc": [args.pencilc, stem + ".pencil", "-o", outputs["pencilc"]],
            "resvg": ["resvg", svg, outputs["resvg"]],
            "rsvg-convert": ["rsvg-convert", svg, "-o", outputs["rsvg-convert"]],
        }
        for tool in tools:
            timed(commands[tool])
        times = {tool: [] for tool in tools}
        peaks = {tool: 0 for tool in tools}
        for _ in range(args.runs):
            for tool in tools:
                elapsed, peak = timed(commands[tool])
                times[tool].append(elapsed)
                peaks[tool] = max(peaks[tool], peak)
        sizes = {tool: os.path.getsize(outputs[tool]) for tool in tools}
        for tool in tools:
            ratios = [a / b for a, b in zip(times[tool], times["resvg"])]
            rows.append((name, tool, statistics.median(times[tool]) * 1000, statistics.median(ratios), sizes[tool],
                         sizes[tool] / sizes["rsvg-convert"], peaks[tool] / 1024))
        rows.append((name, None, mean_difference(outputs["pencilc"], outputs["rsvg-convert"])))
    print(f"PNG, {WIDTH}x{HEIGHT}, whole processes, {args.runs} alternating rounds, medians:")
    print(f"{'scene':17} {'tool':13} {'time':>9} {'/ resvg':>8} {'bytes':>10} {'/ rsvg-convert':>15} {'peak':>10}")
    for row in rows:
        if row[1] is None:
            if row[2] is not None:
                print(f"{'':17} pencilc and rsvg-convert differ by {row[2]:.3f}/255 on average")
            continue
        name, tool, milliseconds, ratio, size, size_ratio, peak = row
        print(f"{name:17} {tool:13} {milliseconds:6.1f} ms {ratio:7.3f}x {size:10d} {size_ratio:14.3f}x "
              f"{peak:6.1f} MiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build", "release", "pencilc"))
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--only", choices=["ppm", "png", "curves", "threads"])
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="pencil-raster-bench-")
    parts = [("ppm", ppm_benchmark), ("png", png_benchmark), ("curves", curves_benchmark),
             ("threads", threads_benchmark)]
    chosen = [(name, run) for name, run in parts if args.only in (None, name)]
    for index, (_, run) in enumerate(chosen):
        if index > 0:
            print()
        run(args, work)


if __name__ == "__main__":
    main()
