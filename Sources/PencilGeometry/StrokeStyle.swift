/// How a stroke ends at an open end of a subpath (SVG's stroke-linecap).
public enum LineCap: String, Sendable {
  case butt, round, square
}

/// How a stroke turns a corner (SVG's stroke-linejoin).
public enum LineJoin: String, Sendable {
  case miter, round, bevel
}

/// SwiftUI's StrokeStyle and SVG's stroke properties: the width is
/// centred on the outline; a miter longer than `miterLimit` times the
/// width becomes a bevel; `dash` lengths alternate on and off from
/// `dashPhase` along each subpath.
public struct StrokeStyle: Equatable, Sendable {
  public var width: Double
  public var cap: LineCap
  public var join: LineJoin
  public var miterLimit: Double
  public var dash: [Double]
  public var dashPhase: Double

  public init(
    width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [],
    dashPhase: Double = 0
  ) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
  }

  /// The dash pattern as SVG uses it: nothing when any length is negative
  /// or all are zero; an odd count repeated to make it even.
  package var effectiveDash: [Double] {
    guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.contains(where: { $0 > 0 }) else {
      return []
    }
    return dash.count % 2 == 1 ? dash + dash : dash
  }
}
