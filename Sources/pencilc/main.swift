import PencilCore
import PencilDiagnostics
import PencilLSP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func runCommandLine() -> Int32 {
  // File names are bytes: read so that one that is not UTF-8 survives.
  let arguments = PathBytes.arguments()
  if arguments.first == "fmt" { return FormatCommand.run(Array(arguments.dropFirst())) }
  if arguments.first == "preview" { return PreviewCommand.run(Array(arguments.dropFirst())) }
  let options: Options
  do {
    options = try Options.parse(arguments)
  } catch {
    let message = (error as? UsageError)?.message ?? "\(error)"
    // Tools reading JSON get a failure record and a summary, as after any
    // run; tools reading SARIF a log with the failure as a notification.
    switch Options.machineReadableFormat(arguments) {
    case .json:
      let text =
        DiagnosticPrinter.failure(DriverCodes.usage, message, format: .json)
        + DiagnosticPrinter.jsonSummary(files: 0, errors: 1, warnings: 0, others: 0)
      try? FileIO.writeStandardOutput(Array(text.utf8))
    case .sarif:
      let notification = SARIFWriter.notification(
        DriverCodes.usage, message, paths: SARIFPaths(workingDirectory: nil))
      let log = SARIFWriter.document(results: [], notifications: [notification], exitCode: 2)
      try? FileIO.writeStandardOutput(Array(log.utf8))
    default:
      FileIO.writeStandardError(
        DiagnosticPrinter.failure(DriverCodes.usage, message, format: .short) + "Run 'pencilc --help' for usage.\n")
    }
    return 2
  }
  if options.showHelp {
    try? FileIO.writeStandardOutput(Array(Options.help.utf8))
    return 0
  }
  if options.showVersion {
    try? FileIO.writeStandardOutput(Array("pencilc \(Pencil.version)\n".utf8))
    return 0
  }
  if options.languageServer { return StdioTransport.run() }
  if let code = options.explain {
    guard let found = DiagnosticCode.find(code) else {
      // The code is the user's text: printed as every message is, escapes shown.
      FileIO.writeStandardError(
        DiagnosticPrinter.failure(
          DriverCodes.usage, "unknown diagnostic code '\(code)'; codes look like E0102 or W0001", format: .short))
      return 2
    }
    let text = "\(found.id): \(found.summary) (\(found.severity.rawValue))\n\n\(found.explanation)\n"
    try? FileIO.writeStandardOutput(Array(text.utf8))
    return 0
  }
  let driver = Driver(options: options)
  if options.watch, let recorder = driver.settings.importRecorder {
    return Watcher(driver: driver, recorder: recorder).run()
  }
  return driver.run()
}

exit(runCommandLine())
