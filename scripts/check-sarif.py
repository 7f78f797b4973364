#!/usr/bin/env python3
"""Validates `pencilc --diagnostic-format sarif` against the official SARIF
2.1.0 schema (scripts/sarif/sarif-schema-2.1.0.json) with an independent
validator (the `jsonschema` package), and checks what a schema cannot:

- standard output is one SARIF log and standard error is empty; the
  invocation's exit code is the process's;
- the rules are every code `pencilc explain` knows, with its summary and
  explanation; every result's ruleId is a rule and its ruleIndex that
  rule's; every notification's descriptor is one of the driver's;
- the results are the JSON format's diagnostics, in the same order, and
  each region (1-based lines, 1-based UTF-16 columns) is where the JSON
  format's range is, and its start where the short format's line:col
  (bytes) is; notes with a range are the related locations;
- each fix's replacements, applied to the file, give what the JSON
  format's edits give;
- `-j 1` and `-j 2` print the same log;
- `pencilc fmt --check` over every fixture and a missing file writes one
  log too, with the syntax errors `fmt --diagnostic-format json` reports
  (same codes, same order) and the missing file as a notification.

Every sample and every diagnostics fixture is checked alone, then all of
them in one run with a missing file among them, a usage error, standard
input, and absolute paths (which must come out relative).

    python3 scripts/check-sarif.py [--pencilc .build/debug/pencilc]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
from urllib.parse import unquote

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "scripts/sarif/sarif-schema-2.1.0.json")
SHORT_LINE = re.compile(r"^(.*):(\d+):(\d+): (error|warning|info|hint): .* \[([EW]\d{4})\]$")


def run(pencilc, arguments, stdin=None):
    return subprocess.run([pencilc] + arguments, cwd=ROOT, input=stdin, capture_output=True)


def codes(pencilc, ids):
    """id -> (summary, severity, explanation) from `pencilc explain`."""
    known = {}
    for code in ids:
        result = run(pencilc, ["explain", code])
        if result.returncode != 0:
            continue
        head, _, explanation = result.stdout.decode().partition("\n\n")
        match = re.match(r"^(\S+): (.*) \((\w+)\)$", head)
        if match:
            known[code] = (match.group(2), match.group(3), explanation.rstrip("\n"))
    return known


def path_of(location, cwd=ROOT):
    """The file an artifactLocation names."""
    uri = location["uri"]
    if uri.startswith("file://"):
        return unquote(uri[len("file://"):])
    if location.get("uriBaseId") != "%SRCROOT%":
        raise ValueError(f"a relative URI without the %SRCROOT% base: {location}")
    return os.path.normpath(os.path.join(cwd, unquote(uri)))


def offset(data, line, column):
    """The byte offset of a 1-based line and 1-based UTF-16 column."""
    starts = [0] + [index + 1 for index, byte in enumerate(data) if byte == 10]
    if not 1 <= line <= len(starts) or column < 1:
        raise ValueError(f"line {line} column {column} is not in the file")
    start = starts[line - 1]
    end = starts[line] if line < len(starts) else len(data)
    units = position = 0
    for character in data[start:end].decode("utf-8", errors="surrogateescape"):
        if units >= column - 1:
            break
        units += 2 if ord(character) > 0xFFFF else 1
        position += len(character.encode("utf-8", errors="surrogateescape"))
    if units != column - 1:
        raise ValueError(f"column {column} is past the end of line {line} or inside a character")
    return start + position


def region_of(json_range):
    start, end = json_range["start"], json_range["end"]
    return {"startLine": start["line"], "startColumn": start["utf16Column"],
            "endLine": end["line"], "endColumn": end["utf16Column"]}


def apply(data, edits):
    """Applies (start, end, text) byte edits of the unchanged file, last first."""
    for start, end, text in sorted(edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
        data = data[:start] + text.encode() + data[end:]
    return data


def check_log(log, status, known, json_records, short_lines, files):
    """Problems with one log, given the same run's JSON records and short lines."""
    problems = []
    run_ = log["runs"][0]
    driver = run_["tool"]["driver"]
    rules = driver["rules"]
    ids = [rule["id"] for rule in rules]
    if sorted(ids) != sorted(known) or len(set(ids)) != len(ids):
        problems.append(f"the rules are not the codes `pencilc explain` knows: {sorted(set(ids) ^ set(known))}")
    for rule in rules:
        if rule["id"] not in known:
            continue
        summary, severity, explanation = known[rule["id"]]
        level = {"error": "error", "warning": "warning"}.get(severity, "note")
        if (rule["shortDescription"]["text"], rule["help"]["text"], rule["defaultConfiguration"]["level"]) != (
                summary, explanation, level):
            problems.append(f"rule {rule['id']} differs from `pencilc explain {rule['id']}`")
    invocation = run_["invocations"][0]
    if invocation.get("exitCode") != status:
        problems.append(f"exitCode {invocation.get('exitCode')}, the process exited with {status}")
    notifications = invocation.get("toolExecutionNotifications", [])
    if invocation["executionSuccessful"] != (not notifications):
        problems.append("executionSuccessful does not match the notifications")
    descriptors = [descriptor["id"] for descriptor in driver.get("notifications", [])]
    for notification in notifications:
        descriptor = notification["descriptor"]
        index = descriptor.get("index")
        if index is None or not 0 <= index < len(descriptors) or descriptors[index] != descriptor["id"]:
            problems.append(f"notification descriptor {descriptor} is not the driver's")
    failures = [record for record in json_records if record["type"] == "failure"]
    if [n["descriptor"]["id"] for n in notifications] != [f["code"] for f in failures]:
        problems.append("the notifications are not the JSON format's failure records")

    diagnostics = [record for record in json_records if record["type"] == "diagnostic"]
    results = run_["results"]
    if [r["ruleId"] for r in results] != [d["code"] for d in diagnostics]:
        problems.append("the results are not the JSON format's diagnostics in the same order")
        return problems
    if short_lines is not None and len(short_lines) != len(results):
        problems.append(f"{len(results)} results but {len(short_lines)} short lines")
        short_lines = None
    for number, (result, diagnostic) in enumerate(zip(results, diagnostics)):
        where = f"result {number} ({result['ruleId']})"
        index = result.get("ruleIndex")
        if result["ruleId"] not in ids or index is None or ids[index] != result["ruleId"]:
            problems.append(f"{where}: ruleId/ruleIndex not in the rules")
        physical = result["locations"][0]["physicalLocation"]
        region = physical["region"]
        if min(region.values()) < 1:
            problems.append(f"{where}: a region number below 1: {region}")
        if region != region_of(diagnostic["range"]):
            problems.append(f"{where}: region {region}, JSON range {region_of(diagnostic['range'])}")
        path = path_of(physical["artifactLocation"])
        if path != os.path.normpath(os.path.join(ROOT, diagnostic["file"])):
            problems.append(f"{where}: artifact {path}, JSON file {diagnostic['file']}")
            continue
        if path not in files:
            with open(path, "rb") as handle:
                files[path] = handle.read()
        data = files[path]
        try:
            start = offset(data, region["startLine"], region["startColumn"])
        except ValueError as error:
            problems.append(f"{where}: {error}")
            continue
        if start != diagnostic["range"]["start"]["offset"]:
            problems.append(f"{where}: the region starts at byte {start}, JSON says {diagnostic['range']['start']['offset']}")
        if short_lines is not None:
            match = SHORT_LINE.match(short_lines[number])
            line_start = data.rfind(b"\n", 0, start) + 1
            if not match or (int(match.group(2)), int(match.group(3))) != (region["startLine"], start - line_start + 1):
                problems.append(f"{where}: the region is not at the short format's {short_lines[number]!r}")
        noted = [note for note in diagnostic["notes"] if "range" in note]
        related = result.get("relatedLocations", [])
        if len(related) != len(noted):
            problems.append(f"{where}: {len(related)} related locations, {len(noted)} notes with a range")
        for location, note in zip(related, noted):
            note_region = location["physicalLocation"]["region"]
            note_file = os.path.normpath(os.path.join(ROOT, note.get("file", diagnostic["file"])))
            if (note_region, path_of(location["physicalLocation"]["artifactLocation"]), location["message"]["text"]) != (
                    region_of(note["range"]), note_file, note["message"]):
                problems.append(f"{where}: related location {location} is not the note {note}")
        fixes = result.get("fixes", [])
        if len(fixes) != len(diagnostic["fixes"]):
            problems.append(f"{where}: {len(fixes)} fixes, JSON has {len(diagnostic['fixes'])}")
        for fix, json_fix in zip(fixes, diagnostic["fixes"]):
            expected = apply(data, [(e["range"]["start"]["offset"], e["range"]["end"]["offset"], e["newText"])
                                    for e in json_fix["edits"]])
            try:
                changes = fix["artifactChanges"]
                if len(changes) != 1 or path_of(changes[0]["artifactLocation"]) != path:
                    raise ValueError("a fix changes another file than its result's")
                edits = []
                for replacement in changes[0]["replacements"]:
                    deleted = replacement["deletedRegion"]
                    edits.append((offset(data, deleted["startLine"], deleted["startColumn"]),
                                  offset(data, deleted["endLine"], deleted["endColumn"]),
                                  replacement.get("insertedContent", {}).get("text", "")))
                if apply(data, edits) != expected:
                    raise ValueError("applied, it gives another text than the JSON format's edits")
            except ValueError as error:
                problems.append(f"{where}: fix {fix['description']['text']!r}: {error}")
    return problems


