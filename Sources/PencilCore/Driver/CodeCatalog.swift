import PencilDiagnostics
import PencilIR
import PencilLayout
import PencilSema
import PencilSyntax

/// The catalogue of `pencilc explain`, the SARIF rules and the editor's
/// hover: every stage defines its codes in its own target (`LexerCodes`
/// and `ParserCodes` in PencilSyntax, `DriverCodes` in PencilDiagnostics,
/// the rest here), so the catalogue is assembled in the target that sees
/// every stage. A stage's new list of codes is added here.
extension DiagnosticCode {
  /// Every code of every phase, sorted by id.
  public static let all: [DiagnosticCode] =
    (LexerCodes.all + ParserCodes.all + SemaCodes.all + LanguageCodes.all + ExpressionCodes.all + ContentCodes.all
    + CurveCodes.all
    + InterfaceCodes.all
    + GraphicsCodes.all
    + LayoutCodes.all
    + BackendCodes.all
    + DriverCodes.all)
    .sorted { $0.id < $1.id }

  /// Looks a code up by id, case-insensitively (`e0102` works too).
  public static func find(_ id: String) -> DiagnosticCode? {
    let wanted = id.uppercased()
    return all.first { $0.id == wanted }
  }
}
