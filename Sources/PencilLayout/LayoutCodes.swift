import PencilDiagnostics

/// Problems found while laying the scene out: W0001, W0004, W0011, W0015
/// and E0244.
package enum LayoutCodes {
  static let outsideCanvas = DiagnosticCode(
    "W0001", .warning, "element outside the canvas",
    """
    The element lies wholly outside the canvas, so nothing of it is drawn.
    Check its `at` and `size` against the canvas size.

        canvas 100x100
        rect at 200,0 size 10x10 fill=red   // warning
    """)
  static let stackOverflow = DiagnosticCode(
    "W0004", .warning, "stack children do not fit",
    """
    The children's fixed sizes and the spacing add up to more than the
    stack's size, so the children overflow it and flexible children get no
    room at all. Make the stack larger or the children smaller.

        hstack at 0,0 size 50x50 spacing=10 { rect size 30x10; rect size 30x10 }  // warning: 70 > 50
        hstack at 0,0 size 80x50 spacing=10 { rect size 30x10; rect size 30x10 }  // ok
    """)

  static let textOverflow = DiagnosticCode(
    "W0011", .warning, "text wider than its frame",
    """
    Text wraps at spaces to fit the width it is given (`width=`, or what a
    stack offers). A word wider than that is broken between letters, and
    the message says how wide the word is and how wide the frame.

        text "Supercalifragilistic" width=40   // warning: the word is 161 points wide
    """)

  static let layoutTooCostly = DiagnosticCode(
    "E0244", .error, "layout too costly",
    """
    Layout asks each element for its size once per stack around it, and a
    first-text-baseline hstack asks again for baselines. For one file it
    answers at most 30,000,000 times (30 for each of a million elements),
    so that no input makes it run long; past that the element is reported
    and nothing is drawn. Nest fewer stacks around many children, or give
    children a `size`. A connector that ends on a shape's outline (`arrow
    from a to b`) counts the outline's edges its rays test against the same
    budget: a few for most shapes, every edge for an outline that winds
    round its centre again and again (a spiral); then the connector is
    reported. End such connectors at anchors (`b.top`).

        hstack alignment=firstTextBaseline { hstack alignment=firstTextBaseline { … 60 levels … { for i in 0..<100000 { text "a" } } } }   // error
    """)

  static let runsOffCanvas = DiagnosticCode(
    "W0015", .warning, "element runs off the canvas",
    """
    Part of what the element draws lies past an edge of the canvas, so it
    is cut there; the message says by how many points, at the edge it
    passes most. It is reported once for each element in the source (an
    element in a loop or a component once, with the most it runs off).
    Text counts its glyphs' box (not the leading between lines), a shape
    its outline (not the outer half of its stroke), and what a `clip=`
    cuts away does not count. Less than half a point is not reported, nor
    anything on a canvas without a size (it grows to fit). Move the
    element, make it smaller, or make the canvas larger; to bleed off the
    edge on purpose, clip it to the canvas: in a `zstack at 0,0 size WxH
    clip=rect` (moved with `offset=`), or in a component used at 0,0 with
    the canvas's size and `clip=rect`.

        canvas 200x100
        text "Settings" at 120,50 font=largeTitle   // warning: runs off the right edge
        rect at -20,10 size 50x50                    // warning: runs 20 points past the left edge
        rect at 0,0 size 200x100 stroke=black       // ok: the outline is the canvas's edge
    """)

  package static let all = [outsideCanvas, stackOverflow, textOverflow, layoutTooCostly, runsOffCanvas]
}
