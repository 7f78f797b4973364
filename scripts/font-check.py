#!/usr/bin/env python3
"""Font conformance (issue 26): what PencilOpenType reads of a font against
fontTools' reading of the same file, for the characters U+0020..U+017F
(Latin-1 and Latin Extended-A): the glyph each maps to, its advance, the
kerning of every pair of those glyphs (GPOS pair adjustment under the
`kern` feature, formats 1 and 2, through extension lookups; else the
`kern` table), each glyph's points (TrueType outlines, components
placed) or path (CFF outlines, against fontTools' pen), and the names,
style and metrics matching uses.

Usage: scripts/font-check.py [--pencil-font PATH] FONT... (default: every
.ttf, .otf and .ttc under /usr/share/fonts). Build the reader's dump first
with: swift build --product pencil-font. Needs fontTools (pip install fonttools).
Exits 1 when any font differs.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTCollection, TTFont

RANGE = range(0x20, 0x180)


def kerning_pairs(font, glyphs):
    """{(left, right): value} by the rules PencilOpenType follows, written
    from the OpenType spec over fontTools' parsed tables."""
    order = font.getGlyphOrder()
    ids = {name: index for index, name in enumerate(order)}
    pairs = {}
    if "GPOS" in font and font["GPOS"].table.FeatureList and font["GPOS"].table.LookupList:
        table = font["GPOS"].table
        indices = sorted({i for record in table.FeatureList.FeatureRecord if record.FeatureTag == "kern"
                          for i in record.Feature.LookupListIndex})
        lookups = []
        for index in indices:
            if index >= len(table.LookupList.Lookup):
                continue
            lookup = table.LookupList.Lookup[index]
            subtables = []
            for subtable in lookup.SubTable:
                if lookup.LookupType == 9:
                    if subtable.ExtensionLookupType != 2:
                        continue
                    subtable = subtable.ExtSubTable
                elif lookup.LookupType != 2:
                    continue
                if subtable.Format in (1, 2):
                    # Coverage as a dictionary, and format 1's pairs by second glyph, once.
                    subtable.coverage_index = {name: i for i, name in enumerate(subtable.Coverage.glyphs)}
                    if subtable.Format == 1:
                        subtable.pairs = [{record.SecondGlyph: record for record in reversed(pair_set.PairValueRecord)}
                                          for pair_set in subtable.PairSet]
                    subtables.append(subtable)
            if subtables:
                lookups.append(subtables)
        if lookups:
            for left in glyphs:
                for right in glyphs:
                    total = 0
                    for subtables in lookups:
                        for subtable in subtables:
                            value = apply(subtable, order[left], order[right])
                            if value is not None:
                                total += value
                                break
                    if total:
                        pairs[(left, right)] = total
            return pairs
    if "kern" in font and getattr(font["kern"], "version", None) == 0:
        for subtable in font["kern"].kernTables:
            if getattr(subtable, "format", None) == 0 and subtable.coverage & 1 and not subtable.coverage & 4:
                for (a, b), value in subtable.kernTable.items():
                    if a in ids and b in ids and ids[a] in glyphs and ids[b] in glyphs and value:
                        pairs[(ids[a], ids[b])] = value
                break
    return pairs


def apply(subtable, left, right):
    index = subtable.coverage_index.get(left)
    if index is None:
        return None
    if subtable.Format == 1:
        record = subtable.pairs[index].get(right) if index < len(subtable.pairs) else None
        if record is None:
            return None
        return getattr(record.Value1, "XAdvance", 0) or 0 if record.Value1 else 0
    class1 = subtable.ClassDef1.classDefs.get(left, 0) if subtable.ClassDef1 else 0
    class2 = subtable.ClassDef2.classDefs.get(right, 0) if subtable.ClassDef2 else 0
    if class1 >= subtable.Class1Count or class2 >= subtable.Class2Count:
        return None
    record = subtable.Class1Record[class1].Class2Record[class2]
    return getattr(record.Value1, "XAdvance", 0) or 0 if record.Value1 else 0


