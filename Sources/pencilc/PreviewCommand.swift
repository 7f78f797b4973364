import PencilDiagnostics
import PencilPreview
import PencilSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `pencilc preview FILE [--port N] [--open]`: a live preview in the
/// browser. A thin shell over PencilPreview: the session compiles on its
/// own thread whenever the scene or an import changes, the server answers
/// on 127.0.0.1 and ::1; this prints the URL (the first line of standard
/// output, for scripts), each compile's diagnostics on standard error as
/// `--watch` does, and stops on Ctrl-C (or SIGTERM) with status 0.
enum PreviewCommand {
  static let help = """
    OVERVIEW: serve a live preview of a scene on http://127.0.0.1:PORT/.

    USAGE: pencilc preview FILE [--port N] [--open] [--diagnostic-format human|short]

    The page redraws when FILE or a file it imports is saved; on errors it
    keeps the last good picture and shows the diagnostics, which are also
    printed here. The server listens on 127.0.0.1 and ::1 only and answers
    only requests addressed to a loopback name. Ctrl-C stops it.

    OPTIONS:
      --port N                 The port (default: a free one); E0405 if it is taken.
      --open                   Open the page with xdg-open, when there is one.
      --diagnostic-format human|short
                               How to print diagnostics (default: human on a terminal).
      -h, --help               Show this help.

    """

  struct Settings {
    var path: String?
    var port = 0
    var open = false
    var format: DiagnosticFormat?
    var help = false
  }

  static func parse(_ arguments: [String]) throws -> Settings {
    var settings = Settings()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      func value() throws -> String {
        index += 1
        guard index < arguments.count else { throw UsageError(message: "\(argument) needs a value") }
        return arguments[index]
      }
      switch argument {
      case "--port":
        let word = try value()
        guard let port = Int(word), (0...65535).contains(port) else {
          throw UsageError(message: "--port takes a whole number from 0 to 65535, not '\(word)'")
        }
        settings.port = port
      case "--open": settings.open = true
      case "--diagnostic-format":
        let word = try value()
        guard let format = DiagnosticFormat(rawValue: word), format == .human || format == .short else {
          throw UsageError(message: "pencilc preview prints diagnostics as human or short, not '\(word)'")
        }
        settings.format = format
      case "-h", "--help": settings.help = true
      case "-": throw UsageError(message: "pencilc preview watches a file; standard input cannot be previewed")
      default:
        guard !argument.hasPrefix("-") else { throw UsageError(message: "unknown option '\(argument)' for preview") }
        guard settings.path == nil else { throw UsageError(message: "pencilc preview takes one file") }
        settings.path = argument
      }
      index += 1
    }
    if !settings.help, settings.path == nil { throw UsageError(message: "pencilc preview needs a file") }
    return settings
  }

  static func run(_ arguments: [String]) -> Int32 {
    let settings: Settings
    do {
      settings = try parse(arguments)
    } catch {
      let message = (error as? UsageError)?.message ?? "\(error)"
      FileIO.writeStandardError(
        DiagnosticPrinter.failure(DriverCodes.usage, message, format: .short)
          + "Run 'pencilc preview --help' for usage.\n")
      return 2
    }
    guard !settings.help, let path = settings.path else {
      try? FileIO.writeStandardOutput(Array(help.utf8))
      return 0
    }
    do {
      _ = try FileIO.read(path, limit: SourceFile.maximumSize)
    } catch {
      let failure = error as? IOFailure ?? IOFailure(code: DriverCodes.unreadable, message: "\(error)")
      FileIO.writeStandardError(DiagnosticPrinter.failure(failure.code, failure.message, format: .short))
      return failure.exitStatus
    }
    // Before any thread starts, so every thread inherits the signal mask.
    // The first signal stops the server gracefully; a second, while that
    // is under way, ends the process at once.
    let stopper = ServerBox()
    ShutdownSignals.install { if stopper.requestStop() { _exit(130) } }
    let preview: LivePreview
    var configuration = HTTPServer.Configuration()
    configuration.port = settings.port
    do {
      preview = try LivePreview(path: path, configuration: configuration)
    } catch {
      let reason: String
      switch error {
      case .addressInUse(let port):
        reason = "port \(port) is in use on 127.0.0.1 or ::1; pick another with --port, or leave it out for a free one"
      case .failed(let why): reason = why
      }
      FileIO.writeStandardError(
        DiagnosticPrinter.failure(DriverCodes.cannotListen, "cannot listen: \(reason)", format: .short))
      return 1
    }
    stopper.set(preview.server)
    try? FileIO.writeStandardOutput(Array("\(preview.url)\n".utf8))
    let printer = CompilePrinter(format: settings.format)
    preview.start { printer.print($0) }
    FileIO.writeStandardError("pencilc: previewing \(path) at \(preview.url) (Ctrl-C to stop)\n")
    if settings.open { openInBrowser(preview.url) }
    preview.run()
    return 0
  }

  /// Runs `xdg-open URL` when it is on the PATH; nothing otherwise.
  static func openInBrowser(_ url: String) {
    let found = (FileIO.environment("PATH") ?? "/usr/bin:/bin").split(separator: ":").contains {
      access("\($0)/xdg-open", X_OK) == 0
    }
    guard found else { return }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Standard output carries only the URL.
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    // Reaped by the kernel: pencilc waits for no child.
    signal(SIGCHLD, SIG_IGN)
    var child: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("xdg-open"), strdup(url), nil]
    defer { for argument in arguments { free(argument) } }
    _ = posix_spawnp(&child, "xdg-open", &actions, nil, arguments, environ)
  }
}

