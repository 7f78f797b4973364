#!/usr/bin/env python3
"""Runs the tests that wait on other threads and processes (the preview's,
--watch's) RUNS times under CPU load, to catch tests that pass on a quiet
machine and fail on a loaded one (a fixed sleep, "the next event").

Usage: python3 scripts/stress-tests.py [--runs 20] [--filter REGEX]
       [--skip REGEX] [--load N] [--budget SECONDS]

The load is `stress-ng --cpu N` when it is installed (Debian's stress-ng),
else N Python busy loops; N defaults to the number of processors. The
tests are built first (`swift build --build-tests`) and then run with
`swift test --skip-build`. Stops starting runs after --budget seconds
(default 290), so CI stays under about 5 minutes. Exits 1 if any run
failed (its output is printed), 0 otherwise; prints one line per run.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

DEFAULT_FILTER = (
    "PencilPreviewTests.EventStreamTests|PencilPreviewTests.RegularFileSceneTests|"
    "PencilPreviewTests.WatchedFoldersTests|PencilPreviewTests.SharedEventBufferTests|"
    "PencilPreviewTests.HTTPServerTests/testTheConnectionCap|"
    "PencilCLITests.WatchCLITests|PencilCLITests.PreviewCLITests|"
    "PencilCLITests.ParallelCLITests/testInterrupt"
)
# Throughput tests of the event streams (megabytes through a slow test
# client), seconds each and not of the waiting kind: left out so that 20
# runs fit in about 5 minutes.
DEFAULT_SKIP = "testASlowClientIsDroppedAtItsBufferCap|testPastTheTotalCapTheStreamsFurthestBehindAreDropped"


def start_load(count):
    """Processes that keep `count` processors busy."""
    if shutil.which("stress-ng"):
        return [subprocess.Popen(["stress-ng", "--cpu", str(count), "--quiet"], stdout=subprocess.DEVNULL)]
    busy = "while True:\n    pass\n"
    return [subprocess.Popen([sys.executable, "-c", busy]) for _ in range(count)]


def stop_load(processes):
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--filter", default=DEFAULT_FILTER)
    parser.add_argument("--skip", default=DEFAULT_SKIP)
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--budget", type=float, default=290)
    arguments = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    subprocess.run(["swift", "build", "--build-tests"], check=True, stdout=subprocess.DEVNULL)
    load = start_load(arguments.load)
    started = time.monotonic()
    failures = 0
    runs = 0
    try:
        for run in range(1, arguments.runs + 1):
            if time.monotonic() - started > arguments.budget:
                print(f"stress-tests: budget of {arguments.budget:.0f} s spent after {runs} runs")
                break
            begun = time.monotonic()
            result = subprocess.run(
                ["swift", "test", "--skip-build", "--filter", arguments.filter]
                + (["--skip", arguments.skip] if arguments.skip else []),
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            runs += 1
            executed = [line for line in result.stdout.splitlines() if line.strip().startswith("Executed")]
            summary = executed[-1].strip() if executed else "no tests ran"
            print(f"run {run}: {'ok' if result.returncode == 0 else 'FAILED'} in "
                  f"{time.monotonic() - begun:.1f} s: {summary}", flush=True)
            if result.returncode != 0 or not executed:
                failures += 1
                lines = result.stdout.splitlines()
                print("\n".join(line for line in lines if "error" in line or "failed" in line))
                # A test process killed by a signal says nothing of where: the
                # last lines show the test it was in.
                print("the end of its output:\n" + "\n".join(lines[-12:]))
    finally:
        stop_load(load)
    print(f"stress-tests: {runs - failures} of {runs} runs passed under a load of {arguments.load} "
          f"busy processors in {time.monotonic() - started:.0f} s")
    return 1 if failures or runs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
