import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilLayout
import PencilSema
import PencilSupport
import PencilSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long one phase of a compilation took.
public struct PhaseTiming: Sendable {
  public var phase: String
  public var seconds: Double
}

/// The result of compiling one source file up to the shape IR.
public struct Compilation {
  /// The compiled file and the files its imports read, by the ids the
  /// diagnostics carry.
  public let files: SourceFiles
  /// Sorted by position.
  public let diagnostics: [Diagnostic]
  /// The picture; nil when the source has errors.
  public let scene: Scene?
  /// Parsing and checking (interleaved, statement by statement), then lowering.
  public let timings: [PhaseTiming]
  /// The syntax tree as indented text (`pencilc --emit ast`), when asked for.
  public let astDump: String?

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  /// The compiled file.
  public var source: SourceFile { files.main }
}

/// The library's entry point.
public enum Pencil {
  public static let version = "0.1.0"

  /// Runs every phase up to the shape IR. Never fails: problems are in
  /// `diagnostics`, and `scene` is nil when any of them is an error. The
  /// syntax tree is freed after checking, so later phases reuse its memory,
  /// unless `dumpSyntax` asks for it as text.
  /// `importer` reads the files `import` names; without one, an `import`
  /// is an error.
  ///
  /// `appearance` picks the values of colours that have one per appearance
  /// (`.systemBackground`, `color NAME light=… dark=…`). nil asks for a
  /// picture that adapts: the scene is in light, with its dark colours in
  /// `Scene.dark` when any colour depends on the appearance (compiled on a
  /// second thread, which may call `importer` too). A canvas's
  /// `appearance=` fixes it for its scene, whatever is asked.
  public static func compile(
    _ source: SourceFile, dumpSyntax: Bool = false, importer: (any ImportLoader)? = nil,
    appearance: Appearance? = .light
  ) -> Compilation {
    compile(source, dumpSyntax: dumpSyntax, importer: importer, limits: .standard, appearance: appearance)
  }

  /// With other expansion limits (the fuzzer's). `separateDark` compiles
  /// an adaptive picture's dark appearance on its own, as when a value
  /// other than a colour is computed from an adaptive colour (tests
  /// compare the two ways).
  package static func compile(
    _ source: SourceFile, dumpSyntax: Bool, importer: (any ImportLoader)?, limits: ExpansionBudget.Limits,
    appearance: Appearance? = .light, separateDark: Bool = false, names: NameRecorder? = nil
  ) -> Compilation {
    // An adaptive picture is compiled once, its colours carrying their
    // dark values (AdaptivePalette). Only when a value of another kind is
    // computed from an adaptive colour is the dark picture compiled on
    // its own, on a second thread from that moment (from its own copy of
    // the source, whose position caches are not shared); it is dropped if
    // the light one turns out to have errors or a canvas that fixes the
    // appearance.
    var darkWork: BackgroundWork<Checked>? = nil
    let startDark = {
      let copy = SourceFile(name: source.name, bytes: source.bytes)
      darkWork = BackgroundWork {
        compileOnce(copy, dumpSyntax: false, importer: importer, limits: limits, appearance: .dark)
      }
    }
    let palette = appearance == nil ? AdaptivePalette() : nil
    palette?.onFirstLeak = startDark
    if separateDark { palette?.use(adaptive: true) }
    let first = compileOnce(
      source, dumpSyntax: dumpSyntax, importer: importer, limits: limits, appearance: appearance ?? .light,
      palette: palette, names: names)
    let darkResult = darkWork?.join()
    // Checking found what the picture depends on: compile again only when
    // the canvas fixes another appearance.
    if let fixed = first.canvasAppearance, fixed != (appearance ?? .light) {
      return compileOnce(
        source, dumpSyntax: dumpSyntax, importer: importer, limits: limits, appearance: fixed
      ).compilation
    }
    guard let palette, first.canvasAppearance == nil, first.dependsOnAppearance, var adaptive = first.compilation.scene
    else {
      return first.compilation
    }
    let compilation = first.compilation
    guard let dark = darkResult else {
      var variant = AppearanceVariant(background: nil, palette: palette.darkValues.map(IRColor.init))
      variant.background = adaptive.background.map(variant.dark)
      adaptive.dark = variant
      return Compilation(
        files: compilation.files, diagnostics: compilation.diagnostics, scene: adaptive,
        timings: compilation.timings, astDump: compilation.astDump)
    }
    guard let darkScene = dark.compilation.scene else { return compilation }
    var diagnostics = compilation.diagnostics
    if let difference = AppearanceVariant.firstDifference(adaptive, darkScene) {
      // Not only its colours change: the SVG cannot carry both.
      diagnostics.insert(
        difference,
        at: diagnostics.firstIndex { $0.file == .main && $0.range > difference.range } ?? diagnostics.endIndex
      )
    } else {
      adaptive.dark = AppearanceVariant(background: darkScene.background, items: darkScene.items)
    }
    return Compilation(
      files: compilation.files, diagnostics: diagnostics, scene: adaptive,
      timings: compilation.timings
        + dark.compilation.timings.map { PhaseTiming(phase: $0.phase + " (dark)", seconds: $0.seconds) },
      astDump: compilation.astDump)
  }

