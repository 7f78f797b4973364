#!/usr/bin/env python3
"""Checks Grammar/pencil.tmLanguage.json with a real TextMate engine.

The engine is textmate-grammar-python (PyPI), which runs TextMate grammars
on Oniguruma through onigurumacffi, the regex library vscode-textmate uses.
This script installs nothing: CI (.ci/run) installs it with
`python3 -m pip install textmate-grammar-python`.

What it checks:
  1. The grammar is well formed: every include names a rule that exists,
     every scope ends in `.pencil`, every regex compiles in Oniguruma, and
     the VS Code extension's copy (editors/vscode/syntaxes/), when there is
     one, is identical to it.
  2. Every .pencil file in samples/ and Tests/**/Fixtures/ is tokenized
     without an exception. In each file that is lexically valid (all but the
     diagnostics fixtures annotated with a lexer error, E0001-E0010), every
     begin/end region (string, interpolation, block comment, parentheses,
     brackets, parameter list) closes with its own closing punctuation, no
     character is scoped invalid.illegal, and no character is left
     unscoped (skipped by the engine).
  3. The scopes of chosen tokens, in Tests/PencilCoreTests/Fixtures/grammar/
     scopes.pencil and a few samples (CASES below), and that every name the
     compiler knows (element kinds, CSS and system colours, text styles) is
     highlighted as one (read from Sources/PencilSema).

  4. With --pencilc PATH, that scopes.pencil is a scene pencilc checks
     without a single diagnostic, so what the grammar is held to there is
     valid pencil.

Failures are printed as a table; the exit status is 1 when any check
fails, 2 when the engine is not installed.

    python3 scripts/check-grammar.py [-v] [--pencilc .build/debug/pencilc]
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "Grammar" / "pencil.tmLanguage.json"
EXTENSION_COPY = ROOT / "editors" / "vscode" / "syntaxes" / "pencil.tmLanguage.json"
FIXTURE = "Tests/PencilCoreTests/Fixtures/grammar/scopes.pencil"
SEMA = ROOT / "Sources" / "PencilSema"

# A diagnostics fixture annotated with a lexer error (an unterminated
# string, a bad hex colour, ...) is not lexically valid: only check that it
# tokenizes.
LEXER_ERROR = re.compile(r"ERROR E00(?:0[1-9]|10)\b")

# (file, a text on the line, the token, which occurrence of it on that line
# (1 = first; a name or a number is matched as a whole word), the scope it
# must have). A scope matches a prefix of one of
# the token's scopes on a dot boundary ("constant.numeric" matches
# "constant.numeric.decimal.pencil"); "!scope" means it must not have it.
CASES = [
    # Element kinds, attributes, colours, numbers: the example.
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "pencil", 1, "entity.name.tag.element"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "color", 1, "entity.other.attribute-name"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "=", 1, "keyword.operator.assignment"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", ".blue", 1, "support.constant.color.system"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "gradient", 1, "entity.other.attribute-name"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "shine", 1, "variable.other"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "at", 1, "keyword.other.clause"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "20", 1, "constant.numeric"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "20", 2, "constant.numeric"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "size", 1, "keyword.other.clause"),
    (FIXTURE, "pencil color=.blue gradient=shine at 20,20", "36x300", 1, "constant.numeric.dimension"),
    (FIXTURE, "canvas 420x320", "canvas", 1, "entity.name.tag.element"),
    (FIXTURE, "canvas 420x320", "appearance", 1, "entity.other.attribute-name"),
    (FIXTURE, "canvas 420x320", "light", 1, "support.constant.keyword"),
    # Colours: hex, CSS names, system colours, members.
    (FIXTURE, "canvas 420x320", "#fdfdfd", 1, "constant.other.color.rgb-value.hex"),
    (FIXTURE, "box: rect at 80,20", "#fa8072", 1, "constant.other.color.rgb-value.hex"),
    (FIXTURE, "box: rect at 80,20", ".systemGray3", 1, "support.constant.color.system"),
    (FIXTURE, "note: text", "rebeccapurple", 1, "support.constant.color.css"),
    (FIXTURE, 'text ("\\(count(names))"', "text", 1, "entity.name.tag.element"),
    (FIXTURE, 'text ("\\(count(names))"', "names", 2, "string.quoted.double"),
    (FIXTURE, "color accent light=", "salmon", 1, "support.constant.color.css"),
    (FIXTURE, "line from 0,300", ".separator", 1, "support.constant.color.system"),
    (FIXTURE, "fill=color.mix(.white", "mix", 1, "support.function"),
    (FIXTURE, "fill=color.mix(.white", ".white", 1, "support.constant.color.system"),
    (FIXTURE, "stop white.opacity(0.8)", "white", 1, "support.constant.color.css"),
    (FIXTURE, "stop white.opacity(0.8)", "opacity", 1, "support.function"),
    (FIXTURE, "crayon color=hsb(", "hsb", 1, "support.function.builtin"),
    # Keywords.
    (FIXTURE, "let r = 0.5", "let", 1, "keyword.other.let"),
    (FIXTURE, "let r = 0.5", "r", 1, "variable.other.constant"),
    (FIXTURE, "for i in 1..<points", "for", 1, "keyword.control.loop"),
    (FIXTURE, "for i in 1..<points", "in", 1, "keyword.control"),
    (FIXTURE, "for i in 1..<points", "..<", 1, "keyword.operator.range"),
    (FIXTURE, "if label != ", "if", 1, "keyword.control.conditional"),
    (FIXTURE, "if label != ", "!=", 1, "keyword.operator.comparison"),
    (FIXTURE, "if label != ", "&&", 1, "keyword.operator.logical"),
    (FIXTURE, "if label != ", "none", 1, "constant.language"),
    (FIXTURE, 'fill=label == "" ? color : .gray', "?", 1, "keyword.operator.ternary"),
    (FIXTURE, 'fill=label == "" ? color : .gray', ":", 1, "keyword.operator.ternary"),
    (FIXTURE, "tints: [Color]? = none", "?", 1, "keyword.operator.optional"),
    (FIXTURE, "} else {", "else", 1, "keyword.control.conditional"),
    (FIXTURE, "label=\"\\(pi > 3)\"", "pi", 1, "constant.language"),
    (FIXTURE, "gradient shine hsb", "stop", 1, "keyword.other.stop"),
    (FIXTURE, "gradient shine hsb", "s", 1, "entity.other.attribute-name"),
    # Definitions: component, shape, gradient and colour names.
    (FIXTURE, "component crayon(", "component", 1, "keyword.other.component"),
    (FIXTURE, "component crayon(", "crayon", 1, "entity.name.function"),
    (FIXTURE, "component crayon(", "color", 1, "variable.parameter"),
    (FIXTURE, "component crayon(", "Color", 1, "support.type"),
    (FIXTURE, "component crayon(", ".blue", 1, "support.constant.color.system"),
    (FIXTURE, "component crayon(", "?", 1, "keyword.operator.optional"),
    (FIXTURE, "shape star(points", "shape", 1, "keyword.other.shape"),
    (FIXTURE, "shape star(points", "star", 1, "entity.name.function"),
    (FIXTURE, "gradient shine hsb", "gradient", 1, "keyword.other.gradient"),
    (FIXTURE, "gradient shine hsb", "shine", 1, "entity.name.function"),
    (FIXTURE, "gradient shine hsb", "hsb", 1, "support.type.color-space"),
    (FIXTURE, "gradient shine hsb", "leading", 1, "support.constant.unit-point"),
    (FIXTURE, "gradient glint radial", "radial", 1, "keyword.other.radial"),
    (FIXTURE, "gradient glint radial", "topLeading", 1, "support.constant.unit-point"),
    (FIXTURE, "color accent light=", "color", 1, "keyword.other.color"),
    (FIXTURE, "color accent light=", "accent", 1, "entity.name.function"),
    (FIXTURE, "color accent light=", "light", 1, "entity.other.attribute-name"),
    # Uses of a component or a shape are element kinds too.
    (FIXTURE, "crayon color=hsb(", "crayon", 1, "entity.name.tag.component"),
    (FIXTURE, "star points=7", "star", 1, "entity.name.tag.component"),
    # Path commands; "line" is a command before a point, an element kind
    # before "from".
    (FIXTURE, "  move 0.5, 0", "move", 1, "keyword.other.command"),
    (FIXTURE, "curve 0,1 control", "curve", 1, "keyword.other.command"),
    (FIXTURE, "curve 0,1 control", "control", 1, "keyword.other.command"),
    (FIXTURE, "line 0.5 + r * sin", "line", 1, "keyword.other.command"),
    (FIXTURE, "line from 0,300", "line", 1, "entity.name.tag.element"),
    (FIXTURE, "path stroke=accent", "line", 1, "keyword.other.command"),
    # Labels and anchors.
    (FIXTURE, "box: rect at 80,20", "box", 1, "entity.name.label"),
    (FIXTURE, "box: rect at 80,20", "rect", 1, "entity.name.tag.element"),
    (FIXTURE, "arrow from box.trailing", "box", 1, "variable.other.label"),
    (FIXTURE, "arrow from box.trailing", "trailing", 1, "support.constant.anchor"),
    (FIXTURE, "arrow from box.trailing", "from", 1, "keyword.other.clause"),
    (FIXTURE, "arrow from box.trailing", "elbow", 1, "support.constant.keyword"),
    # Attribute values by name: text styles only after font=.
    (FIXTURE, "text label at width / 2", "caption", 1, "support.constant.font"),
    (FIXTURE, "text label at width / 2", "center", 1, "support.constant.unit-point"),
    (FIXTURE, "text label at width / 2", "label", 1, "!support.constant.font"),
    (FIXTURE, "text label at width / 2", "/", 1, "keyword.operator.arithmetic"),
    (FIXTURE, "hstack at 80,100", "padding.top", 1, "entity.other.attribute-name"),
    (FIXTURE, "rect size width x height", "x", 1, "keyword.operator.size"),
    (FIXTURE, "lineCap=round", "round", 1, "support.constant.keyword"),
    # Strings: escapes and interpolation with parentheses inside.
    (FIXTURE, "let names = [", '"a ', 1, "string.quoted.double"),
    (FIXTURE, "let names = [", "\\(", 1, "punctuation.section.interpolation.begin"),
    (FIXTURE, "let names = [", "1", 1, "meta.interpolation"),
    (FIXTURE, "let names = [", "1", 1, "constant.numeric"),
    (FIXTURE, "let names = [", "*", 1, "keyword.operator.arithmetic"),
    (FIXTURE, "let names = [", "))", 1, "meta.interpolation"),
    (FIXTURE, "let names = [", ")", 2, "punctuation.section.interpolation.end"),
    (FIXTURE, "let names = [", " b", 1, "!meta.interpolation"),
    (FIXTURE, "let names = [", "\\t", 1, "constant.character.escape"),
    (FIXTURE, "let names = [", '\\"', 1, "constant.character.escape"),
    (FIXTURE, "let names = [", "count", 1, "support.function.builtin"),
    (FIXTURE, "let names = [", '"x"', 1, "meta.interpolation"),
    (FIXTURE, "let names = [", " of 3", 1, "string.quoted.double"),
    (FIXTURE, "let names = [", " of 3", 1, "!meta.interpolation"),
    # Comments.
    (FIXTURE, "// Every category", "//", 1, "comment.line.double-slash"),
    (FIXTURE, "// Every category", "Grammar", 1, "comment.line.double-slash"),
    (FIXTURE, "/* A block comment", "/*", 1, "comment.block"),
    (FIXTURE, "   over two lines. */", "over", 1, "comment.block"),
    (FIXTURE, "   over two lines. */", "*/", 1, "punctuation.definition.comment"),
    # A few samples.
    ("samples/palette-import.pencil", 'import "lib/palette.pencil"', "import", 1, "keyword.control.import"),
    ("samples/palette-import.pencil", 'import "lib/palette.pencil"', "lib/palette.pencil", 1, "string.quoted.double"),
    ("samples/palette-import.pencil", "for color, i in webColors", "color", 1, "variable.other.constant"),
    ("samples/palette-import.pencil", "swatch color=color label=", "swatch", 1, "entity.name.tag.component"),
    ("samples/showcase.pencil", "roundrect size 60x60 radius=30", "#fa807280", 1, "constant.other.color.rgb-value.hex"),
    ("samples/showcase.pencil", "frame fill=.teal fillrule=evenodd", "evenodd", 1, "support.constant.keyword"),
    ("samples/showcase.pencil", "text \"two lines\\nof caption\"", "\\n", 1, "constant.character.escape"),
    ("samples/showcase.pencil", "text \"two lines\\nof caption\"", "dimgray", 1, "support.constant.color.css"),
    ("samples/showcase.pencil", "/* Every feature of the language", "Every", 1, "comment.block"),
    ("samples/flow.pencil", "decide: zstack at 190,200", "decide", 1, "entity.name.label"),
    ("samples/flow.pencil", "decide: zstack at 190,200", "zstack", 1, "entity.name.tag.element"),
    ("samples/flow.pencil", "arrow from decide.leading to fix.top", "fix", 1, "variable.other.label"),
    ("samples/flow.pencil", "arrow from decide.leading to fix.top", "top", 1, "support.constant.anchor"),
    ("samples/flow.pencil", "component step(title: String", "title", 1, "variable.parameter"),
    ("samples/flow.pencil", "  text title font=headline", "title", 1, "!support.constant.font"),
    ("samples/flow.pencil", "  text title font=headline", "headline", 1, "support.constant.font"),
    ("samples/layout-rules.pencil", "hstack alignment=firstTextBaseline spacing=6", "firstTextBaseline", 1, "support.constant.unit-point"),
    ("samples/layout-rules.pencil", "text \"Morning practice\" padding=10", "fill", 1, "support.constant.keyword"),
    ("samples/components.pencil", "rect at width * 0.02", "x", 1, "keyword.operator.size"),
]


def load_engine():
    """The engine's LanguageParser class. Importing the package makes a
    .textmate_cache folder in the working directory, so it is imported
    from a temporary one."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            from textmate_grammar.parsers.base import LanguageParser
        except ImportError as error:
            print(f"check-grammar: textmate-grammar-python is not installed ({error});")
            print("  python3 -m pip install textmate-grammar-python")
            sys.exit(2)
        finally:
            os.chdir(here)
    # It logs every line it skips; a skipped character is found below instead.
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    return LanguageParser


