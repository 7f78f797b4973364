/// A stable diagnostic identifier. Codes are never reused: a retired code
/// stays in its catalog marked as such, so editors and docs can rely on them.
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
  /// `E0102` or `W0001`.
  public let id: String
  public let severity: Severity
  /// One line, shown by `pencilc explain` as the title.
  public let summary: String
  /// Longer text with an example, shown by `pencilc explain`.
  public let explanation: String

  package init(_ id: String, _ severity: Severity, _ summary: String, _ explanation: String) {
    self.id = id
    self.severity = severity
    self.summary = summary
    self.explanation = explanation
  }

  public var description: String { id }

  public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.id == b.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
