// What one fuzz input does, shared by the fuzz target (Fuzz/FuzzTarget.swift)
// and FuzzRegressionTests: the render options are read from the input's
// first line, the input is compiled, every diagnostic is printed in every
// format, every backend renders the scene, and every output is checked.
//
// Shared like FuzzChecks.swift (symbolic link in Tests/PencilCoreTests).
//
// The options line is a comment, so the rest stays ordinary pencil:
//
//     //! scale=0.3 columns=7 aspect=0.4 charset=blocks color invert plain paths big
//
// Values outside the command line's ranges are clamped into them (scale
// 0 < s <= 64, columns 1...10000, aspect 0.25...8). To keep executions
// fast, pictures that would be rendered (not refused) are shrunk to a
// budget: a smaller scale for PNG and PPM (4096 pixels, or 131072 with
// `big`), fewer columns and taller cells for ASCII (1024 cells, or 4096).
// Pictures that would be refused keep their size, so refusals are tested.

#if !PENCIL_FUZZER
  import PencilDiagnostics
  @testable import PencilIR
  @testable import PencilSema
  @testable import PencilCore
  @testable import PencilASCII
  import PencilOutput
  @testable import PencilSVG
#endif

enum FuzzHarness {
  struct Settings {
    var render = RenderFlags()
    /// Raster pixels above which a PNG or PPM picture is shrunk.
    var pixelBudget = 1 << 12
    /// Text cells (4 × 8 pixels each) above which an ASCII picture is shrunk.
    var cellBudget = 1 << 10
  }

  /// The render options written on the first line, clamped to the CLI's ranges.
  static func options(from bytes: [UInt8]) -> RenderFlags { settings(from: bytes).render }

