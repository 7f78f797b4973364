#!/usr/bin/env python3
"""Compile against Pikchr (docs/dev/benchmarks.md, "Pencils against Pikchr on the same source size"; issue 11).

pencilc and Pikchr, the PIC-like diagram compiler, built at benchmark time
from its upstream C source as PyPI's `pypikchr` source package carries it
(scripts/pikchr_source.py downloads and checks it once into a cache folder;
nothing of Pikchr is in the repository), each compile a generated source of
the same size in bytes to SVG:

  * pencilc: the literal scene of `pencil-bench` (N pencils written out,
    varied colour syntaxes, the shine gradient, every tenth pencil in an
    hstack with a rule), so these figures and the in-process ones describe
    the same scene;
  * Pikchr: N boxes on the same grid, each with a position, a size, a fill
    and a stroke colour and a thickness, every line padded with spaces so
    that the file has exactly the pencil scene's size.

Both run as whole processes (start-up, reading the file, compiling and
writing the SVG to a file: `pencilc scene.pencil -o out.svg` and
`pikchr --svg-only boxes.pikchr > out.svg`), alternating run by run on
this noisy shared machine, and the medians are reported: wall time, user
and system time, and peak resident memory (each child's own rusage, from
wait4 in a small C runner: see RUNNER_SOURCE). pencilc runs three ways in the same rotation:

  * `-o out.svg`, its default: the scene's colours adapt (`.red`, ...), so
    the SVG carries both appearances, a second compilation on a second
    thread;
  * `--appearance light -o out.svg`: one appearance, as Pikchr writes;
  * `--check` (parse, check and lower, no output); Pikchr has no
    check-only mode, so that row has pencilc's figures alone.

Usage: scripts/compile-bench.py [--quick] [--big | --big-only] [--runs N] [--pencilc PATH] [--pikchr-cache DIR]
  default   10k and 100k elements, 5 alternating runs each
  --big     adds 1M elements (3 runs; the whole script then takes 3–6 minutes)
  --big-only  1M elements alone (3 runs): the peak-memory row
  --quick   10k elements only, 3 runs (under a minute once pencilc is built)
Needs a C compiler (`cc`); builds pencilc in release unless --pencilc is given.
Python 3 standard library and pip. Where Pikchr's source cannot be had (no
network on a first run, pip failing), pencilc's rows are measured alone and
a line says why the comparison was skipped.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

from pikchr_source import PikchrUnavailable, default_cache, pikchr_source

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = "/opt/swift/usr/bin/swift" if os.path.exists("/opt/swift/usr/bin/swift") else "swift"

# Pikchr refuses scripts of more than 100,000 tokens by default (a guard
# against run-away macro expansion on hostile input); a box line is about
# 13 tokens, so the benchmark raises the limit out of the way. pencilc's
# own limits (128 MiB of source, a million elements) are not in the way.
PIKCHR_FLAGS = ["-O2", "-DPIKCHR_SHELL", "-DPIKCHR_TOKEN_LIMIT=2000000000"]


# pencilc's commands, each run in the rotation with Pikchr: the default
# (an SVG that carries both appearances when the scene has adaptive
# colours, as this one has: a second compilation on a second thread), one
# appearance like Pikchr's output, and checking alone.
PENCILC_VARIANTS = [
    ("-o out.svg", lambda source, output: [source, "-o", output]),
    ("--appearance light", lambda source, output: [source, "--appearance", "light", "-o", output]),
    ("--check", lambda source, output: ["--check", source]),
]


# Peak memory has to come from a small parent. Linux charges a process,
# at exec, with the high-water mark of the memory it had before (for a
# child of Python, Python's own: tens of MiB, hundreds after generating
# the million-element sources), so the rusage Python gets from wait4 is
# wrong for any child. This runner, built with the same `cc` as Pikchr
# (so no extra tool, such as /usr/bin/time, is needed), forks, redirects
# standard output, execs the command and waits for it, and prints the
# child's wall time (from before fork to after exit), user and system
# time and peak resident set: its own footprint, about 1 MiB, is the floor.
RUNNER_SOURCE = r"""
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* usage: runner STDOUT-FILE|- COMMAND [ARGUMENT...]
   prints: wall-seconds user-seconds system-seconds peak-KiB exit-status */
