#!/usr/bin/env python3
"""Checks that the stages' targets depend one way (docs/dev/architecture.md,
"Targets"): each target may depend only on the targets listed as below it
here, and every module a target's files import is one of its declared
dependencies (SwiftPM lets a file import a module that is only a
dependency of a dependency; this does not).

    python3 scripts/check-layers.py

Reads the package with `swift package dump-package`; exits 1 naming every
dependency or import that goes the wrong way. Also checks that no two
library targets declare a type of the same name at the top level of a
file (unless private): `scripts/fuzz.sh` compiles the stages as one
module, where two would clash.
"""

import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# What each library target may depend on: the stages below it. The shells
# (pencilc, pencil-bench, pencil-font) and the tests may depend on anything.
BASE = {"PencilSupport"}
ALLOWED = {
    "PencilSupport": set(),
    "PencilDiagnostics": BASE,
    "PencilSyntax": BASE | {"PencilDiagnostics"},
    "PencilGeometry": BASE,
    "PencilOpenType": BASE | {"PencilGeometry"},
    "PencilIR": BASE | {"PencilDiagnostics", "PencilGeometry"},
    "PencilSema": BASE | {"PencilDiagnostics", "PencilSyntax", "PencilGeometry"},
    "PencilLayout": BASE | {"PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilSema"},
    "PencilCore": BASE
    | {"PencilDiagnostics", "PencilSyntax", "PencilGeometry", "PencilIR", "PencilSema", "PencilLayout"},
    "PencilQueries": BASE
    | {"PencilDiagnostics", "PencilSyntax", "PencilGeometry", "PencilIR", "PencilSema", "PencilCore"},
    # Backends see only the IR (and geometry, and each other's pixels).
    "PencilFont": BASE | {"PencilGeometry", "PencilIR"},
    "PencilSVG": BASE | {"PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilFont"},
    "PencilRaster": BASE | {"PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilFont"},
    "PencilPNG": BASE | {"PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilRaster"},
    "PencilASCII": BASE | {"PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilRaster"},
    "PencilOutput": {"PencilIR", "PencilSVG", "PencilRaster", "PencilPNG", "PencilASCII"},
    # The World reads files for every shell (imports, fonts); it knows import paths, not the compiler.
    "PencilWorld": BASE | {"PencilDiagnostics", "PencilSema", "PencilOpenType"},
}
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_exported\s+)?import\s+(Pencil\w+)\s*$", re.M)
# A type declared at a file's top level (column 0), not private to its file.
TOP_LEVEL_TYPE = re.compile(
    r"^(?:(?:public|package|internal|final|indirect|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)",
    re.M,
)


def clashing_types(targets) -> list:
    """Top-level type names declared in more than one library target."""
    where = {}
    for name in ALLOWED:
        for file in sorted((ROOT / "Sources" / name).rglob("*.swift")):
            for type_name in TOP_LEVEL_TYPE.findall(file.read_text(encoding="utf-8")):
                where.setdefault(type_name, set()).add(name)
    return [
        f"the type {type_name} is declared in {' and '.join(sorted(owners))}; scripts/fuzz.sh compiles them as one module"
        for type_name, owners in sorted(where.items())
        if len(owners) > 1
    ]


def main() -> int:
    dump = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    targets = json.loads(dump)["targets"]
    problems = []
    checked = 0
    for target in targets:
        name = target["name"]
        deps = set()
        for dep in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dep:
                    deps.add(dep[kind][0])
        if name in ALLOWED:
            checked += 1
            for dep in sorted(deps - ALLOWED[name]):
                problems.append(f"{name} depends on {dep}, which is not below it")
        # SwiftPM's default folder unless the target names its own path.
        folder = ROOT / (target.get("path") or f"{'Tests' if target['type'] == 'test' else 'Sources'}/{name}")
        for file in sorted(folder.rglob("*.swift")):
            text = file.read_text(encoding="utf-8")
            for module in IMPORT.findall(text):
                if module != name and module not in deps:
                    problems.append(f"{file.relative_to(ROOT)} imports {module}, not a dependency of {name}")
    missing = sorted(set(ALLOWED) - {t["name"] for t in targets})
    problems += [f"{name} is listed here but is not a target" for name in missing]
    problems += clashing_types(targets)
    for problem in problems:
        print(f"check-layers: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-layers: {checked} stage targets depend one way; every import is a declared dependency; no two declare one type name")
    return 0


if __name__ == "__main__":
    sys.exit(main())
