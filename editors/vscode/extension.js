// The Pencil extension: the grammar and language configuration are
// declared in package.json; this file starts the language server
// (`pencilc lsp`, over standard input and output) and folds braces.
"use strict";

const { execFile } = require("child_process");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

/** @type {LanguageClient | undefined} */
let client;

function serverCommand() {
  const configured = vscode.workspace.getConfiguration("pencil").get("path");
  return typeof configured === "string" && configured.trim() !== "" ? configured.trim() : "pencilc";
}

async function startClient() {
  const command = serverCommand();
  const executable = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "pencil",
    "Pencil (pencilc lsp)",
    { run: executable, debug: executable },
    {
      documentSelector: [
        { scheme: "file", language: "pencil" },
        { scheme: "untitled", language: "pencil" },
      ],
      synchronize: {
        // An imported file changes the diagnostics of the files importing it.
        fileEvents: vscode.workspace.createFileSystemWatcher("**/*.pencil"),
      },
    },
  );
  try {
    await client.start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    client = undefined;
    const choice = await vscode.window.showErrorMessage(
      `Pencil: could not start '${command} lsp' (${message}). Set pencil.path to the pencilc binary.`,
      "Open Settings",
    );
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "pencil.path");
    }
  }
}

async function stopClient() {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

async function restartClient() {
  await stopClient();
  await startClient();
}

/**
 * Folding ranges for `{ … }` blocks, multi-line `( … )` and `[ … ]` lists and
 * `/* … *\/` comments, skipping strings and comments. VS Code merges these
 * with any the language server gives.
 * @param {string} text
 * @returns {{start: number, end: number, comment: boolean}[]}
 */
function foldingRanges(text) {
  const ranges = [];
  const open = [];
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const start = line;
      i += 2;
      while (i < text.length && !(text[i] === "*" && text[i + 1] === "/")) {
        if (text[i] === "\n") line++;
        i++;
      }
      i++;
      if (line > start) ranges.push({ start, end: line, comment: true });
    } else if (c === '"') {
      // A string ends at its quote or at the end of the line; `\(…)` may
      // hold quotes of its own, which the lexer skips the same way.
      let depth = 0;
      for (i++; i < text.length && text[i] !== "\n"; i++) {
        if (text[i] === "\\") {
          if (text[i + 1] === "(") depth++;
          i++;
        } else if (depth > 0 && text[i] === "(") {
          depth++;
        } else if (depth > 0 && text[i] === ")") {
          depth--;
        } else if (depth === 0 && text[i] === '"') {
          break;
        }
      }
      if (text[i] === "\n") i--;
    } else if (c === "{" || c === "(" || c === "[") {
      open.push({ c, line });
    } else if (c === "}" || c === ")" || c === "]") {
      const match = { "}": "{", ")": "(", "]": "[" }[c];
      while (open.length > 0 && open[open.length - 1].c !== match) open.pop();
      const start = open.pop();
      // The closing line stays visible.
      if (start && line - 1 > start.line) ranges.push({ start: start.line, end: line - 1, comment: false });
    }
  }
  return ranges;
}

/**
 * The language server's diagnostics link their code to
 * `pencil-explain:E0201` (there is no web page per code): such a document
 * is the text `pencilc explain E0201` prints, opened read-only.
 */
const explainProvider = {
  /** @param {vscode.Uri} uri */
  provideTextDocumentContent(uri) {
    const code = uri.path;
    if (!/^[EW]\d{4}$/.test(code)) {
      return `'${code}' is not a diagnostic code; codes look like E0102 or W0001.\n`;
    }
    return new Promise((resolve) => {
      execFile(serverCommand(), ["explain", code], { timeout: 10000 }, (error, stdout, stderr) => {
        resolve(error ? `pencilc explain ${code} failed: ${stderr || error.message}\n` : stdout);
      });
    });
  },
};

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.languages.registerFoldingRangeProvider(
      { language: "pencil" },
      {
        provideFoldingRanges(document) {
          return foldingRanges(document.getText()).map(
            (range) =>
              new vscode.FoldingRange(
                range.start,
                range.end,
                range.comment ? vscode.FoldingRangeKind.Comment : undefined,
              ),
          );
        },
      },
    ),
    vscode.workspace.registerTextDocumentContentProvider("pencil-explain", explainProvider),
    vscode.commands.registerCommand("pencil.restartServer", restartClient),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("pencil.path")) {
        restartClient();
      }
    }),
  );
  await startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate, foldingRanges, explainProvider };