int main(int argc, char **argv) {
  if (argc < 3) return 2;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); return 2; }
  if (pid == 0) {
    if (argv[1][0] != '-' || argv[1][1] != 0) {
      int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0 || dup2(out, 1) < 0) { perror(argv[1]); _exit(127); }
      close(out);
    } else {
      int null = open("/dev/null", O_WRONLY);
      if (null >= 0) { dup2(null, 1); close(null); }
    }
    execv(argv[2], argv + 2);
    perror(argv[2]);
    _exit(127);
  }
  int status;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 2; }
  clock_gettime(CLOCK_MONOTONIC, &end);
  /* The runner's own standard output (the command's went to the file) */
  printf("%.6f %.6f %.6f %ld %d\n",
          (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9,
          usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6,
          usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6,
          usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  return 0;
}
"""


# --- builds -----------------------------------------------------------------

def build_c(work, pikchr_cache):
    """Compiles Pikchr's pikchr.c (from the registry's source package, see
    pikchr_source.py) with its command-line shell, as its header says
    (`cc pikchr.c` with -DPIKCHR_SHELL), optimised; and the runner (above).
    Returns their paths; Pikchr's is None, with a line saying why, where its
    source cannot be had."""
    compiler = os.environ.get("CC", "cc")
    if shutil.which(compiler) is None:
        sys.exit(f"compile-bench: no C compiler '{compiler}' (on Debian: apt-get install build-essential)")
    try:
        source = pikchr_source(pikchr_cache)
        pikchr = os.path.join(work, "pikchr")
        subprocess.run([compiler, *PIKCHR_FLAGS, "-o", pikchr, source, "-lm"], check=True)
    except PikchrUnavailable as reason:
        print(f"compile-bench: Pikchr skipped, pencilc measured alone: {reason}", file=sys.stderr)
        pikchr = None
    runner = os.path.join(work, "runner")
    with open(runner + ".c", "w") as file:
        file.write(RUNNER_SOURCE)
    subprocess.run([compiler, "-O2", "-o", runner, runner + ".c"], check=True)
    return pikchr, runner


def build_pencilc():
    subprocess.run([SWIFT, "build", "-c", "release", "--product", "pencilc"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "pencilc")


# --- sources ----------------------------------------------------------------

def pencil_scene(count):
    """The literal scene of Sources/pencil-bench/main.swift (generateScene),
    line for line: keep the two in step."""
    lines = [
        f"// {count} pencils for the compile benchmark", "canvas 4000x3000 background=white",
        "gradient shine hsb leading to trailing {", "  stop s=1.0 b=0.4", "  stop s=1.0 b=0.8", "  stop s=1.0 b=1.0",
        "  stop s=0.6 b=1.0", "  stop s=0.8 b=0.9", "}",
    ]
    colors = [".red", ".orange", ".yellow", ".green", ".blue", "hsb(0.773, 1.0, 0.51)", "#fa8072", "salmon",
              "#003366"]
    for index in range(count):
        x = index % 100 * 40
        y = index // 100 % 10 * 300
        color = colors[index % len(colors)]
        if index % 10 == 9:
            lines.append(f"hstack at {x},{y} size 40x300 spacing=2 "
                         f"{{ pencil color={color}; rect size 4x300 fill=.systemGray5 }}")
        else:
            lines.append(f"pencil color={color} gradient=shine at {x},{y} size 36x300 timber=hsb(0.07, 0.4, 0.9)")
    return "\n".join(lines) + "\n"


def pikchr_script(count, size):
    """`count` boxes on the pencil scene's grid (Pikchr measures in inches:
    40 px is 0.4, 300 px is 3; y grows upward), one a line, coloured in
    turn like the pencils, padded with spaces at the ends of lines to
    exactly `size` bytes. Whitespace costs Pikchr's tokenizer a scan and
    nothing else (it is not counted as a token)."""
    fills = ["0xff3b30", "0xff9500", "0xffcc00", "0x34c759", "0x007aff", "0x7f00b0", "0xfa8072", "Salmon",
             "0x003366"]
    header = f"# {count} boxes for the compile benchmark"
    lines = []
    for index in range(count):
        x = index % 100 * 4
        y = index // 100 % 10 * 3
        lines.append(f"box at {x // 10}.{x % 10},-{y} wid 0.36 ht 3 fill {fills[index % len(fills)]} "
                     f"color 0xe6b88a thickness 0.02")
    # Each line ends in "\n"; the header too.
    used = len(header) + 1 + sum(len(line) + 1 for line in lines)
    missing = size - used
    if missing < 0:
        raise SystemExit(f"compile-bench: the box script ({used} bytes) is larger than the scene ({size} bytes)")
    each, extra = divmod(missing, count)
    padded = [line + " " * (each + (1 if index < extra else 0)) for index, line in enumerate(lines)]
    text = header + "\n" + "\n".join(padded) + "\n"
    assert len(text) == size
    return text


# --- measurement --------------------------------------------------------------

def run(runner, command, stdout_path=None):
    """One whole-process run through the runner: the command's wall time,
    its own user and system time and peak resident set (per run, from
    wait4). Returns (wall s, user s, system s, peak bytes)."""
    result = subprocess.run([runner, stdout_path or "-", *command], stdin=subprocess.DEVNULL, capture_output=True)
    line = result.stdout.decode()
    if result.returncode != 0 or not line:
        sys.exit(f"compile-bench: the runner failed on {' '.join(command)}:\n{result.stderr.decode(errors='replace')}")
    wall, user, system, peak_kib, status = line.split()
    if int(status) != 0:
        sys.exit(f"compile-bench: {' '.join(command)} exited with {status}:\n"
                 f"{result.stderr.decode(errors='replace')[-2000:]}")
    # ru_maxrss is in KiB on Linux (bytes on macOS).
    peak = int(peak_kib) * (1 if sys.platform == "darwin" else 1024)
    return float(wall), float(user), float(system), peak


def measure(runner, cases, runs):
    """Runs every case once untimed (the page cache, and a check of the
    output), then `runs` timed rounds, alternating the cases within a
    round and reversing their order every other round. Returns the
    medians per case: (wall, user, sys, peak)."""
    for name, command, output, verify in cases:
        run(runner, command, output)
        verify()
    samples = {name: [] for name, *_ in cases}
    for round_index in range(runs):
        order = cases if round_index % 2 == 0 else list(reversed(cases))
        for name, command, output, _ in order:
            samples[name].append(run(runner, command, output))
    return {name: tuple(statistics.median(sample[i] for sample in runs_of) for i in range(4))
            for name, runs_of in samples.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10k elements only, 3 runs")
    parser.add_argument("--big", action="store_true", help="add 1M elements (3 runs)")
    parser.add_argument("--big-only", action="store_true", help="1M elements alone (3 runs)")
    parser.add_argument("--runs", type=int, help="alternating runs per size (default 5, 3 for 1M)")
    parser.add_argument("--pencilc", help="a pencilc binary to use instead of building one in release")
    parser.add_argument("--work", default="/tmp/pencil-compile-bench", help="directory for sources and outputs")
    parser.add_argument("--pikchr-cache", default=default_cache(),
                        help="where Pikchr's source package is kept between runs (default: %(default)s)")
    args = parser.parse_args()

    os.makedirs(args.work, exist_ok=True)
    pikchr, runner = build_c(args.work, args.pikchr_cache)
    pencilc = os.path.abspath(args.pencilc) if args.pencilc else build_pencilc()

    if args.quick:
        sizes = [(10_000, args.runs or 3)]
    elif args.big_only:
        sizes = [(1_000_000, args.runs or 3)]
    else:
        sizes = [(10_000, args.runs or 5), (100_000, args.runs or 5)]
        if args.big:
            sizes.append((1_000_000, args.runs or 3))

    rows = []
    for count, runs in sizes:
        scene = pencil_scene(count).encode()
        boxes = pikchr_script(count, len(scene)).encode()
        pencil_path = os.path.join(args.work, f"scene-{count}.pencil")
        pikchr_path = os.path.join(args.work, f"boxes-{count}.pikchr")
        pikchr_svg = os.path.join(args.work, f"boxes-{count}.svg")
        with open(pencil_path, "wb") as file:
            file.write(scene)
        with open(pikchr_path, "wb") as file:
            file.write(boxes)
        del scene, boxes

        def check_pencil(path):
            with open(path, "rb") as file:
                if not file.read(256).lstrip().startswith((b"<svg", b"<?xml")):
                    sys.exit(f"compile-bench: {path} is not an SVG")

        def check_pikchr(path=pikchr_svg, count=count):
            # Every box drawn: one <path> each, and no error text.
            with open(path, "rb") as file:
                text = file.read()
            if not text.startswith(b"<svg") or text.count(b"<path") != count:
                sys.exit(f"compile-bench: {path} does not hold {count} boxes:\n{text[:500]!r}")

        # (name, command, file for standard output, check of the output)
        cases, outputs = [], {}
        for index, (name, options) in enumerate(PENCILC_VARIANTS):
            outputs[name] = os.path.join(args.work, f"scene-{count}-{index}.svg")
            verify = (lambda path=outputs[name]: check_pencil(path)) if name != "--check" else (lambda: None)
            cases.append((name, [pencilc, *options(pencil_path, outputs[name])], None, verify))
        if pikchr:
            outputs["pikchr"] = pikchr_svg
            cases.append(("pikchr", [pikchr, "--svg-only", pikchr_path], pikchr_svg, check_pikchr))
        print(f"{count} elements: {runs} alternating runs ...", file=sys.stderr, flush=True)
        medians = measure(runner, cases, runs)
        written = {name: os.path.getsize(path) if os.path.exists(path) else 0 for name, path in outputs.items()}
        rows.append((count, os.path.getsize(pencil_path), runs, medians, written))
        for path in [pencil_path, pikchr_path, *outputs.values()]:
            if os.path.exists(path):
                os.remove(path)

    def mib(size, width):
        """A peak in MiB: one decimal below 100 MiB, where it matters."""
        value = size / (1024 * 1024)
        return f"{value:>{width}.{1 if value < 100 else 0}f} MiB"

    # "ratio" is pencilc's wall time over Pikchr's; "(user)" the same for
    # user time, steadier when other work shares the machine (the default
    # command's user time is both of its compilations').
    print("compile to SVG, whole process, same source size; medians of alternating runs")
    print(f"pencilc: {os.path.relpath(pencilc, ROOT) if pencilc.startswith(ROOT) else pencilc}; "
          + (f"pikchr: pikchr.c of PyPI's pypikchr sdist, cc {' '.join(PIKCHR_FLAGS)}; pikchr --svg-only boxes.pikchr > out.svg"
             if pikchr else "pikchr: skipped (its source could not be had; see the line above)"))
    print()
    print(f"{'source':>8} {'elements':>9} {'runs':>4}  {'pencilc':<28} {'pikchr':>9} {'ratio':>6} {'(user)':>7}  "
          f"{'pencilc peak':>12} {'pikchr peak':>11}")
    for count, source, runs, medians, _ in rows:
        theirs = medians.get("pikchr")
        for index, (name, _) in enumerate(PENCILC_VARIANTS):
            ours = medians[name]
            lead = f"{source / 1e6:>5.1f} MB {count:>9,} {runs:>4}" if index == 0 else " " * 23
            if name == "--check" or theirs is None:  # no check-only mode in Pikchr, or no Pikchr
                tail = f"{'-':>9} {'-':>6} {'-':>7}  {mib(ours[3], 8)} {'-':>11}"
            else:
                tail = (f"{theirs[0] * 1000:>6.0f} ms {ours[0] / theirs[0]:>5.2f}x {ours[1] / theirs[1]:>6.2f}x  "
                        f"{mib(ours[3], 8)} {mib(theirs[3], 7)}")
            print(f"{lead}  {name:<18} {ours[0] * 1000:>6.0f} ms {tail}")
    print()
    print("the same runs: medians of wall, user and system time and peak memory; the SVG written")
    print(f"{'elements':>9}  {'program':<26} {'wall':>9} {'user':>9} {'system':>8} {'peak':>10} {'SVG':>9}")
    for count, _, _, medians, written in rows:
        for name in [name for name, _ in PENCILC_VARIANTS] + (["pikchr"] if "pikchr" in medians else []):
            wall, user, system, peak = medians[name]
            program = "pikchr --svg-only" if name == "pikchr" else "pencilc " + name
            output = f"{written[name] / 1e6:>6.1f} MB" if written[name] else f"{'-':>9}"
            print(f"{count:>9,}  {program:<26} {wall * 1000:>6.0f} ms {user * 1000:>6.0f} ms {system * 1000:>5.0f} ms "
                  f"{mib(peak, 6)} {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
