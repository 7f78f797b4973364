import PencilDiagnostics

/// Codes of named elements, anchors, transforms and clipping (E0250–E0255),
/// and the radians warning met first in a rotated star (W0013).
package enum GraphicsCodes {
  static let unknownElementName = DiagnosticCode(
    "E0250", .error, "unknown element name",
    """
    `NAME.ANCHOR` is a point of the element named `NAME:`. No element in
    this scope has that name: the file's elements are one scope, and each
    use of a component is its own, so a component's connectors see the
    names of its body only.

        box: rect at 20,20 size 80x40
        arrow from bx.trailing to 200,40     // error: did you mean 'box'?
    """)
  static let unknownAnchor = DiagnosticCode(
    "E0251", .error, "unknown anchor",
    """
    An element's anchors are the nine unit points of its frame, as
    SwiftUI names them: topLeading, top, topTrailing, leading, center,
    trailing, bottomLeading, bottom and bottomTrailing. A `sector` has
    three more: centroid, midpoint and outer.

        box: rect at 20,20 size 80x40
        line from box.right to 200,40        // error: did you mean 'trailing'?
    """)
  static let nameInLoop = DiagnosticCode(
    "E0252", .error, "named element in a loop",
    """
    A loop repeats its body, so a name there would name every copy and an
    anchor could not say which. Name the elements outside the loop, or
    make the body a component (each use of a component names its own).

        for i in 0..<3 { box: rect at i * 50, 0 size 40x40 }   // error
    """)
  static let duplicateElementName = DiagnosticCode(
    "E0253", .error, "element name used twice",
    """
    Each element name names one element of its scope (the file, or one
    use of a component). Give the second another name.

        a: rect at 0,0 size 10x10
        a: ellipse at 20,0 size 10x10        // error
    """)
  package static let unplacedAnchor = DiagnosticCode(
    "E0254", .error, "position waits on itself",
    """
    `at NAME.ANCHOR` places an element at a point of another, once layout
    has placed that one. Elements that place each other in a circle, or
    an element placed at its own anchor, can never be placed.

        a: rect at b.trailing size 10x10
        b: rect at a.trailing size 10x10     // error: a and b wait on each other
    """)
  static let anchorNotAllowed = DiagnosticCode(
    "E0255", .error, "anchor where a fixed position is needed",
    """
    An anchor is known only after layout, so it can be used where a point
    is read after layout: `at`, and a line's or an arrow's `from` and `to`.
    A component's parameter, a path command or arithmetic needs a position
    known before layout.

        box: rect at 0,0 size 40x40
        let p = box.center                   // ok: used below in 'at' or 'from'
        mybadge at 0,0 size 10x10 origin=box.center   // error: a parameter
    """)

  static let radiansInDegrees = DiagnosticCode(
    "W0013", .warning, "radians given to sin or cos",
    """
    `sin` and `cos` take degrees, as SwiftUI's `.degrees`, TikZ and
    Pikchr do. An argument written with `pi` is almost always in radians,
    and draws a sliver instead of a turn: write 180 for pi.

        line sin(k * pi / 5), cos(k * pi / 5)       // warning
        line sin(k * 180 / 5), cos(k * 180 / 5)     // ok
    """)

  package static let dashesTooFine = DiagnosticCode(
    "W0014", .warning, "dash pattern too fine",
    """
    A dash pattern that would cut one stroke into more than 100,000 dashes
    (a pattern of a thousandth of a point along a long path) is drawn as a
    solid stroke by the raster backends, which at that scale it looks
    like, instead of as millions of pieces. SVG keeps the pattern. Make
    the dashes longer.

        line from 0,0 to 100000,0 dash=[0.1, 0.1]   // warning
    """)

  package static let all = [
    unknownElementName, unknownAnchor, nameInLoop, duplicateElementName, unplacedAnchor, anchorNotAllowed,
    radiansInDegrees, dashesTooFine,
  ]
}
