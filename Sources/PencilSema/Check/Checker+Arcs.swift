import PencilDiagnostics
import PencilGeometry
import PencilSyntax

/// `arc CX,CY radius R from A to B` in a path: SwiftUI's
/// `addArc(center:radius:startAngle:endAngle:)` in degrees, clockwise on
/// the screen when B is larger (see `Arc`). As SwiftUI's, it draws a line
/// from the current point to its start, or starts the path there.
extension Checker {
  /// The widest angle an arc's ends may stand at, in degrees.
  static let maximumArcAngle = 1e6

  mutating func addArc(_ command: PathCommand, to path: inout PathBuilder) {
    guard command.points.count == 4 else { return }
    let centre = evaluator.evaluate(command.points[0], expecting: .point)
    if case .anchor? = centre { return evaluator.reportAnchorNotAllowed(command.points[0].range, in: "a path command") }
    let radius = arcNumber(command.points[1], "the radius of an arc is a number")
    let start = arcNumber(command.points[2], "an arc's angle is a number of degrees")
    let end = arcNumber(command.points[3], "an arc's angle is a number of degrees")
    guard case .point(let center)? = centre, let radius, let start, let end else { return }
    guard radius > 0 else {
      evaluator.report(
        SemaCodes.valueOutOfRange, command.points[1].range,
        "an arc's radius is more than 0, found \(formatNumber(radius))")
      return
    }
    for (angle, expression) in [(start, command.points[2]), (end, command.points[3])]
    where angle.magnitude > Checker.maximumArcAngle {
      evaluator.report(
        SemaCodes.valueOutOfRange, expression.range,
        "an arc's angles are within ±\(formatNumber(Checker.maximumArcAngle))°, found \(formatNumber(angle))")
      return
    }
    guard (end - start).magnitude <= 360 else {
      evaluator.report(
        SemaCodes.valueOutOfRange, SourceRange(command.points[2].range.start, command.points[3].range.end),
        "an arc turns at most 360°, here \(formatNumber(end - start))°; 'from A to A + 360' is a whole circle")
      return
    }
    let first = Arc.point(center: center, radius: radius, degrees: start)
    if path.segments.isEmpty || path.segments.last == .close {
      path.segments.append(.move(first))
      path.subpathStart = first
    } else if path.current != first {
      path.segments.append(.line(first))
    }
    Arc.appendCubics(center: center, radius: radius, from: start, to: end, to: &path.segments)
    path.current = Arc.point(center: center, radius: radius, degrees: end)
  }

  /// A number of an arc, or nil (reported, or unknown while a shape's
  /// body is checked alone).
  private mutating func arcNumber(_ expression: Expr, _ message: String) -> Double? {
    guard let value = evaluator.number(expression, message) else { return nil }
    return value
  }
}
