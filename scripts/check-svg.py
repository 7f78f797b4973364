#!/usr/bin/env python3
"""Checks that every SVG file given is well-formed XML with an <svg> root in
the SVG namespace and a width, height and viewBox. Standard library only."""
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}svg"


def check(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        return f"{path}: not well-formed XML: {error}"
    if root.tag != SVG:
        return f"{path}: root element is {root.tag}, not svg"
    missing = [name for name in ("width", "height", "viewBox") if name not in root.attrib]
    if missing:
        return f"{path}: <svg> lacks {', '.join(missing)}"
    return None


def main(paths):
    if not paths:
        print("usage: check-svg.py FILE.svg...", file=sys.stderr)
        return 2
    problems = [problem for problem in map(check, paths) if problem]
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-svg: {len(paths) - len(problems)} passed, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