  /// The options and budgets written on the first line.
  static func settings(from bytes: [UInt8]) -> Settings {
    var settings = Settings()
    let marker = Array("//!".utf8)
    guard bytes.count >= marker.count, Array(bytes[0..<marker.count]) == marker else { return settings }
    let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let line = String(decoding: bytes[marker.count..<end], as: UTF8.self)
    for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      // A word of only '=' (the dictionary's " == ") has no parts at all.
      guard let key = parts.first else { continue }
      let value = parts.count > 1 ? parts[1] : ""
      let number = Double(value).flatMap { $0.isFinite ? $0 : nil }
      switch key {
      case "scale": if let number, number > 0 { settings.render.scale = min(number, 64) }
      case "columns":
        if let number { settings.render.columns = Int(min(max(number.rounded(.down), 1), 10_000)) }
      case "aspect", "cellAspect": if let number { settings.render.cellAspect = min(max(number, 0.25), 8) }
      case "charset": settings.render.charset = value == "blocks" ? .blocks : .ascii
      case "color": settings.render.color = value != "0"
      case "invert": settings.render.invert = value != "0"
      case "plain": settings.render.plainPPM = value != "0"
      case "paths": settings.render.textAsPaths = value != "0"
      case "big":
        if value != "0" {
          settings.pixelBudget = 1 << 17
          settings.cellBudget = 1 << 12
        }
      default: break
      }
    }
    return settings
  }

  /// The raster picture's size as documented: viewport × scale, rounded up.
  static func pixelSize(_ scene: Scene, scale: Double) -> (width: Double, height: Double) {
    ((scene.viewport.width * scale - 1e-9).rounded(.up), (scene.viewport.height * scale - 1e-9).rounded(.up))
  }

  enum Expectation {
    case pixels(width: Int, height: Int)
    case refused(code: String)
  }

  static func rasterExpectation(_ scene: Scene, scale: Double) -> Expectation {
    let (width, height) = pixelSize(scene, scale: scale)
    guard width >= 1, height >= 1 else { return .refused(code: "E0302") }
    guard width <= 100_000, height <= 100_000, width * height <= 100_000_000 else { return .refused(code: "E0301") }
    return .pixels(width: Int(width), height: Int(height))
  }

  /// The scale actually used: the given one, or a smaller one when the
  /// picture would be rendered but is larger than the budget.
  static func fittedScale(_ scene: Scene, _ scale: Double, budget: Int) -> Double {
    guard case .pixels(let width, let height) = rasterExpectation(scene, scale: scale), width * height > budget
    else { return scale }
    return scale * (Double(budget) / Double(width * height)).squareRoot()
  }

  /// Text rows as the README describes them, in floating point.
  static func asciiRows(_ scene: Scene, columns: Int, cellAspect: Double) -> Double {
    let cellWidth = scene.viewport.width / Double(columns)
    return max(1, (scene.viewport.height / (cellWidth * cellAspect)).rounded())
  }

  /// Columns and cell aspect actually used, or nil to skip the ASCII
  /// backend (a picture too slow to draw that would not be refused).
  static func fittedASCII(_ scene: Scene, _ options: RenderFlags, budget cellBudget: Int) -> RenderFlags? {
    let box = scene.viewport
    guard box.width > 0, box.height > 0 else { return options }
    let cells = Double(options.columns) * asciiRows(scene, columns: options.columns, cellAspect: options.cellAspect)
    let budget = Double(cellBudget)
    guard cells.isFinite, cells <= Double(ASCIIBackend.maximumCells), cells > budget else { return options }
    var fitted = options
    // cells ≈ columns² × height / (width × aspect)
    let columns = (budget * box.width * options.cellAspect / box.height).squareRoot().rounded(.down)
    fitted.columns = Int(min(max(columns, 1), Double(options.columns)))
    for aspect in [options.cellAspect, 2, 8] where aspect >= options.cellAspect {
      fitted.cellAspect = aspect
      let rows = asciiRows(scene, columns: fitted.columns, cellAspect: aspect)
      if Double(fitted.columns) * rows <= budget * 4 { return fitted }
    }
    return nil
  }

  /// Runs one input through everything; returns the invariants it breaks.
  static func check(_ bytes: [UInt8], name: String = "fuzz.pencil") -> [String] {
    var failures: [String] = []
    let source = SourceFile(name: name, bytes: bytes)
    let settings = settings(from: bytes)
    let requested = settings.render
    // Adaptive: a picture with colours per appearance is compiled in both
    // (the dark one on a second thread) and its SVG carries both.
    let compilation = Pencil.compile(source, dumpSyntax: true, importer: nil, limits: .fuzzing, appearance: nil)
    failures += checkDiagnostics(compilation.diagnostics, in: source, phase: "compile")
    let hasErrors = compilation.diagnostics.contains { $0.severity == .error }
    if hasErrors != (compilation.scene == nil) {
      failures.append("compile: errors \(hasErrors) but scene \(compilation.scene == nil ? "nil" : "present")")
    }
    failures += checkFormatter(source, compiled: compilation)
    failures += checkEditorQueries(source, compiled: compilation)
    failures += checkSplice(source)
    guard let scene = compilation.scene else { return failures }
    _ = IRPrinter.print(scene)
    for format in OutputFormat.allCases.map(\.name) {
      var options = requested
      switch format {
      case "png", "ppm": options.scale = fittedScale(scene, requested.scale, budget: settings.pixelBudget)
      case "ascii":
        guard let fitted = fittedASCII(scene, requested, budget: settings.cellBudget) else { continue }
        options = fitted
      default: break
      }
      var diagnostics: [Diagnostic] = []
      guard let backend = options.backend(format) else { continue }
      let output = Pencil.render(scene, with: backend, diagnostics: &diagnostics)
      let label = "\(backend.name) (scale \(options.scale), columns \(options.columns), aspect \(options.cellAspect))"
      failures += checkDiagnostics(diagnostics, in: source, phase: label)
      let errors = diagnostics.filter { $0.severity == .error }.map(\.code.id)
      if (output == nil) == errors.isEmpty {
        failures.append("\(label): output \(output == nil ? "nil" : "present") with errors \(errors)")
      }
      failures += checkOutput(output, errors: errors, backend: backend.name, scene: scene, options: options)
        .map { "\(label): \($0)" }
      if backend.name == "svg", let output {
        failures += checkStreamedSVG(scene, options: options, whole: output)
      }
    }
    return failures
  }

  /// What a backend must do with a scene: draw a picture of this many
  /// pixels (for ASCII: text rows), or refuse with this error.
  static func expectation(_ backend: String, _ scene: Scene, _ options: RenderFlags) -> Expectation? {
    switch backend {
    case "png", "ppm": return rasterExpectation(scene, scale: options.scale)
    case "ascii":
      guard scene.viewport.width > 0, scene.viewport.height > 0 else { return .refused(code: "E0302") }
      let rows = asciiRows(scene, columns: options.columns, cellAspect: options.cellAspect)
      guard rows.isFinite, Double(options.columns) * rows <= Double(ASCIIBackend.maximumCells) else {
        return .refused(code: "E0301")
      }
      return .pixels(width: options.columns, height: Int(rows))
    // An SVG of no area is refused too, as every format refuses it.
    case "svg" where !(scene.viewport.width > 0 && scene.viewport.height > 0): return .refused(code: "E0302")
    default: return nil
    }
  }

  static func checkOutput(
    _ output: [UInt8]?, errors: [String], backend: String, scene: Scene, options: RenderFlags
  ) -> [String] {
    var size: (width: Int, height: Int)? = nil
    switch expectation(backend, scene, options) {
    case .refused(let code)?:
      return output == nil && errors == [code] ? [] : ["expected refusal \(code), got errors \(errors)"]
    case .pixels(let width, let height)?: size = (width, height)
    case nil: break
    }
    guard let output else { return ["no output (errors \(errors))"] }
    guard !output.isEmpty else { return ["empty output"] }
    var problem: String? = nil
    switch (backend, size) {
    case ("svg", _): problem = FuzzXML.check(output)
    case ("png", let size?):
      problem = FuzzChecks.png(output, width: size.width, height: size.height, inflateLimit: 1 << 20)
    case ("ppm", let size?):
      problem = FuzzChecks.ppm(output, width: size.width, height: size.height, plain: options.plainPPM)
    case ("ascii", let size?):
      problem = FuzzChecks.ascii(output, rows: size.height, charset: options.charset, color: options.color)
    default: break
    }
    return problem.map { [$0] } ?? []
  }

  /// The SVG streamed in blocks, as the command line writes it, is the
  /// same document as the one returned whole.
  static func checkStreamedSVG(_ scene: Scene, options: RenderFlags, whole: [UInt8]) -> [String] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    var diagnostics: [Diagnostic] = []
    let ok = OutputFormat.svg.backend(options).render(scene, diagnostics: &diagnostics) { sink.bytes += $0 }
    guard ok else { return ["svg: streaming failed"] }
    return sink.bytes == whole ? [] : ["svg: streamed \(sink.bytes.count) bytes differ from the whole \(whole.count)"]
  }

  /// Ranges inside the input; every format prints; short is one line;
  /// JSON is one line of one valid JSON object.
  static func checkDiagnostics(_ diagnostics: [Diagnostic], in source: SourceFile, phase: String) -> [String] {
    var failures: [String] = []
    let count = source.bytes.count
    // The fuzzed input imports nothing: every diagnostic is in it.
    let files = SourceFiles(main: source)
    for (index, diagnostic) in diagnostics.enumerated() {
      let id = "\(phase): \(diagnostic.code.id) '\(diagnostic.message)'"
      var ranges = [diagnostic.range]
      ranges += diagnostic.notes.compactMap(\.range)
      ranges += diagnostic.fixes.flatMap { $0.edits.map(\.range) }
      for range in ranges where !(0 <= range.start && range.start <= range.end && range.end <= count) {
        failures.append("\(id): range \(range.start)..<\(range.end) outside the input of \(count) bytes")
      }
      if diagnostic.code.id == "E0009", FuzzChecks.startsValidUTF8(source.bytes, at: diagnostic.range.start) {
        failures.append("\(id): reported at byte \(diagnostic.range.start), which starts valid UTF-8")
      }
      // With and without ANSI colours, alternately: printing is most of
      // the work for inputs with many diagnostics.
      let human = DiagnosticPrinter.human(diagnostic, in: files, colors: index % 2 == 1)
      if human.utf8.last != 0x0A { failures.append("\(id): human output does not end with a newline") }
      let short = Array(DiagnosticPrinter.short(diagnostic, in: files).utf8)
      if short.last != 0x0A || short.dropLast().contains(0x0A) {
        failures.append("\(id): short output is not one line")
      }
      let json = Array(DiagnosticPrinter.json(diagnostic, in: files).utf8)
      if json.last != 0x0A || json.dropLast().contains(0x0A) { failures.append("\(id): JSON is not one line") }
      if let problem = FuzzChecks.json(Array(json.dropLast())) { failures.append("\(id): \(problem)") }
      if json.first != UInt8(ascii: "{") { failures.append("\(id): JSON line is not an object") }
    }
    let summary = Array(DiagnosticPrinter.jsonSummary(files: 1, errors: 0, warnings: 0, others: 0).utf8.dropLast())
    if let problem = FuzzChecks.json(summary) { failures.append("summary: \(problem)") }
    return failures
  }
}
