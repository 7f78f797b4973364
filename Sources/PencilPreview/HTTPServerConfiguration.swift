extension HTTPServer {
  /// Where the server listens and how it bounds its clients; the defaults
  /// are `pencilc preview`'s, tests shorten the times and lower the caps.
  public struct Configuration: Sendable {
    /// 0: a free port.
    public var port = 0
    /// Seconds a client has to finish a request, and to take written
    /// bytes, before its connection is closed (with 408 for a request).
    public var requestTimeout = 10.0
    public var maximumConnections = 256
    /// Bytes queued for one event-stream client before it is dropped.
    public var eventBufferLimit = 8 << 20
    /// Bytes queued for all clients together, a buffer shared by several
    /// streams (a broadcast event) counted once: past it, the streams
    /// furthest behind are dropped before an event is queued.
    public var totalOutputLimit = 64 << 20
    /// Seconds between `: keep-alive` comments on an idle event stream.
    public var keepAliveInterval = 15.0
    public init() {}
  }

  /// What the server has refused or dropped, for tests.
  public struct Statistics: Sendable, Equatable {
    public var accepted = 0
    public var refusedOverCapacity = 0
    public var droppedSlowStreams = 0
    public var timedOut = 0
    public var malformed = 0
    public var openStreams = 0
    /// What all the connections' unread output holds in memory now (each
    /// shared buffer once), and the most it has held, as the loop saw it.
    public var queuedOutputBytes = 0
    public var peakQueuedOutputBytes = 0
  }
}
