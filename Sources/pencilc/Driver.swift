import PencilCore

/// Runs one invocation: compiles every input, prints diagnostics, writes
/// outputs and returns the exit status.
struct Driver {
  let options: Options
  let diagnosticFormat: DiagnosticFormat
  let colors: Bool
  var errors = 0
  var warnings = 0
  var others = 0
  var status: Int32 = 0

  init(options: Options) {
    var options = options
    let terminal = FileIO.isTerminal(2)
    diagnosticFormat = options.diagnosticFormat ?? (terminal ? .human : .short)
    let noColor = !(FileIO.environment("NO_COLOR").map(\.isEmpty) ?? true)
    colors = terminal && !noColor
    // ASCII output follows the terminal it is printed on, when it is.
    let toTerminal = options.output == nil && FileIO.isTerminal(1)
    switch options.colorChoice {
    case .always: options.render.color = true
    case .never: options.render.color = false
    case .auto: options.render.color = toTerminal && !noColor
    }
    if !options.columnsGiven, toTerminal, let width = FileIO.terminalColumns(), width < options.render.columns {
      options.render.columns = max(1, width)
    }
    self.options = options
  }

  mutating func run() -> Int32 {
    for input in options.inputs { compile(input) }
    if diagnosticFormat == .json {
      emit(
        DiagnosticPrinter.jsonSummary(files: options.inputs.count, errors: errors, warnings: warnings, others: others),
        json: true)
    }
    return status
  }

  private mutating func fail(_ newStatus: Int32) { status = max(status, newStatus) }

  private func emit(_ text: String, json: Bool) {
    if json {
      try? FileIO.writeStandardOutput(Array(text.utf8))
    } else {
      FileIO.writeStandardError(text)
    }
  }

  private mutating func compile(_ input: String) {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(input)
    } catch {
      FileIO.writeStandardError("pencilc: error: \((error as? IOFailure)?.message ?? "\(error)")\n")
      fail(2)
      return
    }
    let source = SourceFile(name: input == "-" ? options.stdinFilename : input, bytes: bytes)
    let compilation = Pencil.compile(source, dumpSyntax: options.emit == .ast)
    report(compilation.diagnostics, in: source)
    if let dump = compilation.astDump {
      write(Array(dump.utf8), for: input, fileExtension: "ast")
    }
    guard let scene = compilation.scene else {
      fail(1)
      return
    }
    if options.check { return }
    if options.emit == .ir {
      write(Array(IRPrinter.print(scene).utf8), for: input, fileExtension: "ir")
      return
    }
    // Options.parse has made sure there is a backend unless --emit was given.
    guard options.emit == nil, let backend = options.backend else { return }
    if backend.writesBinary(options.render), options.output == nil, options.inputs.count == 1, FileIO.isTerminal(1) {
      FileIO.writeStandardError(
        "pencilc: error: not writing \(backend.name.uppercased()) to a terminal; use -o FILE or redirect the output\n")
      fail(2)
      return
    }
    var backendDiagnostics: [Diagnostic] = []
    let output = Pencil.render(scene, with: backend, options: options.render, diagnostics: &backendDiagnostics)
    report(backendDiagnostics, in: source)
    guard let output else {
      fail(1)
      return
    }
    write(output, for: input, fileExtension: backend.fileExtensions[0])
  }

  private mutating func report(_ diagnostics: [Diagnostic], in source: SourceFile) {
    for diagnostic in diagnostics {
      switch diagnostic.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info, .hint: others += 1
      }
      switch diagnosticFormat {
      case .human: emit(DiagnosticPrinter.human(diagnostic, in: source, colors: colors), json: false)
      case .short: emit(DiagnosticPrinter.short(diagnostic, in: source), json: false)
      case .json: emit(DiagnosticPrinter.json(diagnostic, in: source), json: true)
      }
    }
  }

  /// Where an output goes: `-o`, else stdout for one input, else beside
  /// each input. In JSON mode stdout belongs to diagnostics, so a picture
  /// is written only to a file.
  private mutating func write(_ bytes: [UInt8], for input: String, fileExtension: String) {
    var path = options.output
    if path == nil, options.inputs.count > 1, input != "-" {
      let base = input.hasSuffix(".pencil") ? String(input.dropLast(".pencil".count)) : input
      path = "\(base).\(fileExtension)"
    }
    do {
      if let path {
        try FileIO.writeAtomically(bytes, to: path)
      } else if diagnosticFormat != .json {
        try FileIO.writeStandardOutput(bytes)
      }
    } catch {
      FileIO.writeStandardError("pencilc: error: \((error as? IOFailure)?.message ?? "\(error)")\n")
      fail(2)
    }
  }
}
