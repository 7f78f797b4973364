import PencilSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one job found, summed into the run's JSON summary and exit status.
struct Tally {
  var errors = 0
  var warnings = 0
  var others = 0
  var status: Int32 = 0
  /// In SARIF mode, the job's results and notifications as JSON text: the
  /// log is one document, written once every job has finished.
  var sarifResults: [String] = []
  var sarifNotifications: [String] = []

  /// Adds a later job's counts, and its SARIF records after this one's.
  mutating func add(_ other: Tally) {
    errors += other.errors
    warnings += other.warnings
    others += other.others
    status = max(status, other.status)
    sarifResults += other.sarifResults
    sarifNotifications += other.sarifNotifications
  }
}

/// Prints what jobs running at once print as if they had run one after
/// another, so `-j N` prints exactly what `-j 1` does: the first job not
/// yet finished (the head) writes straight through; a later job's text is
/// kept, in the order it came, until every job before it has finished,
/// and then printed whole. Writes happen under the lock, so a head's text
/// and a flushed buffer never interleave.
// Unchecked: every `var` is only touched under `lock`.
final class OrderedOutput: @unchecked Sendable {
  private struct Chunk {
    var descriptor: Int32
    var bytes: [UInt8]
  }

  /// Its condition is the turn: signalled when the head moves.
  private let lock = Lock()
  private var head = 0
  private var pending: [[Chunk]]
  private var finished: [Bool]
  private var tallies: [Tally]

  init(jobs: Int) {
    pending = Array(repeating: [], count: jobs)
    finished = Array(repeating: false, count: jobs)
    tallies = Array(repeating: Tally(), count: jobs)
  }

  /// Prints `text` for `job` on standard output (1) or standard error (2),
  /// now or when the job's turn comes. A failed write is not reported: it
  /// is diagnostics that fail to print, with nowhere better to say so.
  func emit(_ text: String, to descriptor: Int32, job: Int) {
    // A file name that is not UTF-8 is shown with U+FFFD (`PathBytes`).
    let chunk = Chunk(descriptor: descriptor, bytes: Array(PathBytes.shown(text).utf8))
    lock.withLock {
      if job == head {
        write(chunk)
      } else {
        pending[job].append(chunk)
      }
    }
  }

  /// Blocks until every job before `job` has finished and printed; from
  /// then on the job owns the terminal and may write standard output
  /// itself (a picture compiled from standard input), or touch files an
  /// earlier job writes.
  func waitForTurn(_ job: Int) {
    lock.withLock {
      while head != job { lock.wait() }
    }
  }

  /// Records that `job` is done; prints every finished job that now comes
  /// first, and what the next running one has kept so far.
  func finish(_ job: Int, tally: Tally) {
    lock.withLock {
      finished[job] = true
      tallies[job] = tally
      guard job == head else { return }
      while head < finished.count {
        for chunk in pending[head] { write(chunk) }
        pending[head] = []
        guard finished[head] else { break }
        head += 1
      }
      lock.signal()
    }
  }

  /// Every job's tally summed, in input order; call once all jobs have
  /// finished.
  var total: Tally {
    lock.withLock { tallies.reduce(into: Tally()) { $0.add($1) } }
  }

  private func write(_ chunk: Chunk) {
    chunk.bytes.withUnsafeBufferPointer { bytes in
      try? FileIO.writeAll(
        bytes, to: chunk.descriptor, name: chunk.descriptor == 1 ? "standard output" : "standard error")
    }
  }
}
