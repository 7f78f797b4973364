/// What `SourceFormatter.format` gives back.
public enum FormatResult: Sendable {
  /// The file in the canonical layout: the input's own bytes when it was
  /// already formatted.
  case formatted([UInt8])
  /// The input has syntax errors (or is over `SourceFile.maximumSize`):
  /// these diagnostics, as the compiler reports them, and no text.
  case refused([Diagnostic])
}

/// `pencilc fmt`: re-prints a file that parses in one canonical layout,
/// as gofmt does, without changing what it means. Only whitespace,
/// line breaks and statement-separating `;` change; every token and
/// every comment stays, in order.
///
/// The layout:
/// - Indentation is two spaces per open bracket (`{`, `(`, `[`) at the
///   start of the line (brackets opened on one line count once), and one
///   more for a line that continues a statement after an operator, `=`
///   or `:`. A line that starts with a closing bracket goes back to the
///   indentation of the line that opened it.
/// - Line breaks are the author's: one statement per line, a `;` between
///   statements becomes a line break, except inside a block written on
///   one line (`{ stop s=1.0 b=0.4; stop s=1.0 b=0.8 }` stays as it is).
///   A block that spans lines has its `{` end a line and its `}` start
///   one. Blank lines are kept, at most one in a row, none after an
///   opening bracket, before a closing one or at the ends of the file.
/// - Within a line, tokens are separated by one space, except: none
///   before `,` `;` `:` `?` `)` `]`, none after `(` `[` `.` and a sign
///   (`-x`, `!x`); none around an attribute's `=` (`fill=red`), one
///   around the `=` of `let`, of `color NAME =` and of a parameter's
///   default; one around binary operators (`a + b`), none around ranges
///   (`1..<n`, except after a size literal); `{}` for an empty block.
///   A position's comma has no space after it (`at 20,20`) unless a part
///   beside it has an operator (`at 20 + i * 70, 20`); other commas have
///   one. Before `(`, `[` and `.` after a value the author's choice of
///   one space or none is kept: `text ("a")` is a label, `f(x)` a call,
///   and `padding.top=` must stay joined. A `-` written as a sign after a
///   value (`0.2 -0.3`: a space before, none after) stays a sign.
/// - Comments stay where they are: one at the end of a line stays there
///   (at its column when the author padded it to one, else one space
///   after the code); one on its own line keeps its line, indented as the
///   code it precedes. Comment text is kept, without trailing blanks; the
///   lines of a block comment move with its start.
/// - String literals are kept byte for byte, `\(…)` included.
/// - Lines end with LF (CRLF and a CR alone become LF), carry no trailing blanks, and
///   the file ends with one newline (an empty file stays empty).
public enum SourceFormatter {
  public static func format(_ source: SourceFile) -> FormatResult {
    guard source.bytes.count <= SourceFile.maximumSize else {
      return .refused([
        Diagnostic(
          DriverCodes.inputTooLarge, SourceRange(0, 0),
          "the input is \(source.bytes.count) bytes; pencilc formats at most \(SourceFile.maximumSize) bytes (128 MiB)")
      ])
    }
    // The parser decides what is a syntax error, so fmt refuses exactly
    // what the compiler would; it also bounds nesting (E0109).
    var diagnostics = DiagnosticList()
    let tree = SyntaxTree.parse(source, diagnostics: &diagnostics)
    return format(source, tree: tree, diagnostics: diagnostics)
  }

  /// `format` of `source`'s tree parsed already, with its parse's
  /// diagnostics (the language server keeps both, `EditableSyntaxTree`).
  package static func format(_ source: SourceFile, tree: SyntaxTree, diagnostics: DiagnosticList) -> FormatResult {
    guard source.bytes.count <= SourceFile.maximumSize else { return format(source) }
    guard !diagnostics.hasErrors else { return .refused(diagnostics.sortedWithSummary()) }
    var layout = FormatLayout(pieces: FormatPieces.scan(tree), bytes: source.bytes)
    return .formatted(layout.run())
  }
}
