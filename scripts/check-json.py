#!/usr/bin/env python3
"""Validates `pencilc --diagnostic-format json` against docs/diagnostics.schema.json
with an independent validator (the `jsonschema` package).

Every diagnostics fixture and sample is compiled, and so are command lines
that fail outside any source (an unknown option, a missing file, an input
over the size limit, an unwritable output): every line of standard output
must be valid JSON matching the schema, the last one the summary, and
nothing may be written to standard error.

    python3 scripts/check-json.py [--pencilc .build/debug/pencilc]
"""
import argparse
import glob
import json
import os
import subprocess
import sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def runs(pencilc):
    """(name, arguments, standard input) for every run checked."""
    files = sorted(glob.glob(os.path.join(ROOT, "Tests/PencilCoreTests/Fixtures/diagnostics/*.pencil")))
    files += sorted(glob.glob(os.path.join(ROOT, "samples/*.pencil")))
    for path in files:
        yield os.path.relpath(path, ROOT), [path, "--check"], None
    yield "unknown option", ["--bogus"], None
    yield "no input", [], None
    yield "missing file", ["no-such-file.pencil"], None
    yield "directory", [ROOT], None
    yield "unwritable output", [os.path.join(ROOT, "samples/rainbow-pencils.pencil"), "-o", "/no/such/dir/x.svg"], None
    yield "input over the limit", ["-"], b" " * ((128 << 20) + 1)
    yield "stdin with control characters", ["-", "--stdin-filename", "a\x1bb.pencil"], "text \"\x1b[2J\" at 0,0 font=huge\n".encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pencilc", default=os.path.join(ROOT, ".build/debug/pencilc"))
    args = parser.parse_args()
    with open(os.path.join(ROOT, "docs/diagnostics.schema.json")) as handle:
        schema = json.load(handle)
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    for name, arguments, stdin in runs(args.pencilc):
        result = subprocess.run(
            [args.pencilc, "--diagnostic-format", "json"] + arguments, input=stdin, capture_output=True)
        problems = []
        lines = result.stdout.decode("utf-8").splitlines()
        records = []
        for number, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                problems.append(f"line {number} is not JSON: {error}")
                continue
            records.append(record)
            problems += [f"line {number}: {error.message}" for error in validator.iter_errors(record)]
        if not records or records[-1].get("type") != "summary":
            problems.append("the last line is not the summary")
        if result.stderr:
            problems.append(f"standard error is not empty: {result.stderr[:200]!r}")
        if problems:
            failed += 1
            print(f"FAIL {name}:\n  " + "\n  ".join(problems[:10]))
        else:
            passed += 1
    print(f"check-json: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
