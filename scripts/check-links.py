#!/usr/bin/env python3
"""Checks every relative link of the documentation: README.md, CHANGELOG.md
and docs/**/*.md. A link's file must exist, and a link into a Markdown
page must name one of its headings (GitHub's slugs: lower case, punctuation
dropped, spaces as '-', a repeated heading numbered). Also `<img src>`.
Links with a scheme (https:, mailto:) are not fetched.

Usage: scripts/check-links.py   (run by CI)
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def slugs(path):
    found, seen, fenced = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = None if fenced else re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if not heading:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(2))
        slug = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def main():
    pages = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "CHANGELOG.md")]
    pages += sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    broken = total = 0
    for page in pages:
        text = re.sub(r"```.*?```", "", open(page, encoding="utf-8").read(), flags=re.S)
        targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img src="([^"]+)"', text)
        for target in targets:
            if re.match(r"^[a-z]+:", target):
                continue
            total += 1
            path, _, anchor = target.partition("#")
            destination = page if path == "" else os.path.normpath(os.path.join(os.path.dirname(page), path))
            where = os.path.relpath(page, ROOT)
            if not os.path.exists(destination):
                broken += 1
                print(f"{where}: no file for {target}")
            elif anchor and destination.endswith(".md") and anchor not in slugs(destination):
                broken += 1
                print(f"{where}: no heading for {target}")
    print(f"check-links: {len(pages)} pages, {total} relative links, {broken} broken")
    sys.exit(1 if broken else 0)


main()
