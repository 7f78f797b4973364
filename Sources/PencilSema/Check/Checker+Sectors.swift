import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// `sector`: a slice of a pie or a donut, by its angles (`start=`, `end=`,
/// degrees as `arc` takes them) or by its share of a total (`value=`,
/// `total=`, and `after=` for the values of the slices before it, from the
/// top clockwise, as Swift Charts lays out a pie).
extension Checker {
  mutating func sectorOutline(_ values: AttributeValues, _ statement: ElementStatement) -> ShapeOutline? {
    func range(_ name: Name) -> SourceRange? { statement.attributes.first { $0.name.key == name }?.range }
    let byAngle = [Name.start, .end].compactMap(range)
    let byValue = [Name.value, .total, .after].compactMap(range)
    if let angle = byAngle.first, let value = byValue.first {
      let later = max(angle, value)
      evaluator.diagnostics.append(
        Diagnostic(
          CurveCodes.sectorAnglesTwice, later,
          "a sector is given by its angles ('start=', 'end=') or by its share ('value=', 'total='), not both"
        ).withFix("remove this one", replacing: removalRange(later), with: ""))
      return nil
    }
    let sector: Sector
    if !byValue.isEmpty {
      guard let found = sectorByValue(values, statement, range: range) else { return nil }
      sector = found
    } else {
      guard let end = values.number(.end) else {
        if range(.end) == nil {
          reportMissing(
            statement, "a sector needs where it ends: 'end=' in degrees, or 'value=' and 'total='", fix: "add an end",
            inserting: " end=0")
        }
        return nil
      }
      let start = values.number(.start) ?? -90
      for (angle, name) in [(start, Name.start), (end, .end)] where angle.magnitude > Checker.maximumArcAngle {
        evaluator.report(
          SemaCodes.valueOutOfRange, range(name) ?? statement.kind.range,
          "a sector's angles are within ±\(formatNumber(Checker.maximumArcAngle))°, found \(formatNumber(angle))")
        return nil
      }
      guard (end - start).magnitude <= 360 else {
        evaluator.report(
          SemaCodes.valueOutOfRange, range(.end) ?? statement.kind.range,
          "a sector turns at most 360°, here \(formatNumber(end - start))°")
        return nil
      }
      sector = Sector(start: start, end: end)
    }
    var result = sector
    result.innerRadius = values.number(.innerRadius) ?? 0
    result.inset = values.number(.angularInset) ?? 0
    if let size = values.placement.size ?? values.number(.radius).map({ Point(2 * $0, 2 * $0) }),
      let hole = range(.innerRadius)
    {
      let outer = min(size.x, size.y) / 2
      guard result.innerRadius < outer else {
        evaluator.diagnostics.append(
          Diagnostic(
            CurveCodes.sectorHoleTooWide, hole,
            "a sector's inner radius is less than its outer one, \(formatNumber(outer)) (half its frame's shorter side), found \(formatNumber(result.innerRadius))"
          ).withFix(
            "make the hole half as wide", replacing: hole, with: "innerRadius=\(formatNumber(outer / 2))"))
        return nil
      }
    }
    return .sector(result)
  }

  /// E0211 at the kind, with a fix that inserts `text` after it (not for
  /// a statement the parser recovered, whose clauses may be the problem).
  private mutating func reportMissing(
    _ statement: ElementStatement, _ message: String, fix: String, inserting text: String
  ) {
    guard !statement.recovered else { return }
    let insertion = SourceRange(statement.kind.range.end, statement.kind.range.end)
    evaluator.diagnostics.append(
      Diagnostic(SemaCodes.missingClause, statement.kind.range, message).withFix(fix, replacing: insertion, with: text))
  }

  /// From the top, `after / total` of a turn on, turning `value / total`.
  private mutating func sectorByValue(
    _ values: AttributeValues, _ statement: ElementStatement, range: (Name) -> SourceRange?
  ) -> Sector? {
    guard let value = values.number(.value), let total = values.number(.total) else {
      let missing = values.number(.value) == nil ? "value" : "total"
      if range(missing == "value" ? .value : .total) == nil {
        reportMissing(
          statement, "a sector by its share needs both 'value=' and 'total='; '\(missing)=' is missing",
          fix: "add '\(missing)='", inserting: " \(missing)=1")
      }
      return nil
    }
    guard total > 0 else {
      evaluator.report(
        SemaCodes.valueOutOfRange, range(.total) ?? statement.kind.range,
        "a sector's total is more than 0, found \(formatNumber(total))")
      return nil
    }
    let after = values.number(.after) ?? 0
    // A hair over the total is a sum's rounding: the last slice of a pie.
    guard after + value <= total * (1 + 1e-9) else {
      evaluator.report(
        SemaCodes.valueOutOfRange, range(.value) ?? statement.kind.range,
        "'after=' and 'value=' together come to \(formatNumber(after + value)), more than the total, \(formatNumber(total))"
      )
      return nil
    }
    let start = -90 + 360 * after / total
    return Sector(start: start, end: start + 360 * min(value, total - after) / total)
  }
}
