import PencilDiagnostics

/// Codes of the expressions language v3 added (E0260–E0261, E0265).
package enum ExpressionCodes {
  static let conditionalKinds = DiagnosticCode(
    "E0260", .error, "the two values of '?:' differ in kind",
    """
    `CONDITION ? A : B` is A when the condition is true and B when it is
    false, so both are one kind of value: two numbers, two colours, two
    strings. Only the value the condition picks is evaluated, but both are
    checked, so a mistake on the side not taken is found now.

        let dark = true
        rect at 0,0 size 10x10 fill=dark ? .black : 0.5      // error
        rect at 0,0 size 10x10 fill=dark ? .black : .white   // ok
    """)

  static let emptyList = DiagnosticCode(
    "E0261", .error, "min or max of an empty list",
    """
    `min(list)` and `max(list)` are the smallest and the largest item of a
    list or range of numbers, so the list needs one at least. (`sum` of an
    empty list is 0.) Check the count first, or give a value for the empty
    case with `?:`.

        let values = [3, 1, 4][0..<0]
        rect at 0,0 size 10x10 opacity=max(values) / 10             // error
        rect at 0,0 size 10x10 opacity=count(values) > 0 ? max(values) / 10 : 0   // ok
    """)

  static let formatOption = DiagnosticCode(
    "E0265", .error, "unknown interpolation option",
    """
    A number put in a string may say how it is written, as Swift's string
    interpolations take labelled arguments: `decimals:` (0 to 6) writes it
    with that many digits after the point, rounded, and `separator:` puts a
    string between each three digits of its whole part. Each is given once,
    and only a number takes them.

        let total = 1234567.891
        text "\\(total, decimals: 2, separator: ",")" at 0,20   // 1,234,567.89
        text "\\(total, places: 2)" at 0,40                      // error
    """)

  package static let all = [conditionalKinds, emptyList, formatOption]
}
