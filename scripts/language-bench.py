#!/usr/bin/env python3
"""The language's performance figures (docs/dev/benchmarks.md, "Loops and components").

  * expansion: a loop of a few lines that expands to N pencils, N = 10k,
    100k and 1M, in process (pencil-bench --loop): elements per second
    while checking (expansion happens there) and over the whole compile
    to SVG, to show expansion is linear;
  * the 100,000-pencil loop compiled to SVG as a whole process (pencilc,
    median of 5 runs, peak memory), fixed in the light appearance and, as
    pencilc writes it by default (its system colours adapt), with both
    appearances (two compilations, the second on a second thread);
  * the literal 10,000-pencil scene against a baseline build (default: the
    commit before the language work), alternating runs of both, so the
    ratio is measured side by side on this noisy machine.

Usage: scripts/language-bench.py [--baseline COMMIT] [--rounds N] [--skip-baseline]
Builds release binaries (the baseline in a git worktree under /tmp).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = "/opt/swift/usr/bin/swift" if os.path.exists("/opt/swift/usr/bin/swift") else "swift"


def build(directory, products):
    for product in products:
        subprocess.run([SWIFT, "build", "-c", "release", "--product", product], cwd=directory, check=True,
                       stdout=subprocess.DEVNULL)
    return os.path.join(directory, ".build", "release")


def bench(binary_dir, arguments):
    output = subprocess.run([os.path.join(binary_dir, "pencil-bench")] + arguments, check=True,
                            capture_output=True, text=True).stdout
    phases = {name.strip(): float(value) for name, value in re.findall(r"^  (\S[^\d]*?)\s+([\d.]+) ms$", output, re.M)}
    return phases, output


def loop_scene(count):
    return (
        "canvas 4000x3000 background=white\n"
        "gradient shine hsb leading to trailing {\n"
        "  stop s=1.0 b=0.4; stop s=1.0 b=0.8; stop s=1.0 b=1.0; stop s=0.6 b=1.0; stop s=0.8 b=0.9\n}\n"
        "let colors = [.red, .orange, .yellow, .green, .blue, hsb(0.773, 1.0, 0.51), #fa8072, salmon, #003366]\n"
        f"for i in 0..<{count} {{\n"
        "  pencil color=colors[i % 9] gradient=shine at i % 100 * 40, floor(i / 100) % 10 * 300 size 36x300\n}\n"
    )


def whole_process(binary_dir, source, runs=5, extra=()):
    path = "/tmp/language-bench-loop.pencil"
    with open(path, "w") as file:
        file.write(source)
    times, peaks = [], []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", os.path.join(binary_dir, "pencilc"), path, *extra, "-o",
                                 "/tmp/language-bench-loop.svg"], capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - start)
        peaks.append(int(result.stderr.strip().splitlines()[-1]))
    return statistics.median(times), max(peaks) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default="7189e1f", help="commit to compare the literal scene with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip-baseline", action="store_true", help="only the loop figures")
    args = parser.parse_args()

    current = build(ROOT, ["pencil-bench", "pencilc"])
    bench(current, ["--loop", "--pencils", "10000", "--runs", "3"])  # warm up: caches, clocks, the page cache
    print("expansion, a loop of a few lines -> N pencils, in process (pencil-bench --loop):")
    print(f"{'pencils':>9} {'check+expand':>13} {'expansion':>14} {'whole compile':>14} {'to SVG':>10}")
    for count, runs in [(10_000, 15), (100_000, 5), (1_000_000, 2)]:
        phases, _ = bench(current, ["--loop", "--pencils", str(count), "--runs", str(runs)])
        check, total = phases["parse and check"], phases["total"]
        print(f"{count:>9} {check:>10.1f} ms {count / check:>9.0f}k el/s {count / total:>9.0f}k el/s {total:>7.0f} ms")

    print("\n100,000-pencil loop to SVG, whole process (pencilc, median of 5; goal: under 1 s):")
    for label, extra in [("--appearance light", ["--appearance", "light"]), ("adaptive (default)", [])]:
        seconds, peak = whole_process(current, loop_scene(100_000), extra=extra)
        print(f"  {label:20} {seconds * 1000:5.0f} ms, peak {peak:.0f} MiB")
    if args.skip_baseline:
        return 0

    worktree = f"/tmp/pencil-baseline-{args.baseline}"
    if not os.path.isdir(worktree):
        subprocess.run(["git", "worktree", "add", "--detach", worktree, args.baseline], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    baseline = build(worktree, ["pencil-bench"])
    totals = {"current": [], "baseline": []}
    for _ in range(args.rounds):
        for name, directory in [("current", current), ("baseline", baseline)]:
            phases, _ = bench(directory, ["--pencils", "10000", "--runs", "15"])
            totals[name].append(phases)
    print(f"\nliteral 10,000-pencil scene, best of 15 runs, {args.rounds} alternating rounds "
          f"(baseline {args.baseline}, before the language):")
    for phase in ["parse and check", "lower", "svg", "total"]:
        ours = statistics.median(p[phase] for p in totals["current"])
        theirs = statistics.median(p[phase] for p in totals["baseline"])
        print(f"  {phase:16} {ours:7.1f} ms vs {theirs:7.1f} ms  ({ours / theirs:.2f}x)")
    ours = statistics.median(p["total"] for p in totals["current"])
    theirs = statistics.median(p["total"] for p in totals["baseline"])
    print(f"throughput: {100 * (theirs / ours - 1):+.0f}% against the baseline (goal: no worse than -10%)")


if __name__ == "__main__":
    sys.exit(main())
