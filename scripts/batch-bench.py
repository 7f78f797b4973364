#!/usr/bin/env python3
"""Batch compiles with -j (docs/dev/benchmarks.md, "Batch compiles"; issue 11).

Generates a folder of scenes like the samples (a canvas of 600 x 520,
a few hundred elements each: pencils with the shine gradient in loops,
rectangles, ellipses, rounded rectangles in stacks, a title and labels,
adaptive colours in half of them) and compiles them all with one
`pencilc` per command, writing each output beside its input:

  * svg:  `pencilc -j J scenes/*.pencil` (SVG, the default)
  * png:  `pencilc -j J -f png scenes/*.pencil`
  * mixed: half the scenes to SVG and half to PNG, one process each, so a
    row is the sum of two whole processes (pencilc takes one format per
    run)

with J = 1 and J = 2 (or --jobs), whole processes, the commands of a
round alternating (their order turned each round), medians over the
rounds and their ratio. Prints the load average before and after: the
machine is shared, so the figures are honest only next to it.

Usage: scripts/batch-bench.py [--scenes N] [--rounds N] [--jobs J] [--pencilc PATH]
Builds pencilc in release unless --pencilc is given. Python 3 standard
library only.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = "/opt/swift/usr/bin/swift" if os.path.exists("/opt/swift/usr/bin/swift") else "swift"

SHINE = """gradient shine hsb leading to trailing {
  stop s=1.0 b=0.4
  stop s=1.0 b=0.8
  stop s=1.0 b=1.0
  stop s=0.6 b=1.0
  stop s=0.8 b=0.9
}"""


def scene(index):
    """Scene `index`: about 300 elements, varied so that files differ in
    size and in what they exercise, as a folder of real pictures would."""
    adaptive = index % 2 == 0
    background = ".systemBackground" if adaptive else "white"
    ink = ".label" if adaptive else "#222222"
    pencils = 40 + index % 5 * 10
    lines = [
        f"// Scene {index} for the batch benchmark",
        f"canvas 600x520 background={background}",
        SHINE,
        "gradient sky rgb top to bottom { stop #87ceeb; stop white offset=0.8 }",
        f'text "Batch scene {index}" at 20,6 font=title color={ink}',
        f"for row in 0..<{pencils // 20} {{",
        "  for column in 0..<20 {",
        f"    pencil color=hsb((row * 20 + column + {index % 7}) / {pencils + 7}, 0.85, 0.95) gradient=shine "
        "at 10 + column * 29, 40 + row * 65 size 24x60",
        "  }",
        "}",
        "for row in 0..<4 {",
        "  for column in 0..<30 {",
        "    roundrect at 10 + column * 19, 305 + row * 19 size 16x16 cornerRadius=3 "
        f"fill=hsb((row * 30 + column) / 120, 0.5, {0.6 + index % 4 * 0.1:.1f})",
        "  }",
        "}",
        "for row in 0..<3 {",
        "  for column in 0..<20 {",
        "    ellipse at 20 + column * 28, 385 + row * 22 size 18x14 gradient=sky",
        "  }",
        "}",
        "hstack at 10,480 spacing=4 {",
    ]
    for column in range(12):
        color = ".blue" if adaptive and column % 3 == 0 else f"hsb({column / 12:.3f}, 0.6, 0.9)"
        lines.append(f'  zstack {{ rect size 44x16 fill={color}; text "{index}.{column}" font=caption }}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def build_pencilc():
    subprocess.run([SWIFT, "build", "-c", "release", "--product", "pencilc"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "pencilc")


def timed(command, cwd):
    """Wall time and CPU time (user + system, every thread) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr.decode()}")
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenes", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pencilc")
    arguments = parser.parse_args()
    pencilc = os.path.abspath(arguments.pencilc) if arguments.pencilc else build_pencilc()
    work = tempfile.mkdtemp(prefix="pencilc-batch-")
    try:
        names = []
        for index in range(arguments.scenes):
            name = f"scene{index:03}.pencil"
            with open(os.path.join(work, name), "w") as file:
                file.write(scene(index))
            names.append(name)
        half = len(names) // 2
        # (row, list of commands whose times are added) for each job count.
        rows = []
        for jobs in (1, arguments.jobs):
            flag = ["-j", str(jobs)]
            rows.append((f"svg   -j {jobs}", [[pencilc] + flag + names]))
            rows.append((f"png   -j {jobs}", [[pencilc] + flag + ["-f", "png"] + names]))
            rows.append((f"mixed -j {jobs}",
                         [[pencilc] + flag + names[:half], [pencilc] + flag + ["-f", "png"] + names[half:]]))
        for _, commands in rows:  # warm the page cache and check the scenes compile
            for command in commands:
                timed(command, work)
        load_before = os.getloadavg()
        times = {label: [] for label, _ in rows}
        cpu = {label: [] for label, _ in rows}
        for round_number in range(arguments.rounds):
            order = rows if round_number % 2 == 0 else list(reversed(rows))
            for label, commands in order:
                runs = [timed(command, work) for command in commands]
                times[label].append(sum(wall for wall, _ in runs))
                cpu[label].append(sum(used for _, used in runs))
        load_after = os.getloadavg()
        sizes = [os.path.getsize(os.path.join(work, name)) for name in names]
        print(f"{len(names)} scenes of {min(sizes)}-{max(sizes)} bytes, whole processes, "
              f"{arguments.rounds} alternating rounds, medians; {os.cpu_count()} processors online")
        print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
              f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
        # CPU time is printed too: on a shared machine the wall time depends
        # on the other jobs, while the CPU time shows whether -j adds work.
        jobs = arguments.jobs
        print(f"{'':6} {'-j 1 wall':>10} {f'-j {jobs} wall':>10} {'speed-up':>9}   {'-j 1 cpu':>9} {f'-j {jobs} cpu':>9}")
        for kind in ("svg", "png", "mixed"):
            one, many = (statistics.median(times[f"{kind:5} -j {j}"]) for j in (1, jobs))
            cpu_one, cpu_many = (statistics.median(cpu[f"{kind:5} -j {j}"]) for j in (1, jobs))
            print(f"{kind:6} {one * 1000:7.1f} ms {many * 1000:7.1f} ms {one / many:8.2f}x   "
                  f"{cpu_one * 1000:6.1f} ms {cpu_many * 1000:6.1f} ms")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
