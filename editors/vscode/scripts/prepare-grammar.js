// Copies the grammar into the extension: VS Code loads only files inside
// the extension's folder, and the grammar's one home is
// Grammar/pencil.tmLanguage.json (scripts/check-grammar.py checks that a
// copy here is identical). Run by `npm install` and `vsce package`.
const fs = require("fs");
const path = require("path");

const source = path.join(__dirname, "..", "..", "..", "Grammar", "pencil.tmLanguage.json");
const target = path.join(__dirname, "..", "syntaxes", "pencil.tmLanguage.json");
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(source, target);
JSON.parse(fs.readFileSync(target, "utf8"));
console.log(`copied ${path.relative(process.cwd(), source)} to ${path.relative(process.cwd(), target)}`);
