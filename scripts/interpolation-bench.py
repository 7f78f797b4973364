#!/usr/bin/env python3
"""Instructions to check a scene of many string interpolations
(docs/dev/benchmarks.md, "Interpolations"): 5,000 `let`s and 5,000 texts
of three interpolations each, `pencilc --check`, counted by callgrind
(the machine's load does not move instruction counts). With --baseline,
both binaries are counted and their diagnostics compared.

Usage: scripts/interpolation-bench.py --pencilc PATH [--baseline PATH] [--texts N]
Needs valgrind.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def scene(count):
    lines = ["canvas 2000x2000"]
    for i in range(count):
        lines.append(f"let v{i} = {i}")
        lines.append(f'text "item \\(v{i}) of \\(v{i} * 2) at \\(v{i} + 1)" at 10, {i % 1900}')
    return "\n".join(lines) + "\n"


def instructions(binary, path):
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", binary, "--check", path],
            capture_output=True, text=True)
        totals = re.search(r"^summary: (\d+)", open(out.name).read(), re.M)
        if not totals:
            sys.exit(f"no callgrind summary for {binary}: {run.stderr[-500:]}")
        diagnostics = subprocess.run([binary, "--check", path], capture_output=True, text=True).stderr
        return int(totals.group(1)), diagnostics


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pencilc", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--texts", type=int, default=5000)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "interpolations.pencil")
        with open(path, "w") as file:
            file.write(scene(arguments.texts))
        count, diagnostics = instructions(arguments.pencilc, path)
        if not arguments.baseline:
            print(f"{arguments.pencilc}: {count / 1e6:,.1f} M instructions")
            return
        base, base_diagnostics = instructions(arguments.baseline, path)
        print(f"{arguments.baseline}: {base / 1e6:,.1f} M instructions")
        print(f"{arguments.pencilc}: {count / 1e6:,.1f} M instructions ({(count - base) / base:+.1%})")
        if base_diagnostics != diagnostics:
            sys.exit("the two binaries' diagnostics differ")


main()
