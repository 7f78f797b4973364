#!/usr/bin/env python3
"""Cost benchmark for hostile inputs (issue 7, "Hardening").

Generates adversarial .pencil inputs in a temporary directory, runs the
release pencilc on each as a whole process and prints a Markdown table with,
per case: input size, wall time (median of --runs runs), peak RSS of the
child (ru_maxrss from os.wait4, the largest over the runs), bytes written to
stdout + stderr and to output files, and the exit status.

The bars every case must hold:
  - under 2 s of wall time (the median);
  - under 20 MB of output (stdout + stderr + output files), except where
    the output is a picture that must grow with the input: the memory case
    (66 MB of SVG for 100,000 pencils) and long-text-png, whose bar is
    instead peak RSS / input bytes <= 10, and text-as-paths, whose SVG needs one element per
    character (a <use> of the glyph's outline), whose bar is instead at
    most 50 bytes of output per byte of input;
  - the expected exit status (0 compiles, 1 reported errors, 2 refused).
The script exits with 0 when every bar holds and 1 otherwise.

Output never goes into this script's memory: standard output and error
are pipes drained by threads that count every byte but keep only the first
100 MiB of each in a file, so gigabytes of diagnostics are counted exactly
and cost no disk. Output files are capped with RLIMIT_FSIZE at 100 MiB: a
child that writes more is killed by SIGXFSZ (or, if it ignores SIGXFSZ,
fails to write; its status then reads "N, file cap"). Bytes written to files
are the child's wchar (/proc/PID/io) less what went to the pipes, so a
temporary file it deleted still counts. A run that exceeds --timeout is
killed and not repeated. Runs stopped either way show their time and output
as lower bounds (">=").

Cases (--only NAME runs one; a prefix such as "warnings" or "long-numbers"
runs the cases starting with it):
  did-you-mean             8,000 shapes, 8,000 misspelt uses of them, --check
  long-identifier          a 10 MB element name, --check
  warnings-one-line-short  40,000 W0001 warnings on one line, short format
  warnings-one-line-human  10,000 W0001 warnings on a 260 KB line, human format
  text-as-paths            1 MB of text, --text-as-paths -o out.svg
  memory                   --pencils N pencils (100,000), -o out.svg
  huge-input               160 MiB of blanks piped to `pencilc - --check`
  long-numbers-zeros       opacity=1. and 400 zeros, -o out.svg (compiles)
  long-numbers-digits      a 100,000-digit opacity, --check (an error)
  values-doubling-*        30 lets each doubling a string, a list, or nesting a list twice; == at the end
  many-lets                64,000 lets, each the one before plus one
  anchor-chain             4,000 rects, each at the anchor of the one written after it, -o out.svg
  text-in-loop             a 60 KB string wrapped in each of 2,000 loop iterations, --check
                           (laid out, not written: its SVG holds the text 2,000 times, 120 MB)
  covering-rects           a million rects covering a 4000x4000 canvas, -o out.png (raster work limit)
  long-text-png            4 MB of text, mostly off the canvas, -o out.png (peak <= 10x input)
  dev-zero-imports         1,000 imports of distinct spellings of /dev/zero, --check
  loop-lets                200 lets of 60 terms in each of a million iterations (50 KB), --check
                           (the evaluation step limit, E0259)
  loop-lists               an 8,000-item list built in each of a million iterations, --check
                           (within the value work limit until E0259 stops it)
  outline-arrows           10,000 arrows ending on a shape of 9,990 curves, -o out.svg
                           (each ray tests the edges in its direction; 51 s when each
                           arrow flattened and tested the whole outline)
  outline-spiral           2,000 arrows ending on a spiral of 10,000 lines, --check
                           (every ray tests every edge: layout's budget, E0244)

Usage: python3 scripts/cost-bench.py [--binary PATH] [--runs N] [--timeout S]
           [--only NAME] [--pencils N] [--keep]
Without --binary: .build/release/pencilc, built (swift build -c release) if missing.
"""
import argparse
import fcntl
import os
import random
import resource
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

WALL_BAR = 2.0  # seconds
OUTPUT_BAR = 20_000_000  # bytes of stdout + stderr + output files
RSS_RATIO_BAR = 10.0  # memory case: peak RSS / input bytes
OUTPUT_RATIO_BAR = 50.0  # text-as-paths: output bytes / input bytes
FILE_CAP = 100 * 2**20  # RLIMIT_FSIZE of the child: caps its output files
KEEP_BYTES = 100 * 2**20  # of stdout and of stderr, kept in files (the rest is only counted)
STREAM_BYTES = 160 * 2**20  # huge-input: bytes piped to standard input, over the 128 MiB limit

