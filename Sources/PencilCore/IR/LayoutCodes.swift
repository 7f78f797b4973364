/// Warnings found while laying the scene out, W0001 and W0004.
enum LayoutCodes {
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
    children a `size`.

        hstack alignment=firstTextBaseline { hstack alignment=firstTextBaseline { … 60 levels … { for i in 0..<100000 { text "a" } } } }   // error
    """)

  static let all = [outsideCanvas, stackOverflow, textOverflow, layoutTooCostly]
}