/// The server, once made, for the signal thread; a signal that comes
/// before it is kept and stops it as soon as it is made.
private final class ServerBox: Sendable {
  private let state = Locked<(server: HTTPServer?, stopRequested: Bool)>((nil, false))

  /// Stops the server (now, or once made); true when a stop was already
  /// requested.
  func requestStop() -> Bool {
    let (server, again) = state.withLock {
      let again = $0.stopRequested
      $0.stopRequested = true
      return ($0.server, again)
    }
    server?.shutdown()
    return again
  }

  func set(_ made: HTTPServer) {
    let stop = state.withLock {
      $0.server = made
      return $0.stopRequested
    }
    if stop { made.shutdown() }
  }
}

/// Prints each compile's diagnostics on standard error, as `--watch` does.
private struct CompilePrinter: Sendable {
  let format: DiagnosticFormat
  let colors: Bool

  init(format: DiagnosticFormat?) {
    let terminal = FileIO.isTerminal(2)
    self.format = format ?? (terminal ? .human : .short)
    colors = terminal && (FileIO.environment("NO_COLOR").map(\.isEmpty) ?? true)
  }

  func print(_ snapshot: PreviewSnapshot) {
    var text = ""
    if snapshot.unwatchedFiles > 0 {
      text += DiagnosticPrinter.failure(
        DriverCodes.tooManyWatchedFiles,
        "\(snapshot.unwatchedFiles) imported files are past the \(FileWatch.maximumFiles) watched; changes to them are not seen",
        format: .short)
    }
    if let failure = snapshot.readFailure {
      text += DiagnosticPrinter.failure(snapshot.readFailureCode, failure, format: .short)
    }
    for diagnostic in snapshot.diagnostics {
      text +=
        format == .human
        ? DiagnosticPrinter.human(diagnostic, in: snapshot.sources, colors: colors)
        : DiagnosticPrinter.short(diagnostic, in: snapshot.sources)
    }
    let errors = snapshot.diagnostics.filter { $0.severity == .error }.count + (snapshot.readFailure == nil ? 0 : 1)
    text +=
      "pencilc: compile \(snapshot.version): \(errors == 0 ? "ok" : "\(errors) error\(errors == 1 ? "" : "s"), showing the last good picture")\n"
    FileIO.writeStandardError(text)
  }
}