# Writes argv[1] bytes of spaces and newlines to stdout in 1 MiB chunks.
FEEDER = """
import sys
left = int(sys.argv[1])
chunk = (b" " * 63 + b"\\n") * 16384
try:
    while left > 0:
        sys.stdout.buffer.write(chunk[:left])
        left -= len(chunk)
    sys.stdout.buffer.flush()
except BrokenPipeError:
    pass
"""


# Input generators: each writes the file at `path`.
def gen_did_you_mean(path, count=8000):
    """`count` shapes with random 8-letter names, then `count` elements
    each naming one of them with one edit (a deletion, a transposition or a
    substitution), so each gets a unique "did you mean" over every shape."""
    rng = random.Random(7)
    names = set()
    while len(names) < count:
        names.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)))
    names = sorted(names)
    with open(path, "w") as file:
        for name in names:
            file.write(f"shape {name} {{ move 0,0; line 1,0; line 1,1; close }}\n")
        rng.shuffle(names)
        for index, name in enumerate(names):
            at = rng.randrange(1, 7)
            if index % 3 == 0 or name[at] == name[at + 1]:  # (swapping equal letters changes nothing)
                typo = name[:at] + name[at + 1:]
            elif index % 3 == 1:
                typo = name[:at] + name[at + 1] + name[at] + name[at + 2:]
            else:
                typo = name[:at] + ("x" if name[at] != "x" else "y") + name[at + 1:]
            file.write(f"{typo} size 10x10\n")


def gen_long_identifier(path, length=10_000_000):
    with open(path, "w") as file:
        file.write("a" * length + " size 10x10\n")


def gen_warnings_one_line(statement, count):
    """A canvas, then `count` copies of `statement` (each wholly outside
    the canvas: one W0001 each) on a single line, separated by '; '."""
    def generate(path):
        with open(path, "w") as file:
            file.write("canvas 10x10\n" + "; ".join([statement] * count) + "\n")
    return generate


