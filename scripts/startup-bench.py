#!/usr/bin/env python3
"""Start-up against a hello-world Swift program (docs/dev/benchmarks.md, "Start-up"; issue 11).

Builds, in release, pencilc and a generated hello-world package (one
`print`), each twice: with the Swift runtime in shared libraries (the
default) and with `--static-swift-stdlib` (the runtime linked into the
executable; Linux). Then runs, whole processes, alternating command by
command in rounds (the order turned each round):

  * hello:             `hello`
  * pencilc --version: loading pencilc and printing one line
  * pencilc --check:   `pencilc --check samples/rainbow-pencils.pencil`
  * --check, no title: the same scene without its one line of text, which
    tells what measuring text costs the first time (the library builds
    the whole built-in font then)

and prints the median wall time of each and pencilc's ratio to hello's,
for the dynamic and the static builds, with the load average. The times
come from a small C runner (built with `cc`): it spawns each command with
posix_spawn and waits for it, so Python's own cost is not in the figures.

With `--before PATH`, an earlier (dynamic) build of pencilc runs its
`--version` and `--check` in the same rounds, so a change is measured
side by side under the same load.

Usage: scripts/startup-bench.py [--runs N] [--pencilc PATH] [--pencilc-static PATH] [--dynamic-only]
                                [--before PATH]
  --runs N     runs of each command (default 200), in rounds of one each
  --dynamic-only
               the default builds alone (no second, static release build
               of pencilc: minutes on a busy machine)
  --before PATH
               an earlier dynamic build, timed beside the dynamic hello
  --pencilc, --pencilc-static
               use these builds instead of building (.build/release and
               .build/static/release)
Python 3 standard library only.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = "/opt/swift/usr/bin/swift" if os.path.exists("/opt/swift/usr/bin/swift") else "swift"
SAMPLE = os.path.join(ROOT, "samples", "rainbow-pencils.pencil")

# Runs every command once per round, in an order turned each round, and
# prints "round command microseconds" per run: the wall time from before
# posix_spawn to after waitpid, with standard output and error on /dev/null.
RUNNER_SOURCE = r"""
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
extern char **environ;
static double now(void) {
  struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
int main(int argc, char **argv) {
  /* runner ROUNDS cmd0 args -- cmd1 args -- ... */
  int rounds = atoi(argv[1]);
  char **commands[64]; int count = 0;
  commands[count++] = argv + 2;
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) { argv[i] = NULL; if (count < 64) commands[count++] = argv + i + 1; }
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  for (int round = 0; round < rounds; round++) {
    for (int k = 0; k < count; k++) {
      int index = (k + round) % count;
      double start = now();
      pid_t pid;
      if (posix_spawn(&pid, commands[index][0], &actions, NULL, commands[index], environ) != 0) {
        perror(commands[index][0]); return 2;
      }
      int status;
      waitpid(pid, &status, 0);
      double elapsed = now() - start;
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "%s failed (%d)\n", commands[index][0], status); return 2;
      }
      printf("%d %d %.1f\n", round, index, elapsed);
    }
  }
  return 0;
}
"""

HELLO_MANIFEST = """// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "hello", targets: [.executableTarget(name: "hello")])
"""


def build(package, scratch, static):
    command = [SWIFT, "build", "-c", "release", "--scratch-path", scratch]
    if static:
        command.append("--static-swift-stdlib")
    result = subprocess.run(command, cwd=package, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed in {package}:\n{result.stdout.decode()}")
    return os.path.join(scratch, "release")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--pencilc")
    parser.add_argument("--pencilc-static")
    parser.add_argument("--dynamic-only", action="store_true")
    parser.add_argument("--before")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="pencilc-startup-")
    try:
        hello = os.path.join(work, "hello")
        os.makedirs(os.path.join(hello, "Sources", "hello"))
        with open(os.path.join(hello, "Package.swift"), "w") as file:
            file.write(HELLO_MANIFEST)
        with open(os.path.join(hello, "Sources", "hello", "main.swift"), "w") as file:
            file.write('print("Hello, world!")\n')
        untitled = os.path.join(work, "untitled.pencil")
        with open(SAMPLE) as source, open(untitled, "w") as file:
            file.write("".join(line for line in source if not line.lstrip().startswith("text ")))
        builds = {}
        for static in (False,) if arguments.dynamic_only else (False, True):
            kind = "static" if static else "dynamic"
            hello_binary = os.path.join(build(hello, os.path.join(hello, ".build", kind), static), "hello")
            given = arguments.pencilc_static if static else arguments.pencilc
            if given:
                pencilc = os.path.abspath(given)
            else:
                scratch = os.path.join(ROOT, ".build", "static") if static else os.path.join(ROOT, ".build")
                pencilc = os.path.join(build(ROOT, scratch, static), "pencilc")
            builds[kind] = (hello_binary, pencilc)
        runner = os.path.join(work, "runner")
        with open(runner + ".c", "w") as file:
            file.write(RUNNER_SOURCE)
        subprocess.run(["cc", "-O2", "-o", runner, runner + ".c"], check=True)
        commands = []
        for kind, (hello_binary, pencilc) in builds.items():
            commands.append((kind, "hello", [hello_binary]))
            commands.append((kind, "pencilc --version", [pencilc, "--version"]))
            commands.append((kind, "pencilc --check", [pencilc, "--check", SAMPLE]))
            commands.append((kind, "--check, no title", [pencilc, "--check", untitled]))
            if kind == "dynamic" and arguments.before:
                before = os.path.abspath(arguments.before)
                commands.append((kind, "before --version", [before, "--version"]))
                commands.append((kind, "before --check", [before, "--check", SAMPLE]))
        argv = [runner, str(arguments.runs)]
        for index, (_, _, command) in enumerate(commands):
            argv += (["--"] if index else []) + command
        load_before = os.getloadavg()
        output = subprocess.run(argv, check=True, stdout=subprocess.PIPE).stdout.decode()
        load_after = os.getloadavg()
        times = [[] for _ in commands]
        for line in output.splitlines():
            _, index, microseconds = line.split()
            times[int(index)].append(float(microseconds) / 1000)
        medians = [statistics.median(column) for column in times]
        print(f"start-up, {arguments.runs} runs of each command in alternating rounds, medians of wall time; "
              f"{os.cpu_count()} processors online")
        print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
              f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
        print(f"{'build':8} {'command':20} {'median':>9} {'/ hello':>8} {'size':>10}")
        hello_medians = {kind: medians[index] for index, (kind, label, _) in enumerate(commands) if label == "hello"}
        for index, (kind, label, command) in enumerate(commands):
            hello_median = hello_medians[kind]
            size = os.path.getsize(command[0])
            print(f"{kind:8} {label:20} {medians[index]:6.2f} ms {medians[index] / hello_median:7.2f}x "
                  f"{size / 1024:8.0f} KiB")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