def runs():
    """(name, arguments, standard input, whether to compare with the short format)."""
    files = sorted(glob.glob(os.path.join(ROOT, "Tests/PencilCoreTests/Fixtures/diagnostics/*.pencil")))
    files += sorted(glob.glob(os.path.join(ROOT, "samples/*.pencil")))
    relative = [os.path.relpath(path, ROOT) for path in files]
    for path in relative:
        yield path, [path, "--check"], None, True
    yield "every file with a missing one, -j 2", ["--check", "-j", "2"] + relative[:4] + [
        "no-such-file.pencil"] + relative[4:], None, False
    yield "absolute paths", ["--check", os.path.join(ROOT, relative[0]), os.path.join(ROOT, "samples/flow.pencil")], None, True
    yield "standard input", ["-", "--stdin-filename", "stdin.pencil"], b"text \"\xe6\x97\xa5\xf0\x9f\x98\x80\" at 0,20 color=.rde\n", False
    yield "unknown option", ["--bogus"], None, False
    yield "a directory", [ROOT], None, False
    yield "unwritable output", ["samples/flow.pencil", "-o", "/no/such/dir/x.svg"], None, False


def check_fmt(pencilc, validator):
    """`pencilc fmt`: one log for the run, as the compiler writes."""
    files = sorted(glob.glob(os.path.join(ROOT, "Tests/PencilCoreTests/Fixtures/diagnostics/*.pencil")))
    arguments = ["--check"] + [os.path.relpath(path, ROOT) for path in files] + ["no-such-file.pencil"]
    result = run(pencilc, ["fmt", "--diagnostic-format", "sarif"] + arguments)
    try:
        log = json.loads(result.stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return [f"standard output is not one JSON document: {error}"]
    problems = [f"schema: {error.message} at {'/'.join(map(str, error.absolute_path))}"
                for error in validator.iter_errors(log)]
    if len(log.get("runs", [])) != 1:
        return problems + [f"{len(log.get('runs', []))} runs, not one"]
    run_log = log["runs"][0]
    json_run = run(pencilc, ["fmt", "--diagnostic-format", "json"] + arguments)
    records = [json.loads(line) for line in json_run.stdout.decode().splitlines() if line.startswith("{")]
    expected = [(r["file"], r["code"]) for r in records if r["type"] == "diagnostic"]
    found = [(path_of(r["locations"][0]["physicalLocation"]["artifactLocation"]), r["ruleId"])
             for r in run_log["results"]]
    expected = [(os.path.join(ROOT, file), code) for file, code in expected]
    if not expected:
        problems.append("no fixture has a syntax error: the check checks nothing")
    if found != expected:
        problems.append(f"results {found[:3]}... are not fmt's JSON diagnostics {expected[:3]}...")
    invocation = run_log["invocations"][0]
    notes = invocation.get("toolExecutionNotifications", [])
    if [n["descriptor"]["id"] for n in notes] != ["E0402"] or invocation["executionSuccessful"]:
        problems.append(f"the missing file is not one E0402 notification: {notes}")
    if invocation["exitCode"] != result.returncode or result.returncode != 2:
        problems.append(f"exit code {invocation['exitCode']} in the log, {result.returncode} from the process")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pencilc", default=os.path.join(ROOT, ".build/debug/pencilc"))
    args = parser.parse_args()
    pencilc = os.path.abspath(args.pencilc)
    with open(SCHEMA) as handle:
        schema = json.load(handle)
    # The schema names its draft (draft 4 for the OASIS errata 01 text).
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    known = None
    passed = failed = 0
    for name, arguments, stdin, compare_short in runs():
        result = run(pencilc, ["--diagnostic-format", "sarif"] + arguments, stdin)
        problems = []
        try:
            log = json.loads(result.stdout.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            log = None
            problems.append(f"standard output is not one JSON document: {error}")
        if result.stderr:
            problems.append(f"standard error is not empty: {result.stderr[:200]!r}")
        if log is not None:
            problems += [f"schema: {error.message} at {'/'.join(map(str, error.absolute_path))}"
                         for error in validator.iter_errors(log)]
        if log is not None and not problems:
            if known is None:
                known = codes(pencilc, [rule["id"] for rule in log["runs"][0]["tool"]["driver"]["rules"]])
            json_run = run(pencilc, ["--diagnostic-format", "json"] + arguments, stdin)
            json_records = [json.loads(line) for line in json_run.stdout.decode().splitlines()]
            short_lines = None
            if compare_short:
                short_run = run(pencilc, ["--diagnostic-format", "short"] + arguments, stdin)
                short_lines = short_run.stderr.decode().splitlines()
            # Standard input is found under its --stdin-filename.
            files = {os.path.join(ROOT, arguments[2]): stdin} if arguments[0] == "-" else {}
            problems += check_log(log, result.returncode, known, json_records, short_lines, files)
            if "-j" in arguments:
                serial = run(pencilc, ["--diagnostic-format", "sarif", "-j", "1"] + arguments, stdin)
                if serial.stdout != result.stdout:
                    problems.append("-j 1 prints another log than -j 2")
            if name == "absolute paths":
                uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                        for r in log["runs"][0]["results"]]
                if not uris or any(uri.startswith("file:") or uri.startswith("/") for uri in uris):
                    problems.append(f"absolute paths under the working directory are not made relative: {uris[:3]}")
        if problems:
            failed += 1
            print(f"FAIL {name}:\n  " + "\n  ".join(problems[:10]))
        else:
            passed += 1
    problems = check_fmt(pencilc, validator)
    if problems:
        failed += 1
        print("FAIL fmt --check:\n  " + "\n  ".join(problems[:10]))
    else:
        passed += 1
    print(f"check-sarif: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
