import PencilSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on loopback: one thread runs a `poll()` loop
/// over non-blocking sockets, so idle keep-alive connections and event
/// streams cost a descriptor and a buffer each, never a thread. Requests
/// on a connection are answered in order (pipelining included); routes
/// read prepared state and return at once, and anything slow runs on one
/// worker thread (`RouteResult.deferred`).
///
/// Limits, each with its answer: request line and headers over 16 KiB or
/// 100 lines → 431; a body over 64 KiB → 413; malformed → 400; a request
/// unfinished after `requestTimeout` → 408; more than
/// `maximumConnections` → 503; an event-stream client with more than
/// `eventBufferLimit` bytes unread → dropped; all clients' unread output
/// over `totalOutputLimit` (a broadcast event counted once, however many
/// streams hold it) → the streams furthest behind dropped. Each of these
/// closes only the connection concerned.
// Unchecked: `lock` guards `pendingEvents`, `stopRequested` and `counters`; the rest is `run`'s thread's.
public final class HTTPServer: @unchecked Sendable {
  public let port: Int
  public let configuration: Configuration
  private let routes: any HTTPRoutes
  private var listeners: [Int32]
  private let wake: WakePipe
  private let worker: DeferredWorker
  let lock = Lock()
  var pendingEvents: [(bytes: [UInt8], version: Int)] = []
  private var stopRequested = false
  var counters = Statistics()
  // The loop's own state.
  var connections: [Int: HTTPConnection] = [:]
  let ledger = OutputLedger()
  /// The last initial state queued on a new stream: the next stream
  /// opened before a new compile shares it.
  private var lastInitial: (version: Int, buffer: SharedBytes)?
  private var nextID = 0
  private var nextToken = 0
  private var stopping = false
  private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

  /// Listens on 127.0.0.1 and ::1 (see `LoopbackSockets.listen`); serves
  /// once `run` is called.
  public init(routes: any HTTPRoutes, configuration: Configuration = Configuration()) throws(ListenError) {
    guard let wake = WakePipe() else { throw .failed("cannot make a pipe: \(LoopbackSockets.lastError())") }
    let (descriptors, port) = try LoopbackSockets.listen(port: configuration.port)
    self.listeners = descriptors
    self.port = port
    self.routes = routes
    self.configuration = configuration
    self.wake = wake
    self.worker = DeferredWorker(wake: wake)
  }

  deinit {
    for listener in listeners { close(listener) }
    for connection in connections.values where !connection.closed { close(connection.descriptor) }
  }

  public var statistics: Statistics { lock.withLock { counters } }

  /// Thread-safe: stops accepting, sends `event: bye` on every stream,
  /// lets responses under way finish (for up to 2 seconds), closes every
  /// connection and makes `run` return.
  public func shutdown() {
    lock.withLock { stopRequested = true }
    wake.wake()
  }

  /// Thread-safe: sends one event (framed, see `ServerSentEvents`) to every
  /// stream that has not had `version` yet.
  public func broadcast(_ event: [UInt8], version: Int) {
    lock.withLock { pendingEvents.append((event, version)) }
    wake.wake()
  }

