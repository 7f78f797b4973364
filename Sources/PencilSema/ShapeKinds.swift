import PencilGeometry
import PencilSyntax

/// The outline of a shape kind, before it is fitted to a frame.
package enum ShapeOutline: Equatable {
  /// Segments in the unit square, scaled to the frame as the article's
  /// `path(in:)` does.
  case unitPath([PathSegment])
  case rect
  case roundRect(radius: Double)
  case ellipse
  /// The largest circle centred in the frame (SwiftUI's `Circle`).
  case circle
  /// A rectangle whose shorter sides are half circles (SwiftUI's `Capsule`).
  case capsule
  /// A slice of the largest circle centred in the frame (a pie's, or with
  /// an inner radius a donut's).
  case sector(Sector)
  /// Segments in user space, drawn where their frame is: moved by the
  /// frame's origin less `origin` (the top-left of what they were drawn
  /// for), so that at their own bounding box they stay put.
  case absolute([PathSegment], origin: Point)
}

/// A kind of shape element: its name, the attributes it takes beyond the
/// common fill ones, and its outline. Adding a shape is one conformance
/// plus one entry in `ShapeKinds.builtins` (the Pikchr shape-class idea).
package protocol ShapeKind {
  var name: String { get }
  var key: Name { get }
  var extraAttributes: [AttributeSpec] { get }
  /// What a builtin shape is, in one line of the reference
  /// (docs/reference/elements.md); empty for the file's own shapes.
  var summary: StaticString { get }
  /// A scene that draws a builtin shape, compiled by the reference's tests.
  var example: StaticString { get }
  func outline(_ values: AttributeValues) -> ShapeOutline
  /// How it goes round a label it hugs (see Checker+Labels).
  var labelFit: LabelFit { get }
}

extension ShapeKind {
  var extraAttributes: [AttributeSpec] { [] }
  var key: Name { Name(name) }
  var summary: StaticString { "" }
  var example: StaticString { "" }
  var labelFit: LabelFit { .box }
}

struct UnitPathShape: ShapeKind {
  let name: String
  var summary: StaticString = ""
  var example: StaticString = ""
  let segments: [PathSegment]
  func outline(_ values: AttributeValues) -> ShapeOutline { .unitPath(segments) }
}

struct RectShape: ShapeKind {
  let name = "rect"
  let summary: StaticString = "A rectangle filling its frame."
  let example: StaticString = "rect at 10,10 size 120x60 fill=.blue stroke=.black lineWidth=2"
  func outline(_ values: AttributeValues) -> ShapeOutline { .rect }
}

struct RoundRectShape: ShapeKind {
  let name = "roundrect"
  let extraAttributes = [
    AttributeSpec("radius", .number(minimum: 0, maximum: nil), default: "8", "The radius of the corners, in points.")
  ]
  let summary: StaticString = "A rectangle with rounded corners filling its frame."
  let example: StaticString = "roundrect at 10,10 size 120x60 radius=16 fill=.green"
  func outline(_ values: AttributeValues) -> ShapeOutline { .roundRect(radius: values.number(.radius) ?? 8) }
}

struct EllipseShape: ShapeKind {
  let name = "ellipse"
  let summary: StaticString = "An ellipse filling its frame; a circle in a square one."
  let example: StaticString = "ellipse at 10,10 size 120x60 fill=.pink"
  let labelFit = LabelFit.ellipse
  func outline(_ values: AttributeValues) -> ShapeOutline { .ellipse }
}

struct CircleShape: ShapeKind {
  let name = "circle"
  let extraAttributes = [
    AttributeSpec(
      "radius", .number(minimum: 0, maximum: nil), default: "half the frame's shorter side",
      "The radius, in points: without a size, the frame is a square twice as wide.")
  ]
  let summary: StaticString =
    "The largest circle centred in its frame, as SwiftUI's Circle; `radius=` gives it a frame of its own."
  let example: StaticString = "circle at 10,10 radius=30 fill=.orange"
  let labelFit = LabelFit.circle
  func outline(_ values: AttributeValues) -> ShapeOutline { .circle }
}

struct CapsuleShape: ShapeKind {
  let name = "capsule"
  let summary: StaticString = "A rectangle whose shorter sides are half circles, as SwiftUI's Capsule."
  let example: StaticString = "capsule at 10,10 size 120x40 fill=.green"
  func outline(_ values: AttributeValues) -> ShapeOutline { .capsule }
}

