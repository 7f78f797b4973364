/// What a newcomer writes from Pikchr, SVG, CSS or SwiftUI, and pencil's
/// spelling of it. Edit distance cannot find these (`rotate` is far from
/// `rotation`, and `weight` is close to the unrelated `height`), so they
/// are looked up first; a word found here never falls back to edit
/// distance, since the closest word would be a false lead.
package enum PeerSpellings {
  /// Attribute names, with pencil's. Several entries name one of two
  /// attributes (`foregroundColor` is `color` on text, `fill` on shapes):
  /// the first the element takes is offered.
  package static let attributes: [String: [String]] = [
    // SwiftUI's rotationEffect and scaleEffect, CSS's rotate, Pikchr's angle.
    "rotate": ["rotation"], "angle": ["rotation"], "rotationEffect": ["rotation"], "rotationAngle": ["rotation"],
    "scaleEffect": ["scale"],
    // SVG's stroke-width, CSS's border, Pikchr's thickness.
    "strokeWidth": ["lineWidth"], "stroke_width": ["lineWidth"], "borderWidth": ["lineWidth"],
    "thickness": ["lineWidth"], "border": ["stroke"], "borderColor": ["stroke"], "strokeColor": ["stroke"],
    "strokeDasharray": ["dash"], "dasharray": ["dash"], "dashArray": ["dash"], "lineDash": ["dash"],
    "strokeLinecap": ["lineCap"], "strokeLinejoin": ["lineJoin"], "strokeDashoffset": ["dashPhase"],
    // Colours and opacity.
    "foregroundColor": ["color", "fill"], "foregroundStyle": ["color", "fill"], "fillColor": ["fill"],
    "backgroundColor": ["background"], "alpha": ["opacity"],
    // Corners: SVG's rx, CSS's border-radius.
    "rx": ["cornerRadius"], "borderRadius": ["cornerRadius"],
    // A stack's alignment is `alignment`, a text's `align`, as SwiftUI's
    // VStack(alignment:) and multilineTextAlignment.
    "align": ["alignment"], "alignment": ["align"], "textAlign": ["align"], "multilineTextAlignment": ["align"],
    "fontSize": ["font"], "fontWeight": ["font"], "weight": ["font"],
  ]

  /// Element kinds, with pencil's.
  package static let elements: [String: String] = [
    "box": "rect", "rectangle": "rect", "Rectangle": "rect", "square": "rect", "Circle": "circle",
    "Capsule": "capsule", "pill": "capsule", "Ellipse": "ellipse", "oval": "ellipse", "RoundedRectangle": "roundrect",
    "Text": "text", "HStack": "hstack", "VStack": "vstack", "ZStack": "zstack", "group": "zstack", "g": "zstack",
    "Spacer": "spacer", "Path": "path", "polyline": "path", "Line": "line", "SectorMark": "sector", "pie": "sector",
    "wedge": "sector", "slice": "sector",
  ]

  /// Font weights of CSS and SwiftUI (`weight=bold`, `font=body.bold`):
  /// pencil's text styles have fixed weights, and the bold one is
  /// `headline`.
  package static let boldWeights: Set<String> = ["bold", "semibold", "heavy", "black"]

  /// Members other tools read from a place (Pikchr's `box.x`, SwiftUI's
  /// `frame.midX`): pencil's anchors are points, the centre the nearest.
  package static let coordinates: Set<String> = ["x", "y", "midX", "midY", "c"]

  /// Units after a number (`30deg`, `10px`): pencil's angles are degrees
  /// and its lengths points, both written as bare numbers.
  package static let numberUnits: [String: String] = [
    "deg": "angles are in degrees, written as a bare number",
    "degrees": "angles are in degrees, written as a bare number",
    "px": "lengths have no units, they are always points", "pt": "lengths have no units, they are always points",
  ]
}
