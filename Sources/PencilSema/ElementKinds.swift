import PencilGeometry

/// One element kind other than a shape: its name, its attributes, and
/// what the reference (docs/reference/elements.md, generated from this
/// table) says of it.
package struct ElementKind: Sendable {
  package let name: String
  /// The attributes as the checker takes them; for `pencil`, a prelude
  /// component, the parameters and clauses its uses take.
  package let attributes: [AttributeSpec]
  /// What the element is, in one line.
  package let summary: StaticString
  /// A scene that draws the element, compiled by the reference's tests.
  package let example: StaticString
}

/// Element kinds other than shapes, and the attributes of each.
package enum ElementKinds {
  package static let shapeAttributes: [AttributeSpec] =
    [.position, .size, .fill, .gradient, .opacity, .fillRule] + stroke + AttributeSpec.modifiers
    + AttributeSpec.effects
  /// SwiftUI's `.stroke(_:lineWidth:)` with its StrokeStyle, as SVG names them.
  static let stroke: [AttributeSpec] = [
    AttributeSpec(
      "stroke", .paint, default: "none (`black` on a line, an arrow, and a path without `fill`)",
      "A colour or a gradient drawn along the outline."),
    AttributeSpec(
      "lineWidth", .number(minimum: 0, maximum: nil), default: "1", "The width of the stroke, in points."),
    AttributeSpec(
      "lineCap", .keyword(["butt", "round", "square"]), default: "`butt`", "How open ends of the stroke finish."),
    AttributeSpec(
      "lineJoin", .keyword(["miter", "round", "bevel"]), default: "`miter`", "How the stroke turns a corner."),
    AttributeSpec(
      "miterLimit", .number(minimum: 1, maximum: nil), default: "10",
      "How long a mitred corner may grow, in line widths, before it is bevelled."),
    AttributeSpec(
      "dash", .list(.number(minimum: 0, maximum: nil)), default: "none (solid)",
      "Lengths of dashes and gaps in turn, such as `[6, 3]`."),
    AttributeSpec(
      "dashPhase", .number(minimum: nil, maximum: nil), default: "0", "How far into the dash pattern the stroke starts."
    ),
  ]
  /// The prelude's `pencil` component, whose parameters these must match
  /// (the reference's tests check them against the prelude).
  static let pencil: [AttributeSpec] = [
    .position, .size,
    AttributeSpec("color", .color, default: "`.blue`", "The colour of the tip and the body."),
    AttributeSpec(
      "gradient", .gradient, default: "none", "A gradient, by its name, across the tip and the body together."),
    AttributeSpec("timber", .color, default: "`hsb(0.07, 0.4, 0.9)`", "The colour of the sharpened wood."),
    .opacity,
  ]
  package static let vstack: [AttributeSpec] =
    [
      .position, .size, .spacing,
      AttributeSpec(
        "alignment", .keyword(["leading", "center", "trailing"]), default: "`center`",
        "Where narrower children sit across the column."),
    ]
    + AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip]
  package static let hstack: [AttributeSpec] =
    [
      .position, .size, .spacing,
      AttributeSpec(
        "alignment", .keyword(["top", "center", "bottom", "firstTextBaseline"]), default: "`center`",
        "Where shorter children sit across the row; `firstTextBaseline` lines up the first lines of text."),
    ]
    + AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip]
  package static let zstack: [AttributeSpec] =
    [
      .position, .size,
      AttributeSpec(
        "alignment", .keyword(directions.map(\.name)), default: "`center`",
        "Where smaller children sit in the stack's frame."),
    ] + AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip]
  package static let text: [AttributeSpec] =
    [
      AttributeSpec(
        "at", .point, default: "placed by layout",
        "The point on the first baseline the text is aligned to (see `align`): `at X,Y`."),
      AttributeSpec(
        "font", .font, default: "`body` (17 points)", "A text style such as `headline`, or a size in points."),
      AttributeSpec(
        "align", .keyword(["leading", "center", "trailing"]), default: "`leading`",
        "Which part of each line sits at `at`, and how lines of wrapped text line up."),
      AttributeSpec(
        "color", .color, default: "black; white in dark appearance, unless the canvas has a fixed light background",
        "The colour of the text."),
      .opacity,
      AttributeSpec(
        "lineLimit", .number(minimum: 1, maximum: 10_000), default: "none",
        "The most lines wrapped text takes; the last one ends in `...` when cut."),
    ] + AttributeSpec.modifiers + AttributeSpec.effects
  package static let spacer: [AttributeSpec] = [
    AttributeSpec(
      "minLength", .number(minimum: 0, maximum: nil), default: "8", "The shortest the spacer gets, in points.")
  ]
  /// `line` and `arrow`.
  package static let connector: [AttributeSpec] =
    [
      AttributeSpec("from", .point, default: "required", "Where it starts: `from X,Y` or `from NAME.ANCHOR`."),
      AttributeSpec("to", .point, default: "required", "Where it ends: `to X,Y` or `to NAME.ANCHOR`."),
      AttributeSpec("fill", .color, default: "none", "A colour to fill the line's outline with."), .opacity,
      AttributeSpec(
        "arrowheads", .keyword(["start", "end", "both", "none"]), default: "`end` on an arrow, `none` on a line",
        "Which ends carry an arrowhead."),
      AttributeSpec("label", .string, default: "none", "Text written at the middle of the line."),
      AttributeSpec(
        "route", .keyword(["straight", "elbow", "curve"]), default: "`straight` (`curve` with `bend=`)",
        "A straight line; horizontal and vertical runs that leave anchored ends straight out of their edges and go round the shapes they join; or one smooth curve that leaves and enters perpendicular to them."
      ),
      AttributeSpec(
        "bend", .number(minimum: -150, maximum: 150), default: "`0`",
        "How far a curve turns to the left of the straight way at its start, in degrees (TikZ's `bend left`; negative bends right)."
      ),
      AttributeSpec(
        "loop", .keyword(["top", "bottom", "leading", "trailing"]), default: "`top`",
        "The side a connector from an element to itself loops out of."),
    ] + stroke + AttributeSpec.effects
  package static let path: [AttributeSpec] =
    [
      AttributeSpec(
        "fill", .color, default: "none", "The colour inside the outline; a path is not filled unless told."),
      .gradient, .opacity, .fillRule,
      AttributeSpec(
        "arrowheads", .keyword(["start", "end", "both", "none"]), default: "`none`",
        "Which ends of an open path of one piece carry an arrowhead, along the path's direction there."),
    ] + stroke + AttributeSpec.effects
  package static let canvas: [AttributeSpec] = [
    AttributeSpec("size", .size, default: "required", "The size of the picture: `canvas WxH`."),
    AttributeSpec("background", .color, default: "none (transparent)", "The colour behind everything."),
    AttributeSpec(
      "appearance", .keyword(["light", "dark"]), default: "none (SVG follows the viewer; the others are light)",
      "Draws the scene in this appearance whatever the viewer or `--appearance` asks."),
  ]

  /// The element kinds other than shapes, in the order completion lists
  /// them, for the reference: the checker reads the tables above.
  package static let catalogue: [ElementKind] = [
    ElementKind(
      name: "pencil", attributes: pencil + AttributeSpec.modifiers + AttributeSpec.effects + [AttributeSpec.clip],
      summary: "A coloured pencil: a tip, the timber and a body in one frame.",
      example: "pencil at 20,10 size 60x240 color=.orange"),
    ElementKind(
      name: "hstack", attributes: hstack, summary: "Lays its children out in a row, leading to trailing.",
      example: """
        hstack at 10,10 spacing=12 alignment=bottom {
          rect width=40 height=60 fill=.red
          rect width=40 height=30 fill=.orange
        }
        """),
    ElementKind(
      name: "vstack", attributes: vstack, summary: "Lays its children out in a column, top to bottom.",
      example: """
        vstack at 10,10 spacing=4 alignment=leading {
          text "Title" font=headline
          text "A line of detail" font=caption color=.secondaryLabel
        }
        """),
    ElementKind(
      name: "zstack", attributes: zstack, summary: "Lays its children over each other, the first at the back.",
      example: """
        zstack at 10,10 size 120x48 {
          roundrect radius=12 fill=.blue
          text "Badge" font=headline color=white
        }
        """),
    ElementKind(
      name: "text", attributes: text, summary: "A string in the built-in font, one line or wrapped to its width.",
      example: "text \"Hello, pencil\" at 20,40 font=title color=.indigo"),
    ElementKind(
      name: "spacer", attributes: spacer, summary: "In a stack, takes the room the other children leave.",
      example: """
        hstack at 10,10 width=200 {
          text "Cancel" color=.red
          spacer
          text "Save" font=headline
        }
        """),
    ElementKind(
      name: "line", attributes: connector, summary: "A line between two points or two elements' anchors.",
      example: "line from 10,10 to 150,60 stroke=.gray lineWidth=2 dash=[6, 3]"),
    ElementKind(
      name: "arrow", attributes: connector, summary: "A line with an arrowhead at its end, by default.",
      example: """
        a: rect at 10,10 size 60x40 fill=.teal
        b: ellipse at 150,10 size 60x40 fill=.orange
        arrow from a.trailing to b.leading label="next"
        """),
    ElementKind(
      name: "path", attributes: path, summary: "An outline drawn with move, line, curve, quad and close commands.",
      example: "path stroke=.purple lineWidth=3 { move 10,60; curve 150,60 control 50,0 110,120; line 190,30 }"),
    ElementKind(
      name: "canvas", attributes: canvas, summary: "The picture's size and background; a file has at most one.",
      example: """
        canvas 200x100 background=.systemBackground
        rect at 20,20 size 160x60 fill=.green
        """),
  ]

  /// The names of `catalogue`, in its order (a test checks they agree):
  /// written out, because the checker reads them for every file, and
  /// mapping the catalogue would build every table of it at start-up.
  package static let nonShapeKinds = [
    "pencil", "hstack", "vstack", "zstack", "text", "spacer", "line", "arrow", "path", "canvas",
  ]

  /// SwiftUI's text styles at the default Dynamic Type size.
  package static let fontStyles: [(name: String, size: Double, bold: Bool)] = [
    ("largeTitle", 34, false), ("title", 28, false), ("title2", 22, false), ("title3", 20, false),
    ("headline", 17, true), ("body", 17, false), ("callout", 16, false), ("subheadline", 15, false),
    ("footnote", 13, false), ("caption", 12, false), ("caption2", 11, false),
  ]

  /// SwiftUI's unit points.
  package static let directions: [(name: String, point: Point)] = [
    ("top", Point(0.5, 0)), ("bottom", Point(0.5, 1)), ("leading", Point(0, 0.5)),
    ("trailing", Point(1, 0.5)), ("center", Point(0.5, 0.5)), ("topLeading", Point(0, 0)),
    ("topTrailing", Point(1, 0)), ("bottomLeading", Point(0, 1)), ("bottomTrailing", Point(1, 1)),
  ]

  /// A sector's anchors beside its frame's (see `Sector.Anchor`).
  package static let sectorAnchors: [(name: String, anchor: Sector.Anchor)] = [
    ("centroid", .centroid), ("midpoint", .midpoint), ("outer", .outer),
  ]

  /// What CSS and UIKit call SwiftUI's directions, for did-you-mean fixes.
  static let directionAliases = [
    "left": "leading", "right": "trailing", "middle": "center", "centre": "center", "topLeft": "topLeading",
    "topRight": "topTrailing", "bottomLeft": "bottomLeading", "bottomRight": "bottomTrailing",
  ]
}