class Tokenizer:
    """A thin adapter over textmate-grammar-python: text in, tokens (line,
    column, text, scopes) and begin/end regions out."""

    def __init__(self, grammar: dict):
        self.parser = load_engine()(grammar)
        self.root = grammar["scopeName"]

    def tokenize(self, text: str):
        # The engine raises IndexError on text ending in a space without a
        # final newline ("a "); vscode-textmate ends every line with "\n"
        # anyway, so one is added. No token changes.
        if not text.endswith("\n"):
            text += "\n"
        element = self.parser.parse_string(text)
        if element is None:  # nothing but white space
            return [], []
        tokens = [(line, column, content, scopes) for (line, column), content, scopes in element.flatten()]
        regions = []
        self._regions(element, regions)
        return tokens, regions

    def _regions(self, element, regions):
        """(scope, line, column, closed) of every begin/end region: closed
        when its end is its closing punctuation, not the end of the file
        (and, for a string, not the end of the line)."""
        begin = getattr(element, "begin", None)
        if begin is not None:
            start = min(element.characters) if element.characters else (0, 0)
            closed = any(end.token.startswith("punctuation.") for end in element.end)
            regions.append((element.token, start[0], start[1], closed))
            for child in begin + element.end:
                self._regions(child, regions)
        for child in element.children:
            self._regions(child, regions)


