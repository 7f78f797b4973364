#!/usr/bin/env python3
"""pencilc fmt never changes the picture of a file that compiles.

For every sample, test fixture and fuzz regression, and every rewrite of
each (statements joined by ';', comments between every two tokens, line
comments at line ends and, with a line break, after operators, blank
lines, CRLF, CR alone; the kinds of
Tests/PencilCoreTests/FormatMutations.swift), against the built pencilc:
each input that compiles to SVG is formatted (`pencilc fmt`) into text
that compiles to the same SVG bytes, and formatting it again changes
nothing. Inputs that do not compile may be refused. The inputs are
copied into a temporary folder with their folders (so imports resolve);
nothing in the repository is written.

usage: scripts/fmt-property.py [--pencilc .build/debug/pencilc] [--keep DIR]
"""

import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["samples", "Tests/PencilCoreTests/Fixtures", "Fuzz/regressions"]

# Tokens as the lexer reads them, closely enough: a rewrite that splits one
# the lexer would not (say 1e-3) only makes an input that does not compile.
TOKEN = re.compile(
    rb"""
      (?P<space>[ \t]+)
    | (?P<newline>\r\n|\r|\n)
    | (?P<line>//[^\r\n]*)
    | (?P<block>/\*.*?(?:\*/|\Z))
    | (?P<string>"(?:\\\(|\\.|[^"\\\r\n])*"?)
    | (?P<word>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?:x\d+(?:\.\d+)?)?%?|\.\d+|[A-Za-z_#][A-Za-z0-9_]*)
    | (?P<op>\.\.<|\.\.\.|==|!=|<=|>=|&&|\|\||.)
    """,
    re.VERBOSE | re.DOTALL,
)
CONTINUES = {b"=", b":", b",", b"+", b"-", b"*", b"/", b"%", b"<", b">", b"<=", b">=", b"==", b"!=", b"&&",
             b"||", b"!", b"..<", b"...", b"."}


def pieces(data):
    """(kind, bytes) for every piece of the input, in order."""
    return [(m.lastgroup, m.group()) for m in TOKEN.finditer(data)]


def tokens_with_comments_before(data, text, newlines):
    out = []
    for kind, piece in pieces(data):
        if kind not in ("space", "line", "block") and (newlines or kind != "newline"):
            out.append(text)
        out.append(piece)
    return b"".join(out)


def at_line_ends(data, text):
    return b"".join((text + p) if k == "newline" else p for k, p in pieces(data))


def join_statements(data):
    """Line ends between statements become '; ' (not inside brackets, not
    after an operator, not before else or '.', not after a comment)."""
    parts = pieces(data)
    out = []
    depth = 0
    previous = None  # the last code piece
    index = 0
    while index < len(parts):
        kind, piece = parts[index]
        if kind == "newline":
            following = index
            while following < len(parts) and parts[following][0] in ("newline", "space"):
                following += 1
            nxt = parts[following][1] if following < len(parts) else None
            after_comment = index > 0 and parts[index - 1][0] == "line"
            if (depth == 0 and previous is not None and nxt is not None and previous not in CONTINUES
                    and nxt not in (b"else", b".") and parts[following][0] not in ("line", "block")
                    and not after_comment):
                out.append(b"; ")
                index = following
                continue
        elif kind not in ("space", "line", "block"):
            if piece in (b"(", b"["):
                depth += 1
            elif piece in (b")", b"]"):
                depth -= 1
            previous = piece
        out.append(piece)
        index += 1
    return b"".join(out)


BINARY = {b"+", b"-", b"*", b"/", b"%", b"<", b">", b"<=", b">=", b"==", b"!=", b"&&", b"||", b"..<", b"..."}


def break_after_operators(data, text):
    """`text` (a comment and a line break) where a line may break inside a
    statement: after a binary operator, '(' and a ',' inside brackets."""
    out = []
    depth = 0
    for kind, piece in pieces(data):
        out.append(piece)
        if kind != "op":
            continue
        if piece in (b"(", b"["):
            depth += 1
        elif piece in (b")", b"]"):
            depth = max(0, depth - 1)
        if piece in BINARY or piece == b"(" or (piece == b"," and depth > 0):
            out.append(text)
    return b"".join(out)