/// A slice of a pie or a donut, as Swift Charts' `SectorMark`; checked
/// in Checker+Sectors, which turns its attributes into a `Sector`.
struct SectorShape: ShapeKind {
  let name = "sector"
  let extraAttributes = [
    AttributeSpec(
      "start", .number(minimum: nil, maximum: nil), default: "`-90` (the top)",
      "Where it starts, in degrees clockwise from the trailing side (as `arc`)."),
    AttributeSpec(
      "end", .number(minimum: nil, maximum: nil), default: "required, or `value=` and `total=`",
      "Where it ends, in degrees; at most a whole turn from `start`."),
    AttributeSpec(
      "value", .number(minimum: 0, maximum: nil), default: "none",
      "Its share of `total`: it turns `value / total` of a circle, clockwise from the top."),
    AttributeSpec("total", .number(minimum: 0, maximum: nil), default: "none", "What a whole circle stands for."),
    AttributeSpec(
      "after", .number(minimum: 0, maximum: nil), default: "`0`",
      "The values of the sectors before it, so it starts where they end."),
    AttributeSpec(
      "innerRadius", .number(minimum: 0, maximum: nil), default: "`0` (a pie's slice)",
      "The radius of a donut's hole, in points."),
    AttributeSpec(
      "angularInset", .number(minimum: 0, maximum: nil), default: "`0`",
      "How far each straight edge moves in, in points: neighbours stand twice this apart."),
    AttributeSpec(
      "radius", .number(minimum: 0, maximum: nil), default: "half the frame's shorter side",
      "The outer radius, in points: without a size, the frame is a square twice as wide."),
  ]
  let summary: StaticString =
    "A slice of the largest circle centred in its frame, as Swift Charts' SectorMark: by angles or by a value and a total; anchors `centroid`, `midpoint` and `outer`."
  let example: StaticString =
    "sector at 10,10 size 120x120 value=3 total=8 innerRadius=30 angularInset=1 fill=.orange"
  func outline(_ values: AttributeValues) -> ShapeOutline {
    .sector(Sector(start: values.number(.start) ?? -90, end: values.number(.end) ?? 0))
  }
}

package enum ShapeKinds {
  private static func p(_ x: Double, _ y: Double) -> Point { Point(x, y) }

  /// The article's PencilTipShape.
  static let tip = UnitPathShape(
    name: "tip",
    summary: "The pencil's point: the lead at the top of a pencil's frame.",
    example: "tip at 10,10 size 100x400 fill=.red",
    segments: [
      .move(p(0.470, 0.035)), .line(p(0.530, 0.020)), .line(p(0.670, 0.106)),
      .cubic(control1: p(0.580, 0.120), control2: p(0.420, 0.120), to: p(0.330, 0.106)), .close,
    ])

  /// The article's PencilTimberShape.
  static let timber = UnitPathShape(
    name: "timber",
    summary: "The pencil's sharpened wood, below the tip in a pencil's frame.",
    example: "timber at 10,10 size 100x400 fill=hsb(0.07, 0.4, 0.9)",
    segments: [
      .move(p(0.330, 0.106)),
      .cubic(control1: p(0.420, 0.120), control2: p(0.580, 0.120), to: p(0.670, 0.106)),
      .line(p(0.980, 0.270)),
      .cubic(control1: p(0.700, 0.320), control2: p(0.300, 0.320), to: p(0.020, 0.270)), .close,
    ])

  /// The article's PencilBodyShape.
  static let body = UnitPathShape(
    name: "body",
    summary: "The pencil's painted body, below the timber in a pencil's frame.",
    example: "body at 10,10 size 100x400 fill=.blue",
    segments: [
      .move(p(0.020, 0.270)),
      .cubic(control1: p(0.300, 0.320), control2: p(0.700, 0.320), to: p(0.980, 0.270)),
      .line(p(0.980, 0.900)),
      .cubic(control1: p(0.700, 0.950), control2: p(0.300, 0.950), to: p(0.020, 0.900)), .close,
    ])

  package static let builtins: [any ShapeKind & Sendable] = [
    tip, timber, body, RectShape(), RoundRectShape(), EllipseShape(), CircleShape(), CapsuleShape(), SectorShape(),
  ]
  /// Built-ins added after language v2, which a file may still define as
  /// its own shape or component (its definition wins), so that a v2 file
  /// that did compiles as it did.
  package static let laterBuiltins: Set<String> = ["circle", "capsule", "sector"]
  static let laterBuiltinKeys = Set(laterBuiltins.map { Name($0) })
  /// Each builtin's attributes, the common ones first: looked up for every
  /// shape checked, so joined once rather than per element.
  static let builtinSpecs: [[AttributeSpec]] = builtins.map { ElementKinds.shapeAttributes + $0.extraAttributes }
  /// Each builtin's key, for the lookup every shape checked makes (a
  /// kind's `key` makes its `Name` from the text each time it is asked).
  static let builtinKeys: [Name] = builtins.map(\.key)
}
