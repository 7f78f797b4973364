/// One client connection's state on the event loop: the bytes it sent that
/// are not yet requests, the bytes waiting to go out, and whether it has
/// become an event stream. Only the loop thread touches it.
///
/// The output is a queue of buffers, each perhaps shared with other
/// connections (a broadcast event), and the offset reached in the first:
/// queuing never copies, and the ledger counts what all queues hold.
final class HTTPConnection {
  let descriptor: Int32
  let id: Int
  var parser = HTTPRequestParser()
  private let ledger: OutputLedger
  private var chunks: [SharedBytes] = []
  /// The first chunk not yet written whole, and how much of it is.
  private var firstChunk = 0
  private var firstOffset = 0
  /// Bytes queued and not yet written.
  private(set) var pendingOutput = 0
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

  init(descriptor: Int32, id: Int, now: Double, ledger: OutputLedger) {
    self.descriptor = descriptor
    self.id = id
    self.ledger = ledger
    clockStart = now
    lastWriteProgress = now
    lastStreamWrite = now
  }

  func queue(_ bytes: [UInt8], now: Double) { queue(SharedBytes(bytes), now: now) }

  /// Queues a buffer other connections may hold too; it is not copied.
  func queue(_ buffer: SharedBytes, now: Double) {
    guard !buffer.bytes.isEmpty else { return }
    if pendingOutput == 0 { lastWriteProgress = now }
    chunks.append(buffer)
    ledger.retain(buffer)
    pendingOutput += buffer.bytes.count
    if isEventStream { lastStreamWrite = now }
  }

  /// Writes what the socket takes; false when the peer is gone.
  func flush(now: Double) -> Bool {
    while pendingOutput > 0 {
      let chunk = chunks[firstChunk]
      guard let written = LoopbackSockets.send(descriptor, chunk.bytes[firstOffset...]) else { return false }
      if written == 0 { break }
      firstOffset += written
      pendingOutput -= written
      lastWriteProgress = now
      if firstOffset == chunk.bytes.count {
        ledger.release(chunk)
        firstChunk += 1
        firstOffset = 0
      }
    }
    if firstChunk == chunks.count || firstChunk >= 64 {
      chunks.removeFirst(firstChunk)
      firstChunk = 0
    }
    return true
  }

  /// Lets go of everything queued (the connection is closed).
  func discardOutput() {
    for chunk in chunks[firstChunk...] { ledger.release(chunk) }
    chunks = []
    firstChunk = 0
    firstOffset = 0
    pendingOutput = 0
  }

  /// Whether to read more: not while a response is being made or much
  /// output waits (the client must read first), nor after an error.
  var wantsInput: Bool {
    lingerUntil != nil || (!closeAfterOutput && waitingFor == nil && (isEventStream || pendingOutput < 1 << 20))
  }
}