  /// One compilation in one appearance, and what its checking found.
  private struct Checked {
    var compilation: Compilation
    var dependsOnAppearance = false
    var canvasAppearance: Appearance? = nil
    var hasErrors = false
  }

  private static func compileOnce(
    _ source: SourceFile, dumpSyntax: Bool, importer: (any ImportLoader)?, limits: ExpansionBudget.Limits,
    appearance: Appearance, palette: AdaptivePalette? = nil, names: NameRecorder? = nil
  ) -> Checked {
    var diagnostics = DiagnosticList()
    guard source.bytes.count <= SourceFile.maximumSize else {
      let diagnostic = Diagnostic(
        DriverCodes.inputTooLarge, SourceRange(0, 0),
        "the input is \(source.bytes.count) bytes; pencilc compiles at most \(SourceFile.maximumSize) bytes (128 MiB)")
      return Checked(
        compilation: Compilation(
          files: SourceFiles(main: source), diagnostics: [diagnostic], scene: nil, timings: [], astDump: nil))
    }
    var timings: [PhaseTiming] = []
    var clock = monotonicSeconds()
    func lap(_ phase: String) {
      let now = monotonicSeconds()
      timings.append(PhaseTiming(phase: phase, seconds: now - clock))
      clock = now
    }
    // Each statement is checked as soon as it is parsed and its syntax
    // tree dropped (see CheckSession); only --emit ast keeps them all.
    let context = ImportContext(loader: importer)
    context.appearance = appearance
    context.palette = palette
    context.names = names
    var session = CheckSession(source: source, diagnostics: DiagnosticList(), imports: context, limits: limits)
    var statements: [Statement] = []
    Parser.parse(source, diagnostics: &diagnostics) { statement in
      if dumpSyntax { statements.append(statement) }
      session.add(statement)
    }
    var checkDiagnostics = DiagnosticList()
    var model = session.finish(diagnostics: &checkDiagnostics)
    diagnostics.absorb(checkDiagnostics)
    let astDump = dumpSyntax ? ASTPrinter.print(SourceUnit(statements: statements)) : nil
    lap("parse and check")
    var scene: Scene? = nil
    if !diagnostics.hasErrors {
      scene = Lowering.lower(
        &model, diagnostics: &diagnostics, layoutBudget: limits.layoutAnswers, palette: palette)
      // A component laid out by a stack is made during layout (see
      // DeferredElement): its problems come now, and a picture with them is none.
      if diagnostics.hasErrors { scene = nil }
      scene?.sources = SceneSources(files: context.files)
    }
    lap("lower")
    let compilation = Compilation(
      files: context.files, diagnostics: diagnostics.sortedWithSummary(in: context.files), scene: scene,
      timings: timings, astDump: astDump)
    return Checked(
      compilation: compilation, dependsOnAppearance: context.dependsOnAppearance,
      canvasAppearance: model.canvas?.appearance, hasErrors: diagnostics.hasErrors)
  }

  /// Renders a compiled scene with a backend. Backend diagnostics (such as
  /// a picture too large to rasterize) are appended to `diagnostics`;
  /// the result is nil when one of them is an error.
  public static func render(
    _ scene: Scene, with backend: any Backend, diagnostics: inout [Diagnostic]
  ) -> [UInt8]? {
    var found: [Diagnostic] = []
    let bytes = backend.render(scene, diagnostics: &found)
    diagnostics += DiagnosticList.capped(found)
    return bytes
  }

  /// Renders a compiled scene, handing the bytes to `write` in blocks as
  /// they are made (the SVG backend never holds the whole document).
  /// Returns false, having written nothing, when a backend diagnostic is
  /// an error.
  public static func render(
    _ scene: Scene, with backend: any Backend, diagnostics: inout [Diagnostic],
    write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    var found: [Diagnostic] = []
    let rendered = backend.render(scene, diagnostics: &found, write: write)
    diagnostics += DiagnosticList.capped(found)
    return rendered
  }
}

/// Seconds on a monotonic clock.
func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