def scope_matches(scopes, wanted):
    return any(scope == wanted or scope.startswith(wanted + ".") for scope in scopes)


def scopes_at(tokens, line, start, end):
    """The scope lists of the tokens covering columns start..<end of line."""
    found = []
    for token_line, column, content, scopes in tokens:
        if token_line == line and column < end and column + len(content) > start:
            found.append((content, scopes))
    return found


def check_grammar_file(grammar, problems):
    from onigurumacffi import compile as onig_compile

    repository = grammar.get("repository", {})

    def walk(node, where):
        if isinstance(node, dict):
            include = node.get("include")
            if include and include.startswith("#") and include[1:] not in repository:
                problems.append((where, f"include {include} names no rule"))
            for key in ("name", "contentName"):
                name = node.get(key)
                if isinstance(name, str) and not all(part.endswith(".pencil") for part in name.split()):
                    problems.append((where, f"scope '{name}' does not end in .pencil"))
            for key in ("match", "begin", "end", "while"):
                if isinstance(node.get(key), str):
                    try:
                        onig_compile(node[key])
                    except Exception as error:  # the engine's own compile error
                        problems.append((where, f"{key} does not compile: {error}"))
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}[{index}]")

    walk(grammar.get("repository", {}), "repository")
    walk(grammar.get("patterns", []), "patterns")
    if grammar.get("scopeName") != "source.pencil":
        problems.append(("grammar", "scopeName is not source.pencil"))
    if EXTENSION_COPY.exists() and EXTENSION_COPY.read_bytes() != GRAMMAR.read_bytes():
        problems.append(
            (
                str(EXTENSION_COPY.relative_to(ROOT)),
                "differs from Grammar/pencil.tmLanguage.json; run `npm run prepare-grammar` in editors/vscode",
            )
        )


