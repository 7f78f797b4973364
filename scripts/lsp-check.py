#!/usr/bin/env python3
"""Talks to `pencilc lsp` with an independent client, PyPI's pygls (its
LanguageClient, with lsprotocol's types), so the framing and the shape of
every message are checked by code this project did not write: lsprotocol
decodes each response into its typed classes and fails on a malformed one.

The session: initialize -> initialized -> didOpen (a file with an error
that has a fix) -> publishDiagnostics -> completion -> hover -> codeAction
-> documentColor -> documentSymbol -> a second document: component
parameters and their values, an import's path -> didChange (incremental,
applying the fix) -> empty diagnostics -> shutdown -> exit, status 0.

    python3 scripts/lsp-check.py [--pencilc .build/debug/pencilc]
"""

import argparse
import asyncio
import atexit
import os
import sys
import tempfile

from lsprotocol import types
from pygls.lsp.client import BaseLanguageClient

# The documents live (unsaved) in an empty folder of their own: references
# and rename walk the open documents' folders for files that import them,
# and a shared folder such as /tmp may hold anything, up to scenes of
# hundreds of megabytes another program left there.
FOLDER = tempfile.mkdtemp(prefix="pencilc-lsp-check-")
atexit.register(os.rmdir, FOLDER)
URI = f"file://{FOLDER}/scene.pencil"
PARTS_URI = f"file://{FOLDER}/parts.pencil"
PARTS = ('component chip(tint: Color = .red, glow: Gradient? = none) {\n  rect fill=tint\n}\n'
         'gradient sky rgb top to bottom { stop red; stop blue }\n'
         'chip tint=.blue \nchip glow=\nimport "sc"\n')
TEXT = 'canvas 200x100\nrect at 10,10 size 50x50 fill=salmn\ntext "\U0001F600 hi" at 20,80 font=title color=.blue\n'

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


async def session(pencilc):
    client = BaseLanguageClient("lsp-check", "1")
    published = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published.put_nowait(params)

    async def diagnostics_for(uri):
        while True:
            params = await asyncio.wait_for(published.get(), 20)
            if params.uri == uri:
                # W0006 (the emoji the built-in font lacks) is not what the session counts.
                return [d for d in params.diagnostics if d.code != "W0006"]

    await client.start_io(pencilc, "lsp")
    document = types.TextDocumentIdentifier(uri=URI)

    result = await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=None, root_uri=None))
    capabilities = result.capabilities
    check(capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental,
          "initialize: incremental text sync")
    check(capabilities.hover_provider is True and capabilities.color_provider is True,
          "initialize: hover and colour providers")
    client.initialized(types.InitializedParams())

    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="pencil", version=1, text=TEXT)))
    diagnostics = await diagnostics_for(URI)
    check(len(diagnostics) == 1 and diagnostics[0].code == "E0201" and diagnostics[0].source == "pencilc",
          f"didOpen: one E0201 from pencilc ({[d.code for d in diagnostics]})")
    check(diagnostics and diagnostics[0].range.start == types.Position(line=1, character=30),
          "didOpen: the diagnostic's range starts at 2:31")
    description = diagnostics[0].code_description if diagnostics else None
    check(description is not None and description.href == "pencil-explain:E0201",
          f"didOpen: codeDescription points at E0201's explanation ({description})")

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=1, character=32)))
    check(hover is not None and hover.contents.value.startswith("**E0201** unknown colour"),
          "hover over the diagnostic: the explanation of E0201")

    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=document, position=types.Position(line=1, character=35)))
    items = completion.items if isinstance(completion, types.CompletionList) else completion
    salmon = [item for item in items if item.label == "salmon"]
    check(salmon and salmon[0].kind == types.CompletionItemKind.Color and salmon[0].documentation == "#fa8072",
          "completion: salmon, a Color, documented #fa8072")

    # After the emoji (two UTF-16 units) `.blue` starts at column 42.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=2, character=43)))
    check(hover is not None and "#007aff" in hover.contents.value, "hover: .blue's light hex")

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document,
        range=types.Range(start=types.Position(line=1, character=31), end=types.Position(line=1, character=31)),
        context=types.CodeActionContext(diagnostics=diagnostics)))
    fixes = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix]
    check(len(fixes) == 1 and fixes[0].is_preferred, "codeAction: one preferred quick fix")
    edits = fixes[0].edit.changes[URI] if fixes else []
    check(len(edits) == 1 and edits[0].new_text == "salmon", "codeAction: it writes 'salmon'")
    check(any(a.kind == types.CodeActionKind.SourceFixAll for a in actions or []), "codeAction: fix all in file")

    colors = await client.text_document_document_color_async(types.DocumentColorParams(text_document=document))
    check(len(colors) == 1, f"documentColor: salmn is no colour, .blue is one ({len(colors)})")

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    check(not symbols, "documentSymbol: nothing named")

    await component_parameters(client)

    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=edits[0].range, text=edits[0].new_text)]
        if edits else []))
    diagnostics = await diagnostics_for(URI)
    check(len(diagnostics) == 0, f"didChange: the fix leaves no diagnostics ({diagnostics})")

    await navigation(client)

    await client.shutdown_async(None)
    client.exit(None)
    status = await asyncio.wait_for(client._server.wait(), 20)
    check(status == 0, f"exit after shutdown: status {status}")
    await client.stop()


