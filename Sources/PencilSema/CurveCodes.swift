import PencilDiagnostics

/// Codes of curves and effects: sectors, curved connectors, shadows and
/// blur (E0266–).
package enum CurveCodes {
  static let sectorAnglesTwice = DiagnosticCode(
    "E0266", .error, "a sector given by angles and by a share",
    """
    A sector is given either by its angles, in degrees as `arc` takes them
    (`start=`, which is the top, -90, unless given, and `end=`), or by its
    share of a whole (`value=` of `total=`, starting `after=` the values of
    the slices before it, from the top clockwise). Both at once would say
    two things; keep one.

        sector size 100x100 start=0 end=90 value=3 total=8    // error
        sector size 100x100 start=0 end=90                   // ok: a quarter
        sector size 100x100 value=3 total=8 after=2          // ok: 3/8 of a turn
    """)
  package static let sectorHoleTooWide = DiagnosticCode(
    "E0267", .error, "a sector's hole is as wide as the sector",
    """
    `innerRadius=` is the radius of a donut's hole, in points; the outer
    radius is half the frame's shorter side. A hole as wide as that leaves
    nothing to draw. The fix halves the hole.

        sector size 100x100 end=0 innerRadius=60    // error: the outer radius is 50
        sector size 100x100 end=0 innerRadius=30    // ok
    """)

  static let outlineNotAllowed = DiagnosticCode(
    "E0268", .error, "an element's outline where a point goes",
    """
    An element's name alone, in a line's or an arrow's `from` or `to`, ends
    the connector where it meets the element's outline (Pikchr's chop):
    the edge of a box, a circle, a capsule or your own shape, aimed at the
    other end. Anywhere else a point is needed, so name an anchor; and a
    line or an arrow has no outline to end on.

        a: circle at 20,20 radius=30
        b: rect at 200,20 size 80x60
        arrow from a to b                    // ok: from circle's edge to box's
        text "A" at a                        // error: use 'a.center'
    """)

  static let connectorShapeConflict = DiagnosticCode(
    "E0269", .error, "a connector's shape said two ways",
    """
    `bend=` turns a curve (it makes a connector `route=curve` unless the
    route is given), so it does not go with `route=straight` or
    `route=elbow`; `loop=` is the side a connector from an element to
    itself (`arrow from s to s`) loops out of, so it needs one element at
    both ends.

        arrow from a to b route=elbow bend=30      // error
        arrow from a to b bend=30                  // ok: a curve
        arrow from a to a loop=trailing            // ok: a loop on the right
    """)

  static let filterTooWide = DiagnosticCode(
    "E0270", .error, "a shadow or blur wider than the picture",
    """
    `shadow=` and `blur=` take SwiftUI's radius, the standard deviation of
    the blur in points: it spreads about three times that far. A radius
    past the canvas's longer side (10000 without a canvas) blurs the
    element into a haze over the whole picture, so it is taken for a
    mistake; the fix makes it 8.

        canvas 300x200
        rect at 20,20 size 100x60 shadow=400      // error
        rect at 20,20 size 100x60 shadow=8 shadow.y=4    // ok
    """)

  package static let all = [
    sectorAnglesTwice, sectorHoleTooWide, outlineNotAllowed, connectorShapeConflict, filterTooWide,
  ]
}
