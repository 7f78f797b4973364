import PencilDiagnostics

/// Codes of components with content, SwiftUI's `@ViewBuilder content`
/// (E0262–E0264).
package enum ContentCodes {
  static let contentOutsideComponent = DiagnosticCode(
    "E0262", .error, "'content' outside a component",
    """
    `content` stands in a component's body for the elements a use gives in
    `{ }`. Outside a component's body there is no use to take them from.

        component card(title: String) {
          vstack alignment=leading { text title font=headline; content }
        }
        card title="Wi-Fi" { text "On" }    // ok: the text goes where 'content' is
        content                             // error: not in a component
    """)
  static let contentRepeated = DiagnosticCode(
    "E0263", .error, "'content' placed more than once",
    """
    A use's content is drawn once: `content` stands once in a component's
    body, or once in each branch of an `if`, and not in a `for` loop, where
    it would be drawn once per iteration (and a name in it would name every
    copy). To repeat elements, make them a component and use it in a loop.

        component twice { vstack { content; content } }     // error
        component either(wide: Bool) {
          if wide { hstack { content } } else { vstack { content } }   // ok
        }
    """)
  static let contentTakesNothing = DiagnosticCode(
    "E0264", .error, "'content' takes nothing",
    """
    `content` is where a use's elements go; it has no attributes, string,
    name or children of its own. Give attributes to the stack around it, or
    to the elements the use gives.

        component card { vstack { content padding=8 } }             // error
        component card { vstack padding=8 { content } }             // ok
    """)

  package static let all = [contentOutsideComponent, contentRepeated, contentTakesNothing]
}
