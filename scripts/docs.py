#!/usr/bin/env python3
"""Makes every picture and every shown output of the documentation with
the pencilc binary, so that nothing in the docs is typed by hand
(docs/dev/testing.md, "The documentation").

What it makes:

  * the pictures of samples listed in SAMPLE_PICTURES below;
  * in README.md and every docs/**/*.md, a ```pencil block right after a
    line `<!-- picture NAME [OPTION ...] -->` is compiled to
    docs/pictures/NAME.png (at --scale 2 unless the options say otherwise);
    with the option `appearances`, to NAME-light.png and NAME-dark.png;
  * a fenced block right after a line `<!-- output ARGUMENTS -->` is
    replaced by what `pencilc ARGUMENTS` prints (standard output, then
    standard error), run in the repository's root. In ARGUMENTS,
    `example.pencil` is the nearest ```pencil block above the marker,
    written to a file of that name in an empty folder where the command
    then runs (so messages name it `example.pencil`);
  * a fenced block right after a line `<!-- file PATH -->` is replaced by
    that file of the repository (the grammar page shows the grammar so);
  * a fenced block right after a line `<!-- script COMMAND -->` is replaced
    by what that command of the repository prints (standard output), run
    in the root with `{pencilc}` standing for the binary: for a script
    whose figures are deterministic, such as scripts/ascii-quality.py.

A picture in docs/pictures that nothing makes is an error (except the
preview's screenshots, which scripts/preview-browser-check.py takes).
With --check it writes nothing: it lists each file that differs from what
the binary makes now and exits with 1 (CI runs it so).

Usage: scripts/docs.py [--pencilc PATH] [--check]
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICTURES = "docs/pictures"

# (source, options, picture): the pictures of whole samples.
SAMPLE_PICTURES = [
    ("samples/rainbow-pencils.pencil", ["--scale", "2"], "rainbow-pencils.png"),
    ("samples/components.pencil", ["--scale", "2"], "components.png"),
    ("samples/hue-grid.pencil", [], "hue-grid.png"),
    ("samples/edit-practice.pencil", ["--appearance", "light", "--scale", "2"], "edit-practice-light.png"),
    ("samples/edit-practice.pencil", ["--appearance", "dark", "--scale", "2"], "edit-practice-dark.png"),
    ("samples/layout-rules.pencil", ["--appearance", "light", "--scale", "2"], "layout-rules-light.png"),
    ("samples/layout-rules.pencil", ["--appearance", "dark", "--scale", "2"], "layout-rules-dark.png"),
    ("samples/flow.pencil", ["--scale", "2"], "flow.png"),
    ("samples/pencil-fan.pencil", ["--scale", "2"], "pencil-fan.png"),
    ("samples/bar-chart.pencil", ["--appearance", "light", "--scale", "2"], "bar-chart.png"),
    ("samples/architecture.pencil", ["--appearance", "light", "--scale", "2"], "architecture.png"),
    ("samples/state-machine.pencil", ["--appearance", "light", "--scale", "2"], "state-machine.png"),
    ("samples/settings.pencil", ["--appearance", "light", "--scale", "2"], "settings-light.png"),
    ("samples/settings.pencil", ["--appearance", "dark", "--scale", "2"], "settings-dark.png"),
    ("samples/donut.pencil", ["--appearance", "light", "--scale", "2"], "donut.png"),
    ("samples/app-icon.pencil", ["--appearance", "light", "--scale", "2"], "app-icon.png"),
    ("samples/clock.pencil", ["--appearance", "light", "--scale", "2"], "clock.png"),
]

# Pictures other scripts make: screenshots of the preview in Chromium
# (scripts/preview-browser-check.py --screenshot), and three renderers'
# pictures of a filter's edge (scripts/edge-blur.py).
MADE_ELSEWHERE = {
    "preview.png", "preview-errors.png", "edge-blur-pencilc.png", "edge-blur-resvg.png", "edge-blur-rsvg.png",
}

PICTURE_MARKER = re.compile(r"^<!-- picture (\S+)((?: \S+)*) -->$")
OUTPUT_MARKER = re.compile(r"^<!-- output (.+) -->$")
FILE_MARKER = re.compile(r"^<!-- file (\S+) -->$")
SCRIPT_MARKER = re.compile(r"^<!-- script (.+) -->$")


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    return files


def run(pencilc, arguments, cwd):
    result = subprocess.run([pencilc] + arguments, cwd=cwd, capture_output=True)
    return result


def fenced_block(lines, start):
    """The fence at `start` (which must open one): its body and the index of its closing line."""
    if start >= len(lines) or not lines[start].startswith("```"):
        return None, start
    end = start + 1
    while end < len(lines) and not lines[end].startswith("```"):
        end += 1
    return lines[start + 1:end], end


class Maker:
    def __init__(self, pencilc, check):
        self.pencilc = pencilc
        self.check = check
        self.differing = []
        self.failures = []
        self.pictures = set()

    def put(self, path, data):
        """Writes `data` to `path` (relative to the root), or with --check compares."""
        full = os.path.join(ROOT, path)
        old = open(full, "rb").read() if os.path.exists(full) else None
        if old == data:
            return
        if self.check:
            self.differing.append(path)
            return
        os.makedirs(os.path.dirname(full), exist_ok=True)
        temporary = full + ".tmp"
        with open(temporary, "wb") as file:
            file.write(data)
        os.replace(temporary, full)
        print(f"wrote {path}")

    def picture(self, source_path, options, name, cwd):
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "picture.png")
            result = run(self.pencilc, [source_path] + options + ["-o", out], cwd)
            if result.returncode != 0:
                self.failures.append(f"{name}: pencilc exited {result.returncode}: {result.stderr.decode()[-800:]}")
                return
            self.pictures.add(name)
            self.put(os.path.join(PICTURES, name), open(out, "rb").read())

    def samples(self):
        for source, options, name in SAMPLE_PICTURES:
            self.picture(source, options, name, ROOT)

    def markdown(self, path):
        lines = open(path, encoding="utf-8").read().split("\n")
        relative = os.path.relpath(path, ROOT)
        last_block = None
        index = 0
        while index < len(lines):
            line = lines[index]
            if line.startswith("```pencil"):
                body, end = fenced_block(lines, index)
                last_block = "\n".join(body) + "\n"
                index = end + 1
                continue
            picture = PICTURE_MARKER.match(line)
            output = OUTPUT_MARKER.match(line)
            included = FILE_MARKER.match(line)
            script = SCRIPT_MARKER.match(line)
            if script:
                body, end = fenced_block(lines, index + 1)
                command = [part.replace("{pencilc}", self.pencilc) for part in shlex.split(script.group(1))]
                result = subprocess.run(command, cwd=ROOT, capture_output=True)
                if body is None or result.returncode != 0:
                    self.failures.append(f"{relative}:{index + 1}: {script.group(1)} failed or precedes no fence: "
                                         f"{result.stderr.decode()[-500:]}")
                else:
                    made = result.stdout.decode("utf-8", errors="replace").rstrip("\n").split("\n")
                    lines[index + 2:end] = made
                    index = index + 2 + len(made)
            elif included:
                body, end = fenced_block(lines, index + 1)
                source = os.path.join(ROOT, included.group(1))
                if body is None or not os.path.exists(source):
                    self.failures.append(f"{relative}:{index + 1}: a file marker must name a file and precede a fence")
                else:
                    made = open(source, encoding="utf-8").read().rstrip("\n").split("\n")
                    lines[index + 2:end] = made
                    index = index + 2 + len(made)
            elif picture:
                body, _ = fenced_block(lines, index + 1)
                if body is None or not lines[index + 1].startswith("```pencil"):
                    self.failures.append(f"{relative}:{index + 1}: a picture marker must precede a ```pencil block")
                else:
                    self.block_picture("\n".join(body) + "\n", picture.group(1), picture.group(2).split())
            elif output:
                body, end = fenced_block(lines, index + 1)
                if body is None:
                    self.failures.append(f"{relative}:{index + 1}: an output marker must precede a fenced block")
                else:
                    made = self.output(output.group(1), last_block, f"{relative}:{index + 1}")
                    if made is not None:
                        lines[index + 2:end] = made
                        end = index + 2 + len(made)
                    index = end
            index += 1
        self.put(relative, "\n".join(lines).encode("utf-8"))

    def block_picture(self, source, name, options):
        appearances = "appearances" in options
        options = [option for option in options if option != "appearances"]
        if "--scale" not in options:
            options = ["--scale", "2"] + options
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "example.pencil"), "w", encoding="utf-8") as file:
                file.write(source)
            if appearances:
                for appearance in ("light", "dark"):
                    self.picture("example.pencil", options + ["--appearance", appearance],
                                 f"{name}-{appearance}.png", directory)
            else:
                self.picture("example.pencil", options, f"{name}.png", directory)

    def output(self, arguments, block, where):
        arguments = shlex.split(arguments)
        with tempfile.TemporaryDirectory() as directory:
            cwd = ROOT
            if "example.pencil" in arguments:
                if block is None:
                    self.failures.append(f"{where}: 'example.pencil' but no ```pencil block above")
                    return None
                with open(os.path.join(directory, "example.pencil"), "w", encoding="utf-8") as file:
                    file.write(block)
                cwd = directory
            result = run(self.pencilc, arguments, cwd)
        text = (result.stdout + result.stderr).decode("utf-8", errors="replace")
        return text.rstrip("\n").split("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pencilc", default=os.path.join(ROOT, ".build", "debug", "pencilc"))
    parser.add_argument("--check", action="store_true")
    arguments = parser.parse_args()
    pencilc = os.path.abspath(arguments.pencilc)
    if not os.path.exists(pencilc):
        sys.exit(f"no pencilc at {pencilc}: build it first (swift build)")
    maker = Maker(pencilc, arguments.check)
    maker.samples()
    for path in markdown_files():
        maker.markdown(path)
    for name in sorted(os.listdir(os.path.join(ROOT, PICTURES))):
        if name not in maker.pictures and name not in MADE_ELSEWHERE:
            maker.failures.append(f"{PICTURES}/{name} is made by nothing: delete it, or make it here")
    for failure in maker.failures:
        print(f"error: {failure}", file=sys.stderr)
    if maker.differing:
        print("these differ from what pencilc makes now (run scripts/docs.py to remake them):", file=sys.stderr)
        for path in maker.differing:
            print(f"  {path}", file=sys.stderr)
    if maker.failures or maker.differing:
        sys.exit(1)
    print("the docs' pictures and outputs are what pencilc makes" if arguments.check else "done")


main()
