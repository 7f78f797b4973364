import PencilDiagnostics

/// Codes of the language's names, values, loops, components and imports
/// (E0225–E0239, W0008–W0010), and of its limits (among them E0256–E0259).
package enum LanguageCodes {
  static let unknownName = DiagnosticCode(
    "E0225", .error, "unknown name",
    """
    The name is not a `let`, a loop variable, a parameter, `true`, `false`,
    `pi`, `none` or a colour. A `let` is visible only after its statement.

        let pitch = 72
        rect at 10 + ptch, 0 size 10x10    // error: did you mean 'pitch'?
    """)
  static let invalidRange = DiagnosticCode(
    "E0226", .error, "invalid range",
    """
    A range `a..<b` (b left out) or `a...b` (b included) runs between whole
    numbers, and its end is not before its start.

        for i in 0..<2.5 { rect }    // error: bounds are whole numbers
        for i in 5..<3 { rect }      // error: ends before it starts
    """)
  static let indexOutOfRange = DiagnosticCode(
    "E0227", .error, "index out of range",
    """
    A list of n items is indexed 0 to n-1. The index is known when the file
    is compiled, so the message names the iteration that went past the end.

        let colors = [.red, .blue]
        rect at 0,0 size 10x10 fill=colors[2]   // error: 2 items, indexed 0 to 1
    """)
  static let missingArgument = DiagnosticCode(
    "E0228", .error, "missing argument",
    """
    A component's parameter without a default must be given where the
    component is used.

        component badge(label: String) { text label at 0,12 }
        badge at 0,0 size 40x20                  // error: 'label' is missing
        badge label="New" at 0,0 size 40x20      // ok
    """)
  static let unknownType = DiagnosticCode(
    "E0229", .error, "unknown type",
    """
    Parameter types are Number, Bool, String, Color, Point, Size and
    Gradient, a list of one of them such as [Color], or an optional such as
    Gradient? (which may be `none`).

        component tag(color: Colour) { rect fill=color }   // error: did you mean Color?
    """)
  static let tooManyElements = DiagnosticCode(
    "E0230", .error, "too many elements",
    """
    A file expands to at most 1,000,000 elements (after loops and
    components). The loop or use that crossed the limit is reported, and
    expansion stops there.

        for i in 0..<2000000 { rect at i,0 size 1x1 }   // error
    """)
  static let tooManyIterations = DiagnosticCode(
    "E0231", .error, "too many loop iterations",
    """
    All loops of a file run at most 1,000,000 times in all, nested loops
    counting every inner iteration.

        for i in 0..<1000 { for j in 0..<1001 { … } }   // error
    """)
  static let componentsTooDeep = DiagnosticCode(
    "E0232", .error, "components nested too deeply",
    """
    A component may use components, and itself, up to 64 levels deep; a
    recursion that does not stop there is an error, not a crash.

        component loop() { loop }    // error
    """)
  static let elementsTooDeep = DiagnosticCode(
    "E0245", .error, "elements nested too deeply",
    """
    Elements may nest, through stacks and the bodies of components, up to
    256 levels deep in all. Each part alone has its own limit (64 levels of
    braces in a file, 64 uses of components inside one another); together
    they could nest thousands deep, which would exhaust the compiler's
    stack, so the whole is bounded too.

        component deep(n: Number) {
          if n > 0 { zstack { zstack { zstack { zstack { deep n=n-1 } } } } }
        }
        deep n=60    // error: 300 levels
    """)
  static let importsTooDeep = DiagnosticCode(
    "E0233", .error, "imports nested too deeply",
    """
    A file may import a file that imports another, up to 64 levels deep.

        import "level1.pencil"   // which imports level2.pencil, … level65.pencil: error
    """)
  static let tooManyPathCommands = DiagnosticCode(
    "E0234", .error, "too many path commands",
    """
    One use of a shape generates at most 10,000 path commands.

        shape fine(n: Number = 20000) {
          move 0,0
          for i in 0..<n { line i / n, 1 }     // error for n = 20000
        }
    """)
  static let valueTooLarge = DiagnosticCode(
    "E0256", .error, "value too large",
    """
    A value the file computes holds at most 1,000,000 units: a string one
    per byte of its UTF-8 text, a list one per item plus the units of its
    items, a list nested in another counted each time it appears. Doubling
    a value in a row of `let`s would otherwise take memory and time that
    grow exponentially. The expression that built the value is reported.

        let s0 = "0123456789"
        let s1 = s0 + s0    // … and so on, doubling
        let s17 = s16 + s16   // error: 1,310,720 bytes
    """)
  static let tooMuchValueWork = DiagnosticCode(
    "E0257", .error, "too much work on values",
    """
    All the values one compilation builds, joins and compares, measured
    as for E0256, add up to at most 100,000,000 units: each value is
    bounded, and so is the number of times the file builds or compares
    one. The expression that crossed the limit is reported, and expansion
    stops there.

        let big = [ … a list of 500,000 items … ]
        for i in 0..<1000 { if big == big { rect } }   // error
    """)
  static let listsTooDeep = DiagnosticCode(
    "E0258", .error, "lists nested too deeply",
    """
    A list may hold lists up to 64 levels deep. Deeper values cost the
    compiler a frame of its stack per level wherever they are compared or
    walked.

        let l0 = [1]
        let l1 = [l0]    // … and so on
        let l64 = [l63]  // error: 65 levels
    """)
  static let tooManySteps = DiagnosticCode(
    "E0259", .error, "too many evaluation steps",
    """
    Loops and component bodies take at most 30,000,000 evaluation steps in
    all: each expression evaluated, each statement run and each loop
    iteration is one. A long body run many times would otherwise run for
    minutes within the limits on iterations and elements. The expression
    or statement that crossed the limit is reported, and expansion stops
    there.

        for i in 0..<1000000 {
          let a = i + i + i + i + i + i + i + i + i + i   // error
        }
    """)
  static let importCycle = DiagnosticCode(
    "E0235", .error, "import cycle",
    """
    A file imports itself, directly or through other files. The notes list
    the cycle.

        // a.pencil
        import "b.pencil"
        // b.pencil
        import "a.pencil"    // error: a.pencil → b.pencil → a.pencil
    """)
  static let importUnreadable = DiagnosticCode(
    "E0236", .error, "cannot import the file",
    """
    The imported file does not exist or cannot be read. Paths are relative
    to the importing file (standard input imports relative to the working
    directory, or to --stdin-filename's folder).

        import "palete.pencil"    // error: no such file
    """)
  // E0237 is not used: a component that reads width and height, placed
  // where layout decides its size, is made during layout (DeferredElement).
  static let redeclared = DiagnosticCode(
    "E0238", .error, "name declared twice",
    """
    A name is declared once per block, and a component's parameters have
    different names.

        let x = 1
        let x = 2     // error
    """)
  static let laterParameter = DiagnosticCode(
    "E0239", .error, "parameter default refers to a later parameter",
    """
    A parameter's default may use the parameters before it, not after it.

        component c(a: Color = b, b: Color = .red) { rect fill=a }   // error
        component c(b: Color = .red, a: Color = b) { rect fill=a }   // ok
    """)
  static let unusedLet = DiagnosticCode(
    "W0008", .warning, "unused let",
    """
    A `let` whose name nothing reads. Use it or remove it.

        let pitch = 72           // warning
    """)
  static let shadowedName = DiagnosticCode(
    "W0009", .warning, "name hides another",
    """
    A `let`, loop variable or parameter has the name of one already visible,
    which then cannot be reached. Rename one of them.

        let i = 3
        for i in 0..<2 { rect }   // warning: 'i' hides an earlier name
    """)
  static let importedElements = DiagnosticCode(
    "W0010", .warning, "elements in an imported file are not drawn",
    """
    An imported file lends its `let`s, gradients, shapes and components;
    its canvas and elements are drawn only when it is compiled itself.

        // palette.pencil
        gradient shine hsb leading to trailing { stop b=0.4; stop b=1 }
        rect at 0,0 size 10x10     // warning when palette.pencil is imported
    """)

  package static let all = [
    unknownName, invalidRange, indexOutOfRange, missingArgument, unknownType, tooManyElements, tooManyIterations,
    componentsTooDeep, elementsTooDeep, importsTooDeep, tooManyPathCommands, importCycle, importUnreadable, redeclared,
    laterParameter, unusedLet, shadowedName, importedElements, valueTooLarge, tooMuchValueWork, listsTooDeep,
    tooManySteps,
  ]
}

extension SemaCodes {
  static let unknownName = LanguageCodes.unknownName
  static let invalidRange = LanguageCodes.invalidRange
  static let indexOutOfRange = LanguageCodes.indexOutOfRange
  static let unusedLet = LanguageCodes.unusedLet
  static let shadowedName = LanguageCodes.shadowedName
}