def expected(font):
    cmap = font.getBestCmap() or {}
    order = font.getGlyphOrder()
    ids = {name: index for index, name in enumerate(order)}
    hmtx = font["hmtx"].metrics
    characters = {}
    glyphs = []
    for value in RANGE:
        name = cmap.get(value)
        if name is None or ids.get(name, 0) == 0:
            continue
        glyph = ids[name]
        characters[str(value)] = {"glyph": glyph, "advance": hmtx[name][0]}
        if glyph not in glyphs:
            glyphs.append(glyph)
    outlines = {}
    if "CFF " in font:
        glyph_set = font.getGlyphSet()
        for glyph in glyphs:
            pen = RecordingPen()
            glyph_set[order[glyph]].draw(pen)
            segments = []
            for op, points in pen.value:
                if op == "moveTo":
                    segments.append(["M", *points[0]])
                elif op == "lineTo":
                    segments.append(["L", *points[0]])
                elif op == "curveTo":
                    segments.append(["C", *points[0], *points[1], *points[2]])
                elif op in ("closePath", "endPath"):
                    segments.append(["Z"])
            outlines[str(glyph)] = {"segments": segments}
    elif "glyf" in font:
        glyf = font["glyf"]
        for glyph in glyphs:
            coordinates, ends, flags = glyf[order[glyph]].getCoordinates(glyf)
            outlines[str(glyph)] = {
                "points": [[float(x), float(y), flag & 1] for (x, y), flag in zip(coordinates, flags)],
                "ends": list(ends),
            }
    os2 = font["OS/2"] if "OS/2" in font else None
    return {
        "unitsPerEm": font["head"].unitsPerEm, "glyphCount": font["maxp"].numGlyphs,
        "ascender": font["hhea"].ascent, "descender": font["hhea"].descent, "lineGap": font["hhea"].lineGap,
        "weight": os2.usWeightClass if os2 else None, "width": os2.usWidthClass if os2 else None,
        "characters": characters, "kerning": sorted([a, b, v] for (a, b), v in kerning_pairs(font, glyphs).items()),
        "outlines": outlines,
    }


def compare(path, face, font, dump):
    actual = json.loads(subprocess.run([dump, path, "--face", str(face)], check=True, capture_output=True,
                                       text=True).stdout)
    want = expected(font)
    problems = []
    for key in ("unitsPerEm", "glyphCount", "ascender", "descender", "lineGap", "weight", "width", "characters"):
        if want[key] is not None and actual[key] != want[key]:
            problems.append(f"{key}: {str(actual[key])[:80]} != {str(want[key])[:80]}")
    if sorted(actual["kerning"]) != want["kerning"]:
        problems.append(f"kerning: {len(actual['kerning'])} pairs != {len(want['kerning'])}")
    for glyph, outline in want["outlines"].items():
        got = actual["outlines"].get(glyph)
        if "segments" in outline:
            mine = (got or {}).get("segments")
            if mine is None or len(mine) != len(outline["segments"]) or any(
                    a[0] != b[0] or any(abs(x - y) > 1e-6 for x, y in zip(a[1:], b[1:]))
                    for a, b in zip(mine, outline["segments"])):
                problems.append(f"outline of glyph {glyph} differs: {str(got)[:200]} != {str(outline)[:200]}")
                break
            continue
        if got is None or got.get("ends") != outline["ends"] or any(
                abs(a[0] - b[0]) > 1e-6 or abs(a[1] - b[1]) > 1e-6 or a[2] != b[2]
                for a, b in zip(got.get("points", []), outline["points"])) or len(got.get("points", [])) != len(
                    outline["points"]):
            problems.append(f"outline of glyph {glyph} differs")
            break
    return problems, len(want["characters"]), len(want["kerning"])


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pencil-font", default=os.path.join(root, ".build", "debug", "pencil-font"))
    parser.add_argument("fonts", nargs="*")
    args = parser.parse_args()
    fonts = args.fonts or sorted(
        glob.glob("/usr/share/fonts/**/*.tt[fc]", recursive=True) + glob.glob("/usr/share/fonts/**/*.otf",
                                                                               recursive=True))
    failed = 0
    checked = 0
    for path in fonts:
        faces = TTCollection(path).fonts if path.endswith(".ttc") else [TTFont(path, lazy=True)]
        for face, font in enumerate(faces):
            problems, characters, kerning = compare(path, face, font, args.pencil_font)
            checked += 1
            name = os.path.basename(path) + (f"#{face}" if len(faces) > 1 else "")
            if problems:
                failed += 1
                print(f"FAIL {name}: " + "; ".join(problems))
            else:
                print(f"ok   {name}: {characters} characters, {kerning} kerned pairs")
    print(f"font-check: {checked - failed} of {checked} faces read as fontTools reads them")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
