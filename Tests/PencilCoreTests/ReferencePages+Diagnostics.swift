import PencilCore
import PencilDiagnostics

/// docs/reference/diagnostics.md: one entry per code of the catalogue
/// (`DiagnosticCode.all`), with the text `pencilc explain CODE` prints;
/// its examples, which mix lines in error with their fixes, are shown as
/// text (as the editor's hover and SARIF show them), not compiled.
extension ReferencePages {
  static func diagnosticsPage() -> String {
    var page = generatedHead(
      "Diagnostics",
      from: "the catalogue `pencilc explain` prints (`DiagnosticCode.all`, the `*Codes.swift` files)")
    page += """

      Every error and warning has a code; `pencilc explain CODE` prints its
      entry below. Errors stop the picture from being written; warnings do
      not.

      | Code | Severity | What it means |
      |---|---|---|

      """
    for code in DiagnosticCode.all {
      page += "| [\(code.id)](#\(code.id.lowercased())) | \(code.severity.rawValue) | \(cell(code.summary)) |\n"
    }
    for code in DiagnosticCode.all {
      page += "\n## \(code.id)\n\n**\(code.summary)** (\(code.severity.rawValue))\n\n"
      page += SARIFText.markdown(code.explanation) + "\n"
    }
    return page
  }
}