def pencil_files():
    files = sorted((ROOT / "samples").rglob("*.pencil"))
    for fixtures in sorted((ROOT / "Tests").rglob("Fixtures")):
        files += sorted(fixtures.rglob("*.pencil"))
    return files


def check_files(tokenizer, problems, verbose):
    counts = {"files": 0, "valid": 0, "regions": 0}
    for path in pencil_files():
        name = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        counts["files"] += 1
        try:
            tokens, regions = tokenizer.tokenize(text)
        except Exception as error:  # the engine must not raise on any file
            problems.append((name, f"the engine raised {type(error).__name__}: {error}"))
            continue
        if LEXER_ERROR.search(text):
            if verbose:
                print(f"  {name}: {len(tokens)} tokens (has lexer errors: tokenized only)")
            continue
        counts["valid"] += 1
        counts["regions"] += len(regions)
        for scope, line, column, closed in regions:
            if not closed:
                problems.append((f"{name}:{line + 1}:{column + 1}", f"{scope} is never closed"))
        for line, column, content, scopes in tokens:
            where = f"{name}:{line + 1}:{column + 1}"
            if any(scope.startswith("invalid.") for scope in scopes):
                problems.append((where, f"{content!r} is scoped {scopes[-1]}"))
            elif len(scopes) == 1 and content.strip():
                problems.append((where, f"{content!r} has no scope but {scopes[0]} (skipped by the engine)"))
        if verbose:
            print(f"  {name}: {len(tokens)} tokens, {len(regions)} regions")
    return counts


