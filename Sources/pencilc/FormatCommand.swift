import PencilCore
import PencilDiagnostics
import PencilSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pencilc fmt [--check] FILE…|-`: a thin shell around
/// `SourceFormatter.format`. A file is rewritten only when its text
/// changes, through a temporary file renamed over it (`OutputFile`), with
/// its permissions kept; one with syntax errors is reported and left alone.
/// With `--diagnostic-format sarif` the run writes one SARIF log at the
/// end, as the compiler does: one `run` whose results are every refused
/// file's syntax errors in input order, and whose notifications are the
/// files that could not be read or written.
struct FormatCommand {
  var check = false
  var files: [String] = []
  var stdinFilename = "<stdin>"
  var diagnosticFormat: DiagnosticFormat?
  var showHelp = false
  /// The SARIF log's parts, gathered over the files.
  private let sarif = SARIFParts()

  final class SARIFParts {
    var results: [String] = []
    var notifications: [String] = []
    lazy var paths = SARIFPaths(workingDirectory: FileIO.workingDirectory())
  }

  static let usage = "usage: pencilc fmt [--check] FILE...|- (to compile a file named fmt, write ./fmt)"

  static func run(_ arguments: [String]) -> Int32 {
    do {
      return try parse(arguments).run()
    } catch {
      let message = (error as? UsageError)?.message ?? "\(error)"
      // As for the compiler: a tool reading SARIF gets a log with the
      // usage error as a notification.
      if Options.machineReadableFormat(arguments) == .sarif {
        let notification = SARIFWriter.notification(
          DriverCodes.usage, message, paths: SARIFPaths(workingDirectory: nil))
        let log = SARIFWriter.document(results: [], notifications: [notification], exitCode: 2)
        try? FileIO.writeStandardOutput(Array(log.utf8))
        return 2
      }
      FileIO.writeStandardError(
        DiagnosticPrinter.failure(DriverCodes.usage, message, format: .short) + "Run 'pencilc --help' for usage.\n")
      return 2
    }
  }

  static func parse(_ arguments: [String]) throws -> FormatCommand {
    var command = FormatCommand()
    var index = 0
    var onlyFiles = false
    func value(_ flag: String) throws -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
        command.files.append(argument)
      } else {
        switch argument {
        case "--": onlyFiles = true
        case "--check": command.check = true
        case "-h", "--help": command.showHelp = true
        case "--stdin-filename": command.stdinFilename = try value(argument)
        case "--diagnostic-format":
          let word = try value(argument)
          guard let format = DiagnosticFormat(rawValue: word) else {
            throw UsageError(message: "--diagnostic-format takes human, short, json or sarif, not '\(word)'")
          }
          command.diagnosticFormat = format
        default: throw UsageError(message: "unknown option '\(argument)' for fmt; \(usage)")
        }
      }
      index += 1
    }
    guard !command.files.isEmpty || command.showHelp else { throw UsageError(message: "no input files; \(usage)") }
    guard command.files.filter({ $0 == "-" }).count <= 1 else {
      throw UsageError(message: "standard input can be read only once")
    }
    // Standard output holds the SARIF log alone.
    if command.diagnosticFormat == .sarif, !command.check, command.files.contains("-") {
      throw UsageError(
        message: "fmt - writes the formatted text on standard output, where the SARIF log goes; use --check")
    }
    return command
  }

  func run() -> Int32 {
    if showHelp {
      try? FileIO.writeStandardOutput(Array(Options.help.utf8))
      return 0
    }
    let terminal = FileIO.isTerminal(2)
    let format = diagnosticFormat ?? (terminal ? .human : .short)
    let colors = terminal && (FileIO.environment("NO_COLOR").map(\.isEmpty) ?? true)
    var status: Int32 = 0
    for file in files {
      status = max(status, formatFile(file, format: format, colors: colors))
    }
    if format == .sarif {
      let log = SARIFWriter.document(results: sarif.results, notifications: sarif.notifications, exitCode: status)
      try? FileIO.writeStandardOutput(Array(PathBytes.shown(log).utf8))
    }
    return status
  }

  private func formatFile(_ path: String, format: DiagnosticFormat, colors: Bool) -> Int32 {
    let name = path == "-" ? stdinFilename : path
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(path, limit: SourceFile.maximumSize, displayName: name)
    } catch {
      let failure = error as? IOFailure ?? IOFailure(code: DriverCodes.unreadable, message: "\(error)")
      report(failure, file: name, format: format)
      return failure.exitStatus
    }
    let source = SourceFile(name: name, bytes: bytes)
    let files = SourceFiles(main: source)
    switch SourceFormatter.format(source) {
    case .refused(let diagnostics):
      if format == .sarif {
        sarif.results += diagnostics.map { SARIFWriter.result($0, in: files, paths: sarif.paths) }
        return 1
      }
      for diagnostic in diagnostics {
        let text =
          switch format {
          case .human: DiagnosticPrinter.human(diagnostic, in: files, colors: colors)
          case .short: DiagnosticPrinter.short(diagnostic, in: files)
          case .json, .sarif: DiagnosticPrinter.json(diagnostic, in: files)
          }
        if format == .json {
          try? FileIO.writeStandardOutput(Array(PathBytes.shown(text).utf8))
        } else {
          FileIO.writeStandardError(text)
        }
      }
      return 1
    case .formatted(let formatted):
      if path == "-", !check {
        do { try FileIO.writeStandardOutput(formatted) } catch { return 2 }
        return 0
      }
      guard formatted != bytes else { return 0 }
      if check {
        // In SARIF the list goes to standard error, beside the log. The
        // list is for scripts (`xargs`): a name that is not UTF-8 is
        // printed as its own bytes.
        let line = PathBytes.encode(name) + [0x0A]
        if format == .sarif {
          FileIO.writeStandardError("\(name)\n")
        } else {
          try? FileIO.writeStandardOutput(line)
        }
        return 1
      }
      return write(formatted, to: path, format: format)
    }
  }

  /// Replaces the file whole, keeping its owner, mode and hard links
  /// (`OutputTarget.Origin.formatted`). Signals wait until it is done: a
  /// file with several names is rewritten in place, and must not be left
  /// half written.
  private func write(_ bytes: [UInt8], to path: String, format: DiagnosticFormat) -> Int32 {
    do {
      try SignalCleanup.whileBlocked {
        let file = try OutputFile(path: path, origin: .formatted)
        bytes.withUnsafeBufferPointer { file.write($0) }
        try file.commit()
      }
      return 0
    } catch {
      report(
        error as? IOFailure ?? IOFailure(code: DriverCodes.unwritable, message: "\(error)"), file: path,
        format: format)
      return 2
    }
  }

  private func report(_ failure: IOFailure, file: String, format: DiagnosticFormat) {
    if format == .sarif {
      sarif.notifications.append(
        SARIFWriter.notification(failure.code, failure.message, file: file, paths: sarif.paths))
      return
    }
    let text = DiagnosticPrinter.failure(failure.code, failure.message, file: file, format: format)
    if format == .json {
      try? FileIO.writeStandardOutput(Array(PathBytes.shown(text).utf8))
    } else {
      FileIO.writeStandardError(text)
    }
  }
}
