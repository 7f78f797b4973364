extension HTTPServer {
  /// Sends the events broadcast since the last call.
  func deliverEvents(now: Double) {
    let events = lock.withLock {
      let taken = pendingEvents
      pendingEvents = []
      return taken
    }
    for event in events { send(SharedBytes(event.bytes), version: event.version, now: now) }
  }

  /// Queues one buffer on every stream that has not had `version`, the
  /// same buffer for all (never a copy each). A client too far behind is
  /// dropped: past its own cap (`eventBufferLimit`), or, when all the
  /// queued output would pass `totalOutputLimit`, the streams furthest
  /// behind first, until the event fits.
  func send(_ event: SharedBytes, version: Int?, now: Double) {
    let streams = connections.values.filter { connection in
      guard connection.isEventStream, !connection.closed else { return false }
      return version.map { $0 > connection.lastEventVersion } ?? true
    }
    var behind = streams.filter { $0.pendingOutput > 0 }.sorted {
      ($0.pendingOutput, $1.id) > ($1.pendingOutput, $0.id)
    }
    while ledger.total + event.bytes.count > configuration.totalOutputLimit, !behind.isEmpty {
      dropSlow(behind.removeFirst())
    }
    for connection in streams where !connection.closed {
      if let version { connection.lastEventVersion = version }
      // A client that has taken everything gets the next event whatever
      // its size (a large scene's state may be over the cap on its own).
      guard
        connection.pendingOutput == 0
          || connection.pendingOutput + event.bytes.count <= configuration.eventBufferLimit
      else {
        dropSlow(connection)
        continue
      }
      connection.queue(event, now: now)
      flush(connection, now: now)
    }
  }

  private func dropSlow(_ connection: HTTPConnection) {
    lock.withLock { counters.droppedSlowStreams += 1 }
    drop(connection)
  }
}