def run_cases(tokenizer, cases):
    """Each case as (file:line, token, expected, actual, passed)."""
    cache = {}
    results = []
    for file, line_text, token, occurrence, expected in cases:
        if file not in cache:
            text = (ROOT / file).read_text(encoding="utf-8") if not file.startswith("<") else file[1:-1]
            cache[file] = (text.split("\n"), tokenizer.tokenize(text)[0])
        lines, tokens = cache[file]
        matching = [index for index, line in enumerate(lines) if line_text in line]
        where = f"{Path(file).name}:{matching[0] + 1 if matching else '?'}"
        if len(matching) != 1:
            results.append((where, token, expected, f"{len(matching)} lines contain {line_text!r}", False))
            continue
        line = matching[0]
        # A name or a number (.blue, #fa8072, 20) is found as a whole word.
        pattern = re.escape(token)
        if re.fullmatch(r"[.#]?\w+", token):
            pattern = r"(?<!\w)" + pattern + r"(?!\w)"
        found = [match.start() for match in re.finditer(pattern, lines[line])]
        column = found[occurrence - 1] if len(found) >= occurrence else -1
        if column < 0:
            results.append((where, token, expected, f"not found on {line_text!r}", False))
            continue
        where = f"{Path(file).name}:{line + 1}:{column + 1}"
        covering = scopes_at(tokens, line, column, column + len(token))
        negative = expected.startswith("!")
        wanted = expected.lstrip("!")
        if negative:
            passed = bool(covering) and not any(scope_matches(scopes, wanted) for _, scopes in covering)
        else:
            passed = bool(covering) and all(scope_matches(scopes, wanted) for _, scopes in covering)
        actual = " | ".join(" ".join(s for s in scopes[1:]) or scopes[0] for _, scopes in covering) or "(no token)"
        results.append((where, token, expected, actual, passed))
    return results