MUTATIONS = {
    "semicolons": join_statements,
    "block-comments": lambda d: tokens_with_comments_before(d, b"/* c */", True),
    "multiline-comments": lambda d: tokens_with_comments_before(d, b"/* c\n  d */", False),
    "line-comments": lambda d: at_line_ends(d, b" // c"),
    "blank-lines": lambda d: at_line_ends(d, b"\n\n"),
    "broken-lines": lambda d: break_after_operators(d, b" // c\n"),
    "crlf": lambda d: d.replace(b"\n", b"\r\n"),
    "cr": lambda d: d.replace(b"\n", b"\r"),
    "semicolons-comments": lambda d: tokens_with_comments_before(join_statements(d), b"/**/", False),
}


def run(command):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def compile_all(pencilc, files):
    """Compiles each file to FILE.svg beside it (in batches, as the
    command line takes many inputs); returns the SVG paths that exist."""
    for start in range(0, len(files), 200):
        run([pencilc, "-f", "svg", *files[start:start + 200]])
    return {f: f[:-len(".pencil")] + ".svg" for f in files if os.path.exists(f[:-len(".pencil")] + ".svg")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pencilc", default=os.path.join(ROOT, ".build/debug/pencilc"))
    parser.add_argument("--keep", help="work in this folder and leave it")
    args = parser.parse_args()
    pencilc = os.path.abspath(args.pencilc)
    work = args.keep or tempfile.mkdtemp(prefix="fmt-property-")
    try:
        return check(pencilc, work)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def check(pencilc, work):
    before = os.path.join(work, "before")
    inputs = []
    for folder in FOLDERS:
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(before, folder))
        for directory, _, names in os.walk(os.path.join(before, folder)):
            for name in sorted(names):
                if name.endswith(".svg"):
                    # Only pictures that pencilc writes here count.
                    os.remove(os.path.join(directory, name))
                # The fuzz inputs named timeout-* run a million loop turns
                # each (minutes in a debug build): their subject is time
                # limits, and their syntax is small.
                if not name.endswith(".pencil") or name.startswith("timeout-"):
                    continue
                path = os.path.join(directory, name)
                with open(path, "rb") as f:
                    data = f.read()
                inputs.append(path)
                for label, mutate in MUTATIONS.items():
                    mutated = path[:-len(".pencil")] + ".~" + label + ".pencil"
                    with open(mutated, "wb") as f:
                        f.write(mutate(data))
                    inputs.append(mutated)
    inputs.sort()
    after = os.path.join(work, "after")
    shutil.copytree(before, after)
    old_svgs = compile_all(pencilc, inputs)
    # Only the inputs that compiled are formatted: the property is theirs.
    formatted = [os.path.join(after, os.path.relpath(f, before)) for f in old_svgs]
    for start in range(0, len(formatted), 200):
        run([pencilc, "fmt", *formatted[start:start + 200]])
    new_svgs = compile_all(pencilc, formatted)
    again = os.path.join(work, "again")
    shutil.copytree(after, again)
    twice = [os.path.join(again, os.path.relpath(f, after)) for f in formatted]
    for start in range(0, len(twice), 200):
        run([pencilc, "fmt", *twice[start:start + 200]])

    failures = []
    for original, old_svg in sorted(old_svgs.items()):
        relative = os.path.relpath(original, before)
        formatted_path = os.path.join(after, relative)
        new_svg = new_svgs.get(formatted_path)
        if new_svg is None:
            failures.append(f"{relative}: compiles, but not after fmt")
        elif not filecmp.cmp(old_svg, new_svg, shallow=False):
            failures.append(f"{relative}: another picture after fmt")
        if not filecmp.cmp(formatted_path, os.path.join(again, relative), shallow=False):
            failures.append(f"{relative}: fmt is not idempotent")
    compiled_rewrites = sum(1 for f in old_svgs if ".~" in f)
    rewrites = sum(1 for f in inputs if ".~" in f)
    print(f"fmt-property: {len(inputs)} inputs ({rewrites} rewrites), {len(old_svgs)} compile "
          f"({compiled_rewrites} rewrites); {len(failures)} failures")
    for failure in failures:
        print("  " + failure)
    # The rewrites are meant to compile: if most did not, the check would
    # test nothing.
    if compiled_rewrites * 2 < rewrites:
        print("fmt-property: fewer than half of the rewrites compile")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