  /// Serves until `shutdown`; call once.
  public func run() {
    var graceDeadline = Double.infinity
    while true {
      let now = monotonicNow()
      if stopping, connections.isEmpty || now > graceDeadline { break }
      var requests = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
      // The listeners polled: a shutdown while handling this round closes
      // them, and the connections' slots must not move.
      let polledListeners = listeners
      for listener in polledListeners { requests.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
      let order = Array(connections.values)
      for connection in order {
        var events: Int32 = 0
        if connection.wantsInput { events |= Int32(POLLIN) }
        if connection.pendingOutput > 0 { events |= Int32(POLLOUT) }
        requests.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
      }
      let ready = poll(&requests, nfds_t(requests.count), pollTimeout(now: now, graceDeadline: graceDeadline))
      if ready < 0, errno != EINTR { break }
      let after = monotonicNow()
      if requests[0].revents != 0 {
        wake.drain()
        if lock.withLock({ stopRequested }), !stopping {
          beginShutdown(now: after)
          graceDeadline = after + 2
        }
        deliverDeferred(now: after)
        deliverEvents(now: after)
        noteQueuedOutput()
      }
      for (index, listener) in polledListeners.enumerated() where requests[1 + index].revents != 0 && !stopping {
        acceptAll(listener, now: after)
      }
      for (index, connection) in order.enumerated() {
        let revents = Int32(requests[1 + polledListeners.count + index].revents)
        guard !connection.closed, revents != 0 else { continue }
        // Hung up after its end was seen: nothing can be sent any more, and
        // poll would report it at once again and again.
        if revents & Int32(POLLHUP | POLLERR) != 0, connection.peerEnded {
          drop(connection)
          continue
        }
        if revents & Int32(POLLIN | POLLHUP | POLLERR) != 0 { readFrom(connection, now: after) }
        if !connection.closed, revents & Int32(POLLOUT) != 0 { flush(connection, now: after) }
      }
      checkTimers(now: after)
      noteQueuedOutput()
    }
    for connection in connections.values { drop(connection) }
    worker.stop()
    lock.withLock { counters.openStreams = 0 }
  }

  private func pollTimeout(now: Double, graceDeadline: Double) -> Int32 {
    var next = min(graceDeadline, now + 1)
    // The same cases as `checkTimers`, so no past deadline spins the loop.
    for connection in connections.values {
      if let linger = connection.lingerUntil {
        next = min(next, linger)
      } else if connection.pendingOutput > 0 {
        next = min(next, connection.lastWriteProgress + configuration.requestTimeout)
      } else if connection.isEventStream {
        next = min(next, connection.lastStreamWrite + configuration.keepAliveInterval)
      } else if connection.waitingFor == nil, !connection.closeAfterOutput {
        next = min(next, connection.clockStart + configuration.requestTimeout)
      }
    }
    // Whole milliseconds from 0 to 1000 (checked before converting).
    let milliseconds = ((next - now) * 1000).rounded(.up)
    guard milliseconds.isFinite else { return 1000 }
    return milliseconds <= 0 ? 0 : milliseconds >= 1000 ? 1000 : Int32(milliseconds)
  }

  private func acceptAll(_ listener: Int32, now: Double) {
    while let descriptor = LoopbackSockets.accept(listener) {
      if stopping || connections.count >= configuration.maximumConnections {
        // Best effort on a fresh socket: its buffer takes these few bytes.
        // Counted before the client can read the refusal.
        lock.withLock { counters.refusedOverCapacity += 1 }
        let refusal = HTTPResponse.text(503, "too many connections\n", close: true).serialized(keepAlive: false)
        _ = LoopbackSockets.send(descriptor, refusal[...])
        close(descriptor)
        continue
      }
      nextID += 1
      connections[nextID] = HTTPConnection(descriptor: descriptor, id: nextID, now: now, ledger: ledger)
      lock.withLock { counters.accepted += 1 }
    }
  }

  private func readFrom(_ connection: HTTPConnection, now: Double) {
    if connection.lingerUntil != nil {
      while let count = LoopbackSockets.receive(connection.descriptor, into: &readBuffer) {
        if count == 0 { return }
      }
      return drop(connection)
    }
    guard let count = LoopbackSockets.receive(connection.descriptor, into: &readBuffer) else {
      // The client is gone or has stopped sending: answer what it sent.
      connection.peerEnded = true
      if connection.isEventStream { return drop(connection) }
      process(connection, now: now)
      connection.closeAfterOutput = true
      return flush(connection, now: now)
    }
    guard count > 0, !connection.isEventStream else { return }
    // The clock starts again at the first byte after an answer (an idle
    // connection's next request gets the whole timeout), but not at every
    // byte of blank lines, which the parser skips: a client trickling
    // CRLFs would otherwise hold its connection for ever.
    if connection.idleSinceAnswer, connection.waitingFor == nil {
      connection.clockStart = now
      connection.idleSinceAnswer = false
    }
    connection.parser.append(readBuffer[0..<count])
    process(connection, now: now)
    flush(connection, now: now)
  }

  /// Answers the complete requests buffered on `connection`, in order.
  private func process(_ connection: HTTPConnection, now: Double) {
    while !connection.isEventStream, !connection.closeAfterOutput, connection.waitingFor == nil,
      connection.pendingOutput < 1 << 20, let result = connection.parser.next()
    {
      switch result {
      case .failure(let error):
        lock.withLock { counters.malformed += 1 }
        write(
          .text(error.status, message(for: error), close: true), to: connection, head: false, keepAlive: false, now: now
        )
      case .success(let request):
        handle(request, on: connection, now: now)
      }
      connection.clockStart = now
      connection.idleSinceAnswer = connection.parser.bufferedCount == 0
    }
  }

  private func message(for error: HTTPParseError) -> String {
    switch error {
    case .badRequest(let reason): "bad request: \(reason)\n"
    case .headersTooLarge:
      "the request line and headers are limited to \(HTTPRequestParser.maximumHeaderBytes) bytes and \(HTTPRequestParser.maximumHeaderLines) lines\n"
    case .bodyTooLarge: "request bodies are limited to \(HTTPRequestParser.maximumBodyBytes) bytes\n"
    case .notImplemented: "Transfer-Encoding is not supported\n"
    case .versionNotSupported: "only HTTP/1.0 and HTTP/1.1\n"
    }
  }

  private func handle(_ request: HTTPRequest, on connection: HTTPConnection, now: Double) {
    let head = request.method == "HEAD"
    let keepAlive = request.keepAlive && !stopping
    if let refusal = RequestGate.refusal(request, port: port) {
      return write(refusal, to: connection, head: head, keepAlive: keepAlive, now: now)
    }
    guard let path = request.decodedPath, let query = request.queryItems else {
      return write(
        .text(400, "bad request: a malformed %-escape\n"), to: connection, head: head, keepAlive: keepAlive, now: now)
    }
    switch routes.route(path: path, query: query) {
    case .response(let response):
      write(response, to: connection, head: head, keepAlive: keepAlive, now: now)
    case .eventStream(let initial, let version):
      connection.queue(HTTPResponse.eventStreamHead(), now: now)
      if head || stopping {
        connection.closeAfterOutput = true
        return
      }
      connection.isEventStream = true
      connection.lastEventVersion = version
      connection.queue(sharedInitial(initial, version: version), now: now)
      noteQueuedOutput()
      lock.withLock { counters.openStreams += 1 }
    case .deferred(let work):
      nextToken += 1
      connection.waitingFor = nextToken
      worker.enqueue(
        DeferredWorker.Job(connection: connection.id, token: nextToken, head: head, keepAlive: keepAlive, work: work))
    }
  }

  /// The statistics' queued bytes, before any later answer can be read.
  private func noteQueuedOutput() {
    lock.withLock {
      counters.queuedOutputBytes = ledger.total
      counters.peakQueuedOutputBytes = max(counters.peakQueuedOutputBytes, ledger.total)
    }
  }

  private func sharedInitial(_ initial: [UInt8], version: Int) -> SharedBytes {
    if let last = lastInitial, last.version == version, last.buffer.bytes == initial { return last.buffer }
    let buffer = SharedBytes(initial)
    lastInitial = (version, buffer)
    return buffer
  }

  private func write(_ response: HTTPResponse, to connection: HTTPConnection, head: Bool, keepAlive: Bool, now: Double)
  {
    connection.queue(response.serialized(head: head, keepAlive: keepAlive), now: now)
    if response.close || !keepAlive { connection.closeAfterOutput = true }
  }

  private func deliverDeferred(now: Double) {
    for done in worker.take() {
      guard let connection = connections[done.job.connection], !connection.closed,
        connection.waitingFor == done.job.token
      else { continue }
      connection.waitingFor = nil
      write(done.response, to: connection, head: done.job.head, keepAlive: done.job.keepAlive && !stopping, now: now)
      connection.clockStart = now
      connection.idleSinceAnswer = connection.parser.bufferedCount == 0
      process(connection, now: now)
      flush(connection, now: now)
    }
  }

  func flush(_ connection: HTTPConnection, now: Double) {
    guard !connection.closed else { return }
    guard connection.flush(now: now) else { return drop(connection) }
    // Pipelined requests held back while much output waited: their bytes
    // are already here, so no read would wake them. Until the socket is
    // full or only an incomplete request is left.
    while connection.parser.bufferedCount > 0, connection.wantsInput, !connection.isEventStream {
      let before = connection.parser.bufferedCount
      process(connection, now: now)
      guard connection.flush(now: now) else { return drop(connection) }
      if connection.parser.bufferedCount == before || connection.pendingOutput > 0 { break }
    }
    if connection.pendingOutput == 0, connection.closeAfterOutput, connection.waitingFor == nil,
      connection.lingerUntil == nil
    {
      if !connection.peerEnded, !stopping {
        // The client may still be sending: shut the write side and drain.
        Glibc.shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.lingerUntil = now + 2
      } else {
        drop(connection)
      }
    }
  }

  private func checkTimers(now: Double) {
    let timeout = configuration.requestTimeout
    for connection in Array(connections.values) where !connection.closed {
      if let linger = connection.lingerUntil {
        if now > linger { drop(connection) }
      } else if connection.pendingOutput > 0 {
        // A client that takes nothing for `timeout` seconds is gone.
        if now - connection.lastWriteProgress > timeout {
          lock.withLock { counters.timedOut += 1 }
          drop(connection)
        }
      } else if connection.isEventStream {
        if now - connection.lastStreamWrite >= configuration.keepAliveInterval {
          connection.queue(ServerSentEvents.keepAlive, now: now)
          flush(connection, now: now)
        }
      } else if connection.waitingFor == nil, !connection.closeAfterOutput, now - connection.clockStart > timeout {
        if connection.parser.bufferedCount > 0 {
          // A request begun and not finished: say so, then close.
          lock.withLock { counters.timedOut += 1 }
          write(
            .text(408, "the request took too long\n", close: true), to: connection, head: false, keepAlive: false,
            now: now)
          flush(connection, now: now)
        } else {
          drop(connection)  // An idle keep-alive connection: closed quietly.
        }
      }
    }
  }

  private func beginShutdown(now: Double) {
    stopping = true
    for listener in listeners { close(listener) }
    listeners = []
    for connection in Array(connections.values) {
      if connection.isEventStream {
        connection.queue(ServerSentEvents.bye, now: now)
        connection.closeAfterOutput = true
        flush(connection, now: now)
      } else if connection.waitingFor == nil, connection.pendingOutput == 0 {
        drop(connection)
      } else {
        connection.closeAfterOutput = true
      }
    }
  }

  func drop(_ connection: HTTPConnection) {
    guard !connection.closed else { return }
    connection.closed = true
    connection.discardOutput()
    close(connection.descriptor)
    connections[connection.id] = nil
    if connection.isEventStream { lock.withLock { counters.openStreams -= 1 } }
  }
}
