/// The standard library's functions and members as the reference
/// (docs/reference/functions.md, generated from these tables) lists them.
/// `Checker.callFunction` and `Checker.evaluateMember` evaluate them; the
/// names messages list and suggest come from here.

/// A function: `hsb(h, s, b)`.
package struct LibraryFunction: Sendable {
  package let name: String
  /// How a call is written, optional arguments in brackets.
  package let signature: StaticString
  /// What it returns, in one line.
  package let summary: StaticString
  /// A scene that calls it, compiled by the reference's tests.
  package let example: StaticString
  /// Whether messages list it: `point(x, y)` and `size(w, h)` still work,
  /// for files written with them, but a user is taught `x, y` and `WxH`.
  package var isTaught = true
}

/// A member written after a value: `.opacity(x)` of a colour.
package struct LibraryMember: Sendable {
  package let name: String
  package let signature: StaticString
  /// What the member is read from: colours, or lists and ranges.
  package let receiver: StaticString
  package let summary: StaticString
  package let example: StaticString
}

extension Evaluator {
  package static let libraryFunctions: [LibraryFunction] = [
    LibraryFunction(
      name: "hsb", signature: "hsb(hue, saturation, brightness[, alpha])",
      summary: "A colour from hue, saturation and brightness, each 0…1, and an alpha 0…1 (default 1).",
      example: "rect at 10,10 size 40x40 fill=hsb(0.6, 0.8, 0.9)"),
    LibraryFunction(
      name: "rgb", signature: "rgb(red, green, blue[, alpha])",
      summary: "A colour from sRGB channels 0…255 and an alpha 0…1 (default 1).",
      example: "rect at 10,10 size 40x40 fill=rgb(250, 128, 114, 0.8)"),
    LibraryFunction(
      name: "min", signature: "min(a, b, …) or min(list)",
      summary: "The smallest of 2 to 16 numbers, or of the numbers of a list or range (not empty: E0261).",
      example: """
        let widths = [30, 10, 20]
        rect at 10,10 size min(widths) x 40 fill=.blue opacity=min(0.5, 0.8)
        """),
    LibraryFunction(
      name: "max", signature: "max(a, b, …) or max(list)",
      summary: "The largest of 2 to 16 numbers, or of the numbers of a list or range (not empty: E0261).",
      example: """
        let widths = [30, 10, 20]
        rect at 10,10 size max(widths) x 40 fill=.blue opacity=max(0.2, 0.6)
        """),
    LibraryFunction(
      name: "sum", signature: "sum(list)",
      summary: "The numbers of a list or range added up; 0 for an empty one. `sum(values[0..<i])` is a running total.",
      example: """
        let widths = [20, 10, 30]
        for i in 0..<3 {
          rect at 10 + sum(widths[0..<i]),10 size widths[i] x 40 fill=hsb(i / 3, 0.6, 0.9)
        }
        """),
    LibraryFunction(
      name: "abs", signature: "abs(x)", summary: "The magnitude of a number.",
      example: "rect at 10,10 size 40x40 fill=.blue rotation=abs(-30)"),
    LibraryFunction(
      name: "round", signature: "round(x)", summary: "The nearest whole number, halves away from zero.",
      example: "rect at 10,10 size 40x40 fill=.blue rotation=round(12.5)"),
    LibraryFunction(
      name: "floor", signature: "floor(x)", summary: "The largest whole number not above x.",
      example: "rect at 10,10 size 40x40 fill=.blue rotation=floor(12.7)"),
    LibraryFunction(
      name: "ceil", signature: "ceil(x)", summary: "The smallest whole number not below x.",
      example: "rect at 10,10 size 40x40 fill=.blue rotation=ceil(12.2)"),
    LibraryFunction(
      name: "sqrt", signature: "sqrt(x)", summary: "The square root of a number that is not negative.",
      example: "rect at 10,10 size 40x40 fill=.blue rotation=sqrt(900)"),
    LibraryFunction(
      name: "sin", signature: "sin(degrees)", summary: "The sine of an angle in degrees (exact at multiples of 90).",
      example: """
        for i in 0..<8 {
          ellipse at 100 + 80 * cos(i * 45),100 + 80 * sin(i * 45) size 10x10 fill=.orange
        }
        """),
    LibraryFunction(
      name: "cos", signature: "cos(degrees)", summary: "The cosine of an angle in degrees (exact at multiples of 90).",
      example: "rect at 10,10 size 40x40 fill=.blue opacity=cos(60)"),
    LibraryFunction(
      name: "atan2", signature: "atan2(y, x)", summary: "The angle in degrees of the direction x, y, from -180 to 180.",
      example: "rect at 10,10 size 40x40 fill=.blue rotation=atan2(1, 1)"),
    LibraryFunction(
      name: "count", signature: "count(list)", summary: "How many items a list or a range holds.",
      example: """
        let hues = [0.1, 0.5, 0.9]
        for i in 0..<count(hues) {
          rect at 10 + i * 30,10 size 20x20 fill=hsb(hues[i], 0.8, 0.9)
        }
        """),
    LibraryFunction(
      name: "mix", signature: "mix(a, b, t)",
      summary: "Colour a blended toward colour b: each sRGB channel and alpha, from a at t = 0 to b at t = 1.",
      example: "rect at 10,10 size 40x40 fill=mix(.red, .blue, 0.5)"),
    LibraryFunction(
      name: "point", signature: "point(x, y)", summary: "A point; written `x, y` in new files.",
      example: """
        let corner = point(10, 20)
        rect at corner size 40x40 fill=.blue
        """, isTaught: false),
    LibraryFunction(
      name: "size", signature: "size(width, height)", summary: "A size; written `WxH` in new files.",
      example: """
        let box = size(60, 30)
        rect at 10,10 size box fill=.blue
        """, isTaught: false),
  ]

