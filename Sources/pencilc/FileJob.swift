import PencilCore
import PencilDiagnostics
import PencilIR
import PencilOutput
import PencilSyntax
import PencilWorld

/// What every job of one run shares: the parsed options and how
/// diagnostics are printed. Read-only once jobs start.
struct JobSettings {
  let options: Options
  let diagnosticFormat: DiagnosticFormat
  let colors: Bool
  /// How SARIF names files, relative to the working directory.
  var sarifPaths = SARIFPaths(workingDirectory: nil)
  /// With `--watch`, told every imported file.
  var importRecorder: ImportRecorder? = nil

  /// JSON and SARIF are read by tools from standard output, which then
  /// carries nothing else: no picture, syntax tree or IR.
  var diagnosticsOnStandardOutput: Bool { diagnosticFormat == .json || diagnosticFormat == .sarif }
}

/// Compiles one input file and writes its output. Jobs for different
/// inputs may run at once on different threads: a job shares nothing
/// mutable with another, prints only through `OrderedOutput`, and writes
/// standard output only after waiting for its turn.
struct FileJob {
  let settings: JobSettings
  let index: Int
  let output: OrderedOutput
  private(set) var tally = Tally()

  init(settings: JobSettings, index: Int, output: OrderedOutput) {
    self.settings = settings
    self.index = index
    self.output = output
  }

  private var options: Options { settings.options }
  private var diagnosticFormat: DiagnosticFormat { settings.diagnosticFormat }

  private mutating func fail(_ newStatus: Int32) { tally.status = max(tally.status, newStatus) }

  private func emit(_ text: String, json: Bool) {
    output.emit(text, to: json ? 1 : 2, job: index)
  }

  /// Prints a problem outside any source text; in SARIF it is kept as a
  /// notification of the invocation.
  private mutating func reportFailure(_ code: DiagnosticCode, _ message: String, file: String? = nil) {
    tally.errors += 1
    if diagnosticFormat == .sarif {
      tally.sarifNotifications.append(SARIFWriter.notification(code, message, file: file, paths: settings.sarifPaths))
    } else {
      emit(
        DiagnosticPrinter.failure(code, message, file: file, format: diagnosticFormat), json: diagnosticFormat == .json)
    }
  }

  /// Reports a failed read or write; too large an input is a problem of
  /// the input (status 1), the others of the environment (status 2).
  private mutating func report(_ failure: IOFailure, file: String) {
    reportFailure(failure.code, failure.message, file: file)
    fail(failure.exitStatus)
  }

  mutating func compile(_ input: String) {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(
        input, limit: SourceFile.maximumSize, displayName: input == "-" ? options.stdinFilename : nil)
    } catch {
      report(
        error as? IOFailure ?? IOFailure(code: DriverCodes.unreadable, message: "\(error)"),
        file: input == "-" ? options.stdinFilename : input)
      return
    }
    let source = SourceFile(name: input == "-" ? options.stdinFilename : input, bytes: bytes)
    // Only an SVG picture can carry both appearances.
    let adapts = options.emit == nil && !options.check && options.outputFormat == .svg
    let world = World(main: source, anonymousInput: "<stdin>", watched: settings.importRecorder != nil)
    let compilation = Pencil.compile(
      source, dumpSyntax: options.emit == .ast, importer: world,
      appearance: options.appearance ?? (adapts ? nil : .light))
    settings.importRecorder?.add(world.watchList)
    // An SVG that keeps text as text is drawn in the viewer's fonts: a
    // character the built-in font lacks (W0006) does not matter there.
    let keepsText = adapts && !options.render.textAsPaths
    report(compilation.diagnostics.filter { !(keepsText && $0.code.id == "W0006") }, in: compilation.files)
    if let dump = compilation.astDump {
      write(Array(dump.utf8), for: input, fileExtension: "ast")
    }
    if options.emit == .tree {
      // The parse the editor queries read; its diagnostics are the compilation's.
      var parseDiagnostics = DiagnosticList()
      let tree = SyntaxTree.parse(source, diagnostics: &parseDiagnostics)
      write(Array(SyntaxTreePrinter.print(tree).utf8), for: input, fileExtension: "tree")
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
    guard options.emit == nil, let format = options.outputFormat else { return }
    let backend = format.backend(options.render)
    if backend.writesBinary, options.output == nil, options.inputs.count == 1, FileIO.isTerminal(1) {
      reportFailure(
        DriverCodes.usage, "not writing \(backend.name.uppercased()) to a terminal; use -o FILE or redirect the output")
      fail(2)
      return
    }
    render(scene, with: backend, source: source, input: input)
  }

