#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs numbered tasks on a few POSIX threads, the calling thread being
/// one of them: each thread takes the next task number under a lock until
/// none is left, so a slow chunk does not leave the other core idle. What
/// a task computes must depend on its number only, never on which worker
/// ran it or in which order, so the output is the same for any thread
/// count. When no thread can be made, the caller does all the work.
enum WorkerPool {
  /// The number of processors online, at least 1.
  static var processorCount: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// Calls `body(worker, task)` once for every task in `0..<tasks`, with
  /// `worker` in `0..<workers(threads, tasks)`; returns when all are done.
  static func run(tasks: Int, threads: Int, _ body: (_ worker: Int, _ task: Int) -> Void) {
    let count = workers(threads, tasks)
    if count <= 1 {
      for task in 0..<tasks { body(0, task) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let queue = TaskQueue(tasks: tasks, body: body)
      var started: [pthread_t] = []
      for worker in 1..<count {
        let context = Unmanaged.passRetained(WorkerContext(queue, worker)).toOpaque()
        #if canImport(Darwin)
          var thread: pthread_t?
          if pthread_create(&thread, nil, runWorker, context) == 0, let thread {
            started.append(thread)
          } else {
            Unmanaged<WorkerContext>.fromOpaque(context).release()
          }
        #else
          var thread = pthread_t()
          if pthread_create(&thread, nil, runWorker, context) == 0 {
            started.append(thread)
          } else {
            Unmanaged<WorkerContext>.fromOpaque(context).release()
          }
        #endif
      }
      queue.drain(worker: 0)
      for thread in started { pthread_join(thread, nil) }
    }
  }

  /// How many workers `run` uses: no more than there are tasks.
  static func workers(_ threads: Int, _ tasks: Int) -> Int {
    max(1, min(threads, tasks))
  }
}

/// The shared task counter. Only the counter is locked; tasks write to
/// disjoint results.
// Unchecked: `next` is only touched under `lock`; `body` runs on every thread, as `run` says.
private final class TaskQueue: @unchecked Sendable {
  private let tasks: Int
  private let body: (Int, Int) -> Void
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var next = 0

  init(tasks: Int, body: @escaping (Int, Int) -> Void) {
    self.tasks = tasks
    self.body = body
    lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  func drain(worker: Int) {
    while true {
      pthread_mutex_lock(lock)
      let task = next
      next += 1
      pthread_mutex_unlock(lock)
      if task >= tasks { return }
      body(worker, task)
    }
  }
}

/// What a new thread is handed through its `void *` argument.
private final class WorkerContext {
  let queue: TaskQueue
  let worker: Int
  init(_ queue: TaskQueue, _ worker: Int) {
    self.queue = queue
    self.worker = worker
  }
}

#if canImport(Darwin)
  private func runWorker(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let work = Unmanaged<WorkerContext>.fromOpaque(context).takeRetainedValue()
    work.queue.drain(worker: work.worker)
    return nil
  }
#else
  private func runWorker(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let work = Unmanaged<WorkerContext>.fromOpaque(context).takeRetainedValue()
    work.queue.drain(worker: work.worker)
    return nil
  }
#endif
