import PencilSupport

/// Makes `.deferred` responses on one thread of its own, in order, so the
/// event loop never waits for a render. Finished responses are handed
/// back through `take` after a wake-up of the loop.
// Unchecked: `jobs`, `done` and `stopping` are touched under `lock`; `thread` only by the event loop.
final class DeferredWorker: @unchecked Sendable {
  /// What to make, and for which request: `head` and `keepAlive` say how
  /// the response is written when it comes back.
  struct Job {
    var connection: Int
    var token: Int
    var head: Bool
    var keepAlive: Bool
    var work: @Sendable () -> HTTPResponse
  }
  struct Done {
    var job: Job
    var response: HTTPResponse
  }

  private let lock = Lock()
  private var jobs: [Job] = []
  private var done: [Done] = []
  private var stopping = false
  private var thread: WorkerThread?
  private let wake: WakePipe

  init(wake: WakePipe) { self.wake = wake }

  /// Queues a job, starting the thread the first time (doing the job at
  /// once when no thread can be made).
  func enqueue(_ job: Job) {
    if thread == nil { thread = WorkerThread(stackSize: 16 << 20) { [self] in loop() } }
    guard thread != nil else {
      lock.withLock { done.append(Done(job: job, response: job.work())) }
      wake.wake()
      return
    }
    lock.withLock {
      jobs.append(job)
      lock.signal()
    }
  }

  /// The responses finished since the last call.
  func take() -> [Done] {
    lock.withLock {
      let taken = done
      done = []
      return taken
    }
  }

  /// Ends the thread once the job under way (if any) is done.
  func stop() {
    lock.withLock {
      stopping = true
      lock.signal()
    }
    thread?.join()
    thread = nil
  }

  private func loop() {
    while true {
      let next: Job? = lock.withLock {
        while jobs.isEmpty, !stopping { lock.wait() }
        return stopping ? nil : jobs.removeFirst()
      }
      guard let job = next else { return }
      let response = job.work()
      lock.withLock { done.append(Done(job: job, response: response)) }
      wake.wake()
    }
  }
}