  /// Renders straight into the output, block by block, so a large SVG is
  /// never held in memory whole; a file output is only put in place when
  /// complete, and removed when rendering fails.
  private mutating func render(_ scene: Scene, with backend: any Backend, source: SourceFile, input: String) {
    var backendDiagnostics: [Diagnostic] = []
    let path = outputPath(for: input, fileExtension: backend.fileExtensions[0])
    if path == nil, settings.diagnosticsOnStandardOutput {
      // stdout belongs to the diagnostics: render only to report problems.
      let rendered = Pencil.render(scene, with: backend, diagnostics: &backendDiagnostics) { _ in }
      report(backendDiagnostics, in: SourceFiles(main: source))
      if !rendered { fail(1) }
      return
    }
    // The picture goes to standard output between this job's diagnostics
    // and after every earlier job's, as when the jobs run one by one.
    if path == nil { output.waitForTurn(index) }
    do {
      let file = try path.map { try OutputFile(path: $0, origin: outputOrigin) }
      var failure: IOFailure? = nil
      let rendered = Pencil.render(scene, with: backend, diagnostics: &backendDiagnostics) { bytes in
        if let file {
          file.write(bytes)
        } else if failure == nil {
          do { try FileIO.writeAll(bytes, to: 1, name: "standard output") } catch { failure = error as? IOFailure }
        }
      }
      report(backendDiagnostics, in: SourceFiles(main: source))
      guard rendered else {
        file?.discard()
        fail(1)
        return
      }
      try file?.commit()
      if let failure { throw failure }
    } catch {
      report(error as? IOFailure ?? IOFailure(code: DriverCodes.unwritable, message: "\(error)"), file: path ?? input)
    }
  }

  /// Backends report in the compiled file only: `files` is it alone then.
  private mutating func report(_ diagnostics: [Diagnostic], in files: SourceFiles) {
    for diagnostic in diagnostics {
      switch diagnostic.severity {
      case .error: tally.errors += 1
      case .warning: tally.warnings += 1
      case .info, .hint: tally.others += 1
      }
      switch diagnosticFormat {
      case .human: emit(DiagnosticPrinter.human(diagnostic, in: files, colors: settings.colors), json: false)
      case .short: emit(DiagnosticPrinter.short(diagnostic, in: files), json: false)
      case .json: emit(DiagnosticPrinter.json(diagnostic, in: files), json: true)
      case .sarif:
        tally.sarifResults.append(SARIFWriter.result(diagnostic, in: files, paths: settings.sarifPaths))
      }
    }
  }

  /// Where an output goes: `-o`, else beside each input when there are
  /// several, else nil for standard output.
  static func outputPath(for input: String, fileExtension: String, options: Options) -> String? {
    if let output = options.output { return output }
    guard options.inputs.count > 1, input != "-" else { return nil }
    let base = input.hasSuffix(".pencil") ? String(input.dropLast(".pencil".count)) : input
    return "\(base).\(fileExtension)"
  }

  /// `-o` was typed; a path beside an input was not, so nothing but a
  /// regular file there is replaced.
  private var outputOrigin: OutputTarget.Origin { options.output == nil ? .beside : .named }

  private func outputPath(for input: String, fileExtension: String) -> String? {
    FileJob.outputPath(for: input, fileExtension: fileExtension, options: options)
  }

  /// Writes a text output (the syntax tree or the IR) where a picture would go.
  /// In JSON and SARIF mode stdout belongs to diagnostics, so it is written only to a file.
  private mutating func write(_ bytes: [UInt8], for input: String, fileExtension: String) {
    let path = outputPath(for: input, fileExtension: fileExtension)
    do {
      if let path {
        let file = try OutputFile(path: path, origin: outputOrigin)
        bytes.withUnsafeBufferPointer { file.write($0) }
        try file.commit()
      } else if !settings.diagnosticsOnStandardOutput {
        output.waitForTurn(index)
        try FileIO.writeStandardOutput(bytes)
      }
    } catch {
      report(error as? IOFailure ?? IOFailure(code: DriverCodes.unwritable, message: "\(error)"), file: path ?? input)
    }
  }
}
