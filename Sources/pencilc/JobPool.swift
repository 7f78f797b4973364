#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one job per input file on a few POSIX threads, the calling thread
/// being one of them. Jobs are handed out strictly in input order, under a
/// lock: a job may wait for every earlier one to finish (`OrderedOutput`),
/// and it can only do so without deadlock because each earlier job has
/// already been taken by a thread that is working on it. A small pool of
/// its own rather than PencilCore's internal one, so the library's public
/// API stays as it is.
enum JobPool {
  /// The number of processors online, at least 1: the default for `-j`.
  static var processorCount: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// How many threads `run` uses: no more than there are jobs.
  static func threads(_ requested: Int, jobs: Int) -> Int {
    max(1, min(requested, jobs))
  }

  /// Calls `body(job)` once for every job in `0..<jobs`; returns when all
  /// are done. When no thread can be made, the caller does all the work.
  static func run(jobs: Int, threads: Int, _ body: (_ job: Int) -> Void) {
    let count = self.threads(threads, jobs: jobs)
    if count <= 1 {
      for job in 0..<jobs { body(job) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let queue = JobQueue(jobs: jobs, body: body)
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      // Checking recurses as deep as the nesting limit allows; the library
      // gives its own threads this much stack for the same reason.
      pthread_attr_setstacksize(&attributes, 64 << 20)
      var started: [pthread_t] = []
      for _ in 1..<count {
        let context = Unmanaged.passRetained(queue).toOpaque()
        #if canImport(Darwin)
          var thread: pthread_t?
          if pthread_create(&thread, &attributes, runJobs, context) == 0, let thread {
            started.append(thread)
          } else {
            Unmanaged<JobQueue>.fromOpaque(context).release()
          }
        #else
          var thread = pthread_t()
          if pthread_create(&thread, &attributes, runJobs, context) == 0 {
            started.append(thread)
          } else {
            Unmanaged<JobQueue>.fromOpaque(context).release()
          }
        #endif
      }
      queue.drain()
      for thread in started { pthread_join(thread, nil) }
    }
  }
}

/// The next job number, shared by the threads; only it is locked.
// Unchecked: `next` is only touched under `lock`; `body` runs on every thread, as `run` says.
private final class JobQueue: @unchecked Sendable {
  private let jobs: Int
  private let body: (Int) -> Void
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var next = 0

  init(jobs: Int, body: @escaping (Int) -> Void) {
    self.jobs = jobs
    self.body = body
    lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  func drain() {
    while true {
      pthread_mutex_lock(lock)
      let job = next
      next += 1
      pthread_mutex_unlock(lock)
      if job >= jobs { return }
      body(job)
    }
  }
}

#if canImport(Darwin)
  private func runJobs(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    SignalCleanup.blockInThisThread()
    Unmanaged<JobQueue>.fromOpaque(context).takeRetainedValue().drain()
    return nil
  }
#else
  private func runJobs(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    SignalCleanup.blockInThisThread()
    Unmanaged<JobQueue>.fromOpaque(context).takeRetainedValue().drain()
    return nil
  }
#endif