def gen_text(path, statements=10, length=100_000):
    """`statements` text statements of `length` printable ASCII characters
    each (no quote or backslash), all in the built-in font."""
    alphabet = "".join(chr(c) for c in range(32, 127) if chr(c) not in '"\\')
    line = (alphabet * (length // len(alphabet) + 1))[:length]
    with open(path, "w") as file:
        for index in range(statements):
            file.write(f'text "{line}" at 0,{20 + 20 * index}\n')


def gen_pencils(path, count):
    """The scene of Sources/pencil-bench: `count` pencils, some in stacks."""
    colors = [".red", ".orange", ".yellow", ".green", ".blue", "hsb(0.773, 1.0, 0.51)", "#fa8072", "salmon",
              "#003366"]
    with open(path, "w") as file:
        file.write("\n".join([
            f"// {count} pencils", "canvas 4000x3000 background=white", "gradient shine hsb leading to trailing {",
            "  stop s=1.0 b=0.4", "  stop s=1.0 b=0.8", "  stop s=1.0 b=1.0", "  stop s=0.6 b=1.0",
            "  stop s=0.8 b=0.9", "}"]) + "\n")
        for i in range(count):
            x, y, color = (i % 100) * 40, (i // 100) % 10 * 300, colors[i % 9]
            if i % 10 == 9:
                file.write(f"hstack at {x},{y} size 40x300 spacing=2 {{ pencil color={color}; "
                           "rect size 4x300 fill=.systemGray5 }\n")
            else:
                file.write(f"pencil color={color} gradient=shine at {x},{y} size 36x300 "
                           "timber=hsb(0.07, 0.4, 0.9)\n")


def gen_doubling(kind, count=30):
    """`count` lets, each twice the one before: a string, a list, or a list
    nesting the one before twice (`n1 = [n0, n0]`), compared at the end.
    Unbounded, the last is 2^count times the first."""
    first = {"strings": '"' + "ab" * 32 + '"', "lists": "[1, 2, 3, 4]", "nested": "[1]"}[kind]
    def generate(path):
        with open(path, "w") as file:
            file.write(f"let v0 = {first}\n")
            for index in range(1, count + 1):
                before = f"v{index - 1}"
                value = f"[{before}, {before}]" if kind == "nested" else f"{before} + {before}"
                file.write(f"let v{index} = {value}\n")
            file.write(f"if v{count - 1} == v{count} {{ rect size 1x1 }}\n")
    return generate


def gen_many_lets(path, count=64_000):
    """`count` lets, each the one before plus one, the last one used."""
    with open(path, "w") as file:
        file.write("let v0 = 1\n")
        for index in range(1, count):
            file.write(f"let v{index} = v{index - 1} + 1\n")
        file.write(f"rect size (v{count - 1} / {count}) x 1\n")


def gen_anchor_chain(path, count=4000):
    """`count` rects, each placed at the trailing anchor of the one written
    after it: every anchor waits for a later definition."""
    with open(path, "w") as file:
        for index in range(count - 1):
            file.write(f"b{index}: rect at b{index + 1}.trailing size 10x10\n")
        file.write(f"b{count - 1}: rect at 0,0 size 10x10\n")


def gen_text_in_loop(path, length=60_000, iterations=2000):
    """One 60 KB string, wrapped to a width in each of 2,000 iterations."""
    words = ("lorem ipsum dolor sit amet " * (length // 27 + 1))[:length]
    with open(path, "w") as file:
        file.write(f'let long = "{words}"\n')
        file.write(f"for i in 0..<{iterations} {{ text long at 0, i width=300 }}\n")


def gen_covering_rects(path, count=1_000_000):
    """A 197-byte loop: a million rectangles, each covering a 4000x4000 canvas."""
    with open(path, "w") as file:
        file.write(f"canvas 4000x4000\nfor i in 0..<{count} {{ rect at 0,0 size 4000x4000 fill=red }}\n")


def gen_long_text_png(path, length=4_000_000):
    """4 MB of text in 40 statements, mostly off a small canvas, to PNG."""
    alphabet = "".join(chr(c) for c in range(32, 127) if chr(c) not in '"\\')
    line = (alphabet * (length // 40 // len(alphabet) + 1))[:length // 40]
    with open(path, "w") as file:
        file.write("canvas 400x300\n")
        for index in range(40):
            file.write(f'text "{line}" at 0,{20 + 20 * index}\n')


def gen_dev_zero_imports(path, count=1000):
    """`count` imports of distinct spellings of /dev/zero (a device, not a file)."""
    with open(path, "w") as file:
        for index in range(count):
            file.write(f'import "/dev/{"./" * index}zero"\n')


def gen_loop_lets(path, lets=200, terms=60, iterations=1_000_000):
    """A loop of a million iterations whose body is `lets` lets of `terms`
    terms each: every iteration evaluates the whole body."""
    with open(path, "w") as file:
        file.write(f"for i in 0..<{iterations} {{\n")
        for index in range(lets):
            file.write(f"  let v{index} = " + " + ".join(["i"] * terms) + "\n")
        file.write("}\n")


def gen_loop_lists(path, items=8000, iterations=1_000_000):
    """A loop of a million iterations that builds an 8,000-item list in each."""
    with open(path, "w") as file:
        file.write(f"for i in 0..<{iterations} {{ let l = [" + ", ".join(["i"] * items) + "] }\n")


def gen_outline_arrows(path, cubics=9990, arrows=10_000):
    """A round shape of `cubics` curves and `arrows` arrows ending on it."""
    with open(path, "w") as file:
        file.write(
            "canvas 2000x2000\nshape blob {\n  move 1, 0.5\n"
            f"  for i in 0..<{cubics} {{\n"
            f"    let a = (i + 1) * 360 / {cubics}\n    let m = (i + 0.5) * 360 / {cubics}\n"
            "    curve 0.5 + cos(a) * 0.5, 0.5 + sin(a) * 0.5 control 0.5 + cos(m) * 0.52, 0.5 + sin(m) * 0.52"
            " 0.5 + cos(m) * 0.52, 0.5 + sin(m) * 0.52\n  }\n  close\n}\n"
            "b: blob at 800,800 size 400x400\n"
            f"for i in 0..<{arrows} {{\n  let a = i * 0.036\n"
            "  arrow from 1000 + cos(a) * 900, 1000 + sin(a) * 900 to b\n}\n")


def gen_outline_spiral(path, lines=10_000, arrows=2000):
    """A spiral of `lines` lines winding 500 times round its centre, and
    `arrows` arrows ending on it."""
    with open(path, "w") as file:
        file.write(
            "canvas 800x800\nshape spiral {\n  move 0.5, 0.5\n"
            f"  for i in 1..<{lines} {{\n    let r = 0.5 * i / {lines}\n"
            "    line 0.5 + cos(i * 18) * r, 0.5 + sin(i * 18) * r\n  }\n}\n"
            "s: spiral at 200,200 size 400x400\n"
            f"for i in 0..<{arrows} {{\n  arrow from i * 0.4, 790 to s\n}}\n")


def gen_number(number):
    """A rect whose opacity is written `number`."""
    def generate(path):
        with open(path, "w") as file:
            file.write(f"rect size 10x10 fill=red opacity={number}\n")
    return generate


def cases(args):
    """(name, generator or None for the piped stream, arguments after the
    input, expected status). The input is always the first argument."""
    return [
        ("did-you-mean", gen_did_you_mean, ["--check", "--diagnostic-format", "short"], 1),
        ("long-identifier", gen_long_identifier, ["--check"], 1),
        ("warnings-one-line-short", gen_warnings_one_line("rect at 20,20 size 1x1", 40_000),
         ["--check", "--diagnostic-format", "short"], 0),
        ("warnings-one-line-human", gen_warnings_one_line("rect at 100,100 size 1x1", 10_000),
         ["--check", "--diagnostic-format", "human"], 0),
        ("text-as-paths", gen_text, ["--text-as-paths", "-o", "out.svg"], 0),
        ("memory", lambda path: gen_pencils(path, args.pencils), ["-o", "out.svg"], 0),
        ("huge-input", None, ["--check"], 1),
        ("long-numbers-zeros", gen_number("1." + "0" * 400), ["-o", "out.svg"], 0),
        ("long-numbers-digits", gen_number("9" * 100_000), ["--check"], 1),
        ("values-doubling-strings", gen_doubling("strings"), ["--check"], 1),
        ("values-doubling-lists", gen_doubling("lists"), ["--check"], 1),
        ("values-doubling-nested", gen_doubling("nested"), ["--check"], 1),
        ("many-lets", gen_many_lets, ["--check"], 0),
        ("anchor-chain", gen_anchor_chain, ["-o", "out.svg"], 0),
        ("text-in-loop", gen_text_in_loop, ["--check"], 0),
        ("covering-rects", gen_covering_rects, ["-o", "out.png"], 1),
        ("long-text-png", gen_long_text_png, ["-o", "out.png"], 0),
        ("dev-zero-imports", gen_dev_zero_imports, ["--check"], 1),
        ("loop-lets", gen_loop_lets, ["--check"], 1),
        ("loop-lists", gen_loop_lists, ["--check"], 1),
        ("outline-arrows", gen_outline_arrows, ["-o", "out.svg"], 0),
        ("outline-spiral", gen_outline_spiral, ["--check"], 1),
    ]


def limit_child(file_cap):
    """In the child, before exec: output files are capped at `file_cap` (a
    write past it kills the child with SIGXFSZ, leaving the partial file to
    be measured; standard output and error are pipes, which the cap does
    not touch), and no core dumps."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_cap, file_cap))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)


def sink(path):
    """A pipe whose reading end a thread drains: it counts every byte but
    keeps only the first KEEP_BYTES in `path`. Returns (writing end, thread,
    a one-element list that receives the count)."""
    read_end, write_end = os.pipe()
    try:  # a larger pipe: fewer wake-ups when the child writes gigabytes
        fcntl.fcntl(read_end, getattr(fcntl, "F_SETPIPE_SZ", 1031), 1 << 20)
    except OSError:
        pass
    count = []

    def drain():
        total = 0
        with open(path, "wb") as file:
            while chunk := os.read(read_end, 1 << 20):
                if total < KEEP_BYTES:
                    file.write(chunk[:KEEP_BYTES - total])
                total += len(chunk)
        os.close(read_end)
        count.append(total)

    thread = threading.Thread(target=drain, daemon=True)
    thread.start()
    return write_end, thread, count


def wait_child(child, timeout):
    """Waits for the child, killing it after `timeout` seconds, and reaps
    it. Returns (wait status, rusage of that child alone, whether it was
    killed, the bytes it wrote or None). The bytes written are wchar of
    /proc/PID/io, read while the exited child is a zombie: every successful
    write, to pipes and files, including a temporary file it deleted."""
    written, killed = None, False
    try:
        pidfd = os.pidfd_open(child.pid)
    except (AttributeError, OSError):  # not Linux 5.3+: poll, which reaps it (so no wchar)
        deadline = time.monotonic() + timeout
        while not (reaped := os.wait4(child.pid, os.WNOHANG))[0]:
            if time.monotonic() > deadline and not killed:
                child.kill()
                killed = True
            time.sleep(0.001)
        child.returncode = os.waitstatus_to_exitcode(reaped[1])  # Popen must not wait again
        return reaped[1], reaped[2], killed, written
    killed = not select.select([pidfd], [], [], timeout)[0]  # readable once it has exited
    if killed:
        child.kill()
        select.select([pidfd], [], [])
    os.close(pidfd)
    try:
        with open(f"/proc/{child.pid}/io") as io:
            written = int(next(line for line in io if line.startswith("wchar:")).split()[1])
    except (OSError, StopIteration, ValueError):
        pass
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped: Popen must not wait again
    return status, usage, killed, written


def run_once(command, stdin_path, run_dir, timeout, file_cap):
    """One run in an empty `run_dir` (the output files land there). Returns
    a dict with wall, rss and stdio, files (bytes), code, how and capped."""
    for entry in os.listdir(run_dir):
        os.remove(os.path.join(run_dir, entry))
    out, out_thread, out_count = sink(os.path.join(run_dir, "stdout"))
    err, err_thread, err_count = sink(os.path.join(run_dir, "stderr"))
    feeder = None
    if stdin_path is None:
        feeder = subprocess.Popen([sys.executable, "-c", FEEDER, str(STREAM_BYTES)], stdout=subprocess.PIPE)
        stdin = feeder.stdout
    else:
        stdin = open(stdin_path, "rb")
    start = time.perf_counter()
    child = subprocess.Popen(command, stdin=stdin, stdout=out, stderr=err, cwd=run_dir,
                             preexec_fn=lambda: limit_child(file_cap))
    stdin.close()  # the child holds its own copies of these
    os.close(out)
    os.close(err)
    status, usage, killed, written = wait_child(child, timeout)
    wall = time.perf_counter() - start
    if feeder is not None:
        feeder.kill()
        feeder.wait()
    out_thread.join()
    err_thread.join()
    code = os.waitstatus_to_exitcode(status)
    if killed:
        how = "timeout"
    elif code < 0:
        how = signal.Signals(-code).name  # SIGXFSZ: an output file reached file_cap
    else:
        how = str(code)
    stdio = out_count[0] + err_count[0]
    left = sum(os.path.getsize(os.path.join(run_dir, entry)) for entry in os.listdir(run_dir)
               if entry not in ("stdout", "stderr"))
    files = left if written is None else max(left, written - stdio)  # written to files, kept or not
    capped = killed or code == -signal.SIGXFSZ or files >= file_cap
    if capped and code >= 0 and not killed:  # it ignored SIGXFSZ and saw its writes fail
        how += ", file cap"
    return {"wall": wall, "rss": usage.ru_maxrss * 1024, "stdio": stdio, "files": files, "code": code,
            "how": how, "capped": capped}


def human(count):
    """Bytes with SI units: 1.2 MB."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"


def measure(name, generator, arguments, expected, args, work):
    """Generates the input, runs it --runs times and returns a table row
    and whether every bar held."""
    if generator is None:
        input_path, input_size, command = None, STREAM_BYTES, [args.binary, "-"] + arguments
    else:
        input_path = os.path.join(work, name + ".pencil")
        generator(input_path)
        input_size = os.path.getsize(input_path)
        command = [args.binary, input_path] + arguments
    memory = name == "memory"
    # The memory case's SVG is legitimately large (about 660 bytes a pencil): let it be written whole.
    file_cap = max(FILE_CAP, 2000 * args.pencils) if memory else FILE_CAP
    run_dir = os.path.join(work, "run-" + name)
    os.makedirs(run_dir)
    runs = []
    for _ in range(args.runs):
        runs.append(run_once(command, input_path, run_dir, args.timeout, file_cap))
        if runs[-1]["how"] == "timeout":
            break  # a timed-out case is not repeated
    wall = statistics.median(run["wall"] for run in runs)
    rss = max(run["rss"] for run in runs)
    last = runs[-1]
    capped = any(run["capped"] for run in runs)  # then what it wrote is a lower bound
    stopped = any(run["how"] in ("timeout", "SIGXFSZ") for run in runs)  # then stdio is one too
    output = last["stdio"] + last["files"]
    statuses = sorted({run["how"] for run in runs})
    failed = []
    if wall >= WALL_BAR or any(run["how"] == "timeout" for run in runs):
        failed.append("time")
    outlines = name == "text-as-paths"
    if outlines and (output > OUTPUT_RATIO_BAR * input_size or capped):
        failed.append("output ratio")
    elif not memory and not outlines and (output >= OUTPUT_BAR or capped):
        failed.append("output")
    if statuses != [str(expected)]:
        failed.append("status")
    # Peak memory must stay proportional to the input where the output is a picture of all of it.
    rss_bounded = memory or name == "long-text-png"
    ratio = f"{rss / input_size:.1f}×" if rss_bounded else f"out {output / input_size:.1f}×" if outlines else ""
    if rss_bounded and rss / input_size > RSS_RATIO_BAR:
        failed.append("RSS ratio")
    wall_text = ("≥ " if capped else "") + f"{wall:.2f} s" + (f" ({len(runs)} run)" if len(runs) < args.runs else "")
    row = [name, human(input_size), wall_text, human(rss), ratio, ("≥ " if stopped else "") + human(last["stdio"]),
           ("≥ " if capped else "") + human(last["files"]) if last["files"] or "-o" in arguments else "–",
           ", ".join(statuses) + f" ({expected})", "ok" if not failed else "FAIL: " + ", ".join(failed)]
    if not args.keep:
        shutil.rmtree(run_dir)
        if input_path:
            os.remove(input_path)
    return row, not failed, command


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="pencilc to run (default: .build/release/pencilc)")
    parser.add_argument("--runs", type=int, default=3, help="runs per case; the wall time is their median")
    parser.add_argument("--timeout", type=float, default=120, help="seconds before a run is killed")
    parser.add_argument("--only", help="run only this case (or the cases starting with it)")
    parser.add_argument("--pencils", type=int, default=100_000, help="pencils in the memory case")
    parser.add_argument("--keep", action="store_true", help="keep the inputs and outputs, print where")
    args = parser.parse_args()
    if args.binary is None:
        args.binary = os.path.join(root, ".build", "release", "pencilc")
        if not os.path.exists(args.binary):
            print("building pencilc: swift build -c release", file=sys.stderr)
            subprocess.run(["swift", "build", "-c", "release"], cwd=root, check=True)
    args.binary = os.path.abspath(args.binary)
    selected = [case for case in cases(args)
                if args.only is None or case[0] == args.only or case[0].startswith(args.only + "-")]
    if not selected:
        parser.error(f"no case named {args.only}; the cases are: " + ", ".join(case[0] for case in cases(args)))
    work = tempfile.mkdtemp(prefix="pencil-cost-bench-")
    shown_binary = args.binary
    # Run a private copy, so that a rebuild during the benchmark cannot mix two binaries.
    args.binary = shutil.copy2(args.binary, os.path.join(work, "pencilc"))
    rows, commands, all_ok = [], [], True
    for name, generator, arguments, expected in selected:
        print(f"{name} …", file=sys.stderr, flush=True)
        row, ok, command = measure(name, generator, arguments, expected, args, work)
        rows, commands, all_ok = rows + [row], commands + [(name, command)], all_ok and ok
    header = ["case", "input", f"wall (median of {args.runs})", "peak RSS", "ratio",
              "stdout + stderr", "output file", "status (expected)", "bars"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\nBars: wall < {WALL_BAR:g} s, the expected status, output < {human(OUTPUT_BAR)} (except for the "
          f"memory case, whose bar is peak RSS / input ≤ {RSS_RATIO_BAR:g}×, and text-as-paths, whose bar is "
          f"output / input ≤ {OUTPUT_RATIO_BAR:g}×). “≥” marks a lower bound: the run was "
          f"stopped at the {FILE_CAP >> 20} MiB output-file limit or the {args.timeout:g} s timeout.")
    print("\nCommands:")
    for name, command in commands:
        stdin = f" < {STREAM_BYTES >> 20} MiB of blanks on a pipe" if command[1] == "-" else ""
        shown = [shown_binary] + [os.path.basename(a) if a.startswith(work) else a for a in command[1:]]
        print(f"- {name}: `{' '.join(shown)}{stdin}`")
    if args.keep:
        print(f"\ninputs and outputs kept in {work}")
    else:
        shutil.rmtree(work)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
