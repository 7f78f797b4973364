/// `pencilc preview` as a library: a session compiling one scene and a
/// server answering with its results, each compile broadcast to the event
/// streams. Tests run it in-process; the command line adds the URL, the
/// diagnostics on standard error and the signals.
public final class LivePreview: Sendable {
  public let session: PreviewSession
  public let server: HTTPServer

  /// Listens (so a taken port fails before anything is compiled); compiles
  /// nothing yet.
  public init(path: String, configuration: HTTPServer.Configuration = HTTPServer.Configuration()) throws(ListenError) {
    session = PreviewSession(path: path)
    server = try HTTPServer(routes: PreviewRoutes(session: session), configuration: configuration)
  }

  public var url: String { "http://127.0.0.1:\(server.port)/" }

  /// Compiles once now, then on every change on the session's thread;
  /// `onCompile` sees each snapshot (the first on this thread) before the
  /// streams get it.
  public func start(onCompile: @escaping @Sendable (PreviewSnapshot) -> Void = { _ in }) {
    let first = session.compile()
    onCompile(first)
    server.broadcast(first.event, version: first.version)
    session.start { [server] snapshot in
      onCompile(snapshot)
      server.broadcast(snapshot.event, version: snapshot.version)
    }
  }

  /// Serves until `shutdown`, then stops the session's thread.
  public func run() {
    server.run()
    session.stop()
  }

  /// Thread-safe: see `HTTPServer.shutdown`.
  public func shutdown() { server.shutdown() }
}