  /// The functions messages list and suggest: all but `point` and `size`,
  /// kept for old files (issue 21: E0216 listed them as if they were to be used).
  static let documentedFunctionNames = libraryFunctions.filter(\.isTaught).map(\.name)
  /// Every function.
  package static let functionNames = libraryFunctions.map(\.name)

  package static let libraryMembers: [LibraryMember] = [
    LibraryMember(
      name: "opacity", signature: ".opacity(x)", receiver: "colour",
      summary: "The colour with its alpha multiplied by x, 0…1.",
      example: "rect at 10,10 size 40x40 fill=.blue.opacity(0.5)"),
    LibraryMember(
      name: "mix", signature: ".mix(other, t)", receiver: "colour",
      summary: "The colour blended toward another, as `mix(colour, other, t)`.",
      example: "rect at 10,10 size 40x40 fill=.red.mix(.yellow, 0.5)"),
    LibraryMember(
      name: "hue", signature: ".hue", receiver: "colour", summary: "The colour's hue, 0…1.",
      example: "rect at 10,10 size 40x40 fill=hsb(.orange.hue, 0.3, 1)"),
    LibraryMember(
      name: "saturation", signature: ".saturation", receiver: "colour", summary: "The colour's saturation, 0…1.",
      example: "rect at 10,10 size 40x40 fill=hsb(0.5, .teal.saturation, 0.8)"),
    LibraryMember(
      name: "brightness", signature: ".brightness", receiver: "colour", summary: "The colour's brightness, 0…1.",
      example: "rect at 10,10 size 40x40 fill=hsb(0.9, 0.6, .pink.brightness)"),
    LibraryMember(
      name: "alpha", signature: ".alpha", receiver: "colour", summary: "The colour's alpha, 0…1.",
      example: "rect at 10,10 size 40x40 fill=.blue opacity=.blue.opacity(0.4).alpha"),
    LibraryMember(
      name: "count", signature: ".count", receiver: "list or range", summary: "How many items it holds.",
      example: """
        let widths = [10, 20, 30]
        rect at 10,10 size 40x40 fill=.blue rotation=widths.count * 10
        """),
    LibraryMember(
      name: "x", signature: ".x", receiver: "position", summary: "The position's x.",
      example: """
        let corner = (10, 20)
        rect at corner.x, corner.y size 40x40 fill=.blue
        """),
    LibraryMember(
      name: "y", signature: ".y", receiver: "position", summary: "The position's y.",
      example: """
        let corner = (10, 20)
        rect at 10, corner.y + 10 size 40x40 fill=.blue
        """),
    LibraryMember(
      name: "width", signature: ".width", receiver: "size", summary: "The size's width.",
      example: """
        let tile = 40x20
        rect at 10,10 size tile.width x tile.width fill=.blue
        """),
    LibraryMember(
      name: "height", signature: ".height", receiver: "size", summary: "The size's height.",
      example: """
        let tile = 40x20
        rect at 10,10 size 40 x tile.height * 2 fill=.blue
        """),
    LibraryMember(
      name: "reversed", signature: ".reversed()", receiver: "list or range",
      summary: "The items in the opposite order.",
      example: """
        let hues = [0.1, 0.5, 0.9].reversed()
        rect at 10,10 size 40x40 fill=hsb(hues[0], 0.8, 0.9)
        """),
    LibraryMember(
      name: "sorted", signature: ".sorted()", receiver: "list or range",
      summary: "The items in increasing order: numbers, or strings by their Unicode scalars.",
      example: """
        let widths = [30, 10, 20].sorted()
        rect at 10,10 size widths[0] x 40 fill=.blue
        """),
  ]
}