def known_names():
    """Names the compiler knows, read from its sources, as cases: each in a
    one-line scene where it must take its scope."""
    css = re.findall(r'\("([a-z]+)", 0x', (SEMA / "CSSColors.swift").read_text()) + ["transparent"]
    system = re.findall(r'entry\("([A-Za-z0-9]+)"', (SEMA / "SystemColors.swift").read_text())
    # The element names, text styles and directions live in ElementKinds.swift;
    # the attribute tables in Attributes.swift.
    attributes = "".join((SEMA / name).read_text() for name in ("Attributes.swift", "ElementKinds.swift"))
    kinds = re.findall(r'"([a-z]+)"', re.search(r"nonShapeKinds = \[(.*?)\]", attributes, re.S).group(1))
    kinds += re.findall(r'name: "([a-z]+)"', (SEMA / "ShapeKinds.swift").read_text())
    kinds += re.findall(r'let name = "([a-z]+)"', (SEMA / "ShapeKinds.swift").read_text())
    fonts = re.findall(r'\("([A-Za-z0-9]+)", \d+, (?:true|false)\)', attributes)
    directions = re.findall(r'\("([A-Za-z]+)", Point\(', attributes)
    if min(len(css), len(system), len(kinds), len(fonts), len(directions)) < 9:
        raise SystemExit("check-grammar: could not read the names in Sources/PencilSema")
    cases = []
    for name in css:
        cases.append((f"<rect fill={name}>", "rect", name, 1, "support.constant.color.css"))
    for name in system:
        cases.append((f"<rect fill=.{name}>", "rect", "." + name, 1, "support.constant.color.system"))
    for name in kinds:
        cases.append((f"<{name} at 0,0>", name, name, 1, "entity.name.tag.element"))
    for name in fonts:
        cases.append((f"<text \"a\" font={name}>", "text", name, 1, "support.constant.font"))
    for name in directions:
        cases.append((f"<arrow from box.{name} to 0,0>", "arrow", name, 1, "support.constant.anchor"))
    return cases


def print_table(rows, headers):
    widths = [max(len(str(row[i])) for row in rows + [headers]) for i in range(len(headers))]
    widths[-1] = 0
    print("  " + "  ".join(str(h).ljust(w) for h, w in zip(headers, widths)))
    for row in rows:
        print("  " + "  ".join(str(c).ljust(w) for c, w in zip(row, widths)))


def check_fixture_compiles(pencilc, problems):
    result = subprocess.run(
        [pencilc, "--check", "--diagnostic-format", "short", FIXTURE],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0 or output:
        problems.append((FIXTURE, f"pencilc --check exits {result.returncode}: {output or '(no output)'}"))


def main():
    arguments = sys.argv[1:]
    verbose = "-v" in arguments
    pencilc = arguments[arguments.index("--pencilc") + 1] if "--pencilc" in arguments[:-1] else None
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    problems = []
    if pencilc:
        check_fixture_compiles(pencilc, problems)
    check_grammar_file(grammar, problems)
    tokenizer = Tokenizer(grammar)
    counts = check_files(tokenizer, problems, verbose)
    results = run_cases(tokenizer, CASES)
    name_results = run_cases(tokenizer, known_names())
    failed = [row for row in results + name_results if not row[4]]

    status = 0
    if problems:
        status = 1
        print(f"check-grammar: {len(problems)} problem(s) with the grammar or the files it tokenizes:")
        print_table(problems, ("where", "problem"))
    if failed:
        status = 1
        print(f"check-grammar: {len(failed)} scope assertion(s) failed:")
        print_table([row[:4] for row in failed], ("where", "token", "expected", "actual scopes"))
    categories = sorted({case[4].lstrip("!").split(".")[0] for case in CASES})
    print(
        f"check-grammar: tokenized {counts['files']} files ({counts['valid']} lexically valid, "
        f"{counts['regions']} begin/end regions in them); "
        f"{len(results) - sum(1 for r in results if not r[4])} of {len(results)} chosen scope assertions "
        f"({', '.join(categories)}) and {len(name_results) - sum(1 for r in name_results if not r[4])} of "
        f"{len(name_results)} names from Sources/PencilSema passed"
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