async def navigation(client):
    """Definition, references and rename of a let hidden in a stack."""
    uri = f"file://{FOLDER}/names.pencil"
    text = "let w = 10\nrect size w x w fill=.red\nvstack {\n  let w = 2\n  rect size w x 4\n}\n"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="pencil", version=1, text=text)))
    document = types.TextDocumentIdentifier(uri=uri)
    use = types.Position(line=1, character=10)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=use))
    found = found[0] if isinstance(found, list) else found
    check(isinstance(found, types.Location) and found.uri == uri and found.range.start == types.Position(line=0, character=4),
          f"definition: the use of w leads to the file's let ({found})")
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=use, context=types.ReferenceContext(include_declaration=True)))
    lines = sorted((r.range.start.line, r.range.start.character) for r in references or [])
    check(lines == [(0, 4), (1, 10), (1, 14)], f"references: the let and its two uses, not the stack's w ({lines})")
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document, position=use))
    check(prepared is not None, f"prepareRename: the name under the cursor ({prepared})")
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=use, new_name="side"))
    changes = (edit.changes or {}).get(uri, []) if edit else []
    check(len(changes) == 3 and all(c.new_text == "side" for c in changes), f"rename: three edits ({changes})")
    try:
        await client.text_document_rename_async(
            types.RenameParams(text_document=document, position=use, new_name="for"))
        check(False, "rename: a keyword is refused")
    except Exception as refusal:  # pygls raises the server's ResponseError
        check("word of the language" in str(refusal), f"rename: a keyword is refused ({refusal})")
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=document))
    data = tokens.data if tokens else []
    check(len(data) % 5 == 0 and list(data[:10]) == [0, 0, 3, 0, 0, 0, 4, 1, 5, 3],
          f"semanticTokens: 'let' a keyword, then 'w' a declared read-only variable ({data[:10]})")
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=document))


async def component_parameters(client):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=PARTS_URI, language_id="pencil", version=1, text=PARTS)))
    parts = types.TextDocumentIdentifier(uri=PARTS_URI)

    async def items(line, character):
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=parts, position=types.Position(line=line, character=character)))
        return result.items if isinstance(result, types.CompletionList) else result

    names = await items(4, 16)
    check(names and names[0].label == "glow" and names[0].text_edit.new_text == "glow="
          and names[0].detail == "Gradient? = none" and not any(item.label == "tint" for item in names),
          f"completion after a component: the parameters not given, as name= ({[i.label for i in names[:3]]})")
    values = await items(5, 10)
    check([item.label for item in values] == ["sky", "none"],
          f"completion after glow=: the gradients and none ({[i.label for i in values]})")
    # The document's own folder holds scene.pencil only as an open document.
    paths = await items(6, 10)
    check([item.label for item in paths] == ["scene.pencil"]
          and paths[0].kind == types.CompletionItemKind.File,
          f"completion in an import's path: the open scene.pencil ({[i.label for i in paths]})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pencilc", default=".build/debug/pencilc")
    arguments = parser.parse_args()
    asyncio.run(asyncio.wait_for(session(arguments.pencilc), 60))
    if failures:
        print(f"lsp-check: {len(failures)} checks failed")
        sys.exit(1)
    print("lsp-check: every check passed")


if __name__ == "__main__":
    main()
