/// One client connection's state on the event loop: the bytes it sent that
/// are not yet requests, the bytes waiting to go out, and whether it has
/// become an event stream. Only the loop thread touches it.
final class HTTPConnection {
  let descriptor: Int32
  let id: Int
  var parser = HTTPRequestParser()
  private(set) var output: [UInt8] = []
  private var outputStart = 0
  /// Set once `GET /events` is answered: requests are no longer read.
  var isEventStream = false
  /// The version of the last state event written, so a compile that
  /// finished while the client connected is not sent twice.
  var lastEventVersion = -1
  /// Close once `output` is written (after an error, `Connection: close`).
  var closeAfterOutput = false
  /// The token of a `.deferred` response being made: later requests wait,
  /// so responses leave in the order the requests came.
  var waitingFor: Int?
  /// When the first byte of the request not yet answered arrived, or when
  /// the connection last became idle: the slow-client clock.
  var clockStart: Double
  /// No byte has come since the last answer (or since the connection
  /// opened): the next one starts the clock again.
  var idleSinceAnswer = true
  /// When bytes last left, or when output was queued onto an empty buffer.
  var lastWriteProgress: Double
  var lastStreamWrite: Double
  var closed = false
  /// After a refusal, the write side is shut and what the client still
  /// sends is read and dropped until then: closing with unread input would
  /// reset the connection and could destroy the refusal before it is read.
  var lingerUntil: Double?
  /// The client has shut its side (or the connection failed).
  var peerEnded = false

  init(descriptor: Int32, id: Int, now: Double) {
    self.descriptor = descriptor
    self.id = id
    clockStart = now
    lastWriteProgress = now
    lastStreamWrite = now
  }

  var pendingOutput: Int { output.count - outputStart }

  func queue(_ bytes: [UInt8], now: Double) {
    if pendingOutput == 0 { lastWriteProgress = now }
    output += bytes
    if isEventStream { lastStreamWrite = now }
  }

  /// Writes what the socket takes; false when the peer is gone.
  func flush(now: Double) -> Bool {
    while pendingOutput > 0 {
      guard let written = LoopbackSockets.send(descriptor, output[outputStart...]) else { return false }
      if written == 0 { break }
      outputStart += written
      lastWriteProgress = now
    }
    if outputStart == output.count {
      output.removeAll(keepingCapacity: output.capacity <= 1 << 16)
      outputStart = 0
    } else if outputStart > 1 << 16 {
      output.removeSubrange(0..<outputStart)
      outputStart = 0
    }
    return true
  }

  /// Whether to read more: not while a response is being made or much
  /// output waits (the client must read first), nor after an error.
  var wantsInput: Bool {
    lingerUntil != nil || (!closeAfterOutput && waitingFor == nil && (isEventStream || pendingOutput < 1 << 20))
  }
}
