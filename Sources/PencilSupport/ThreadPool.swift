#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one pool of threads: runs numbered tasks on a few `WorkerThread`s,
/// the calling thread being one of them. Each thread takes the next task
/// number under a lock until none is left, so a slow task does not leave
/// another core idle, and tasks start strictly in number order: a task may
/// wait for every earlier one to finish (the command line's ordered
/// output), without deadlock, because each earlier task has already been
/// taken by a thread that is working on it. What a task computes must
/// depend on its number only, never on which worker ran it, so output is
/// the same for any thread count. When no thread can be made, the caller
/// does all the work.
public enum ThreadPool {
  /// The number of processors online, at least 1.
  public static var processorCount: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// How many workers `run` uses: no more than there are tasks.
  public static func workers(_ threads: Int, _ tasks: Int) -> Int {
    max(1, min(threads, tasks))
  }

  /// Calls `body(worker, task)` once for every task in `0..<tasks`, with
  /// `worker` in `0..<workers(threads, tasks)`; returns when all are done.
  /// Each new thread has `stackSize` bytes of stack (the system's default
  /// when nil) and first calls `prepareThread` (the command line leaves
  /// signals to its main thread).
  public static func run(
    tasks: Int, threads: Int, stackSize: Int? = nil, prepareThread: @escaping @Sendable () -> Void = {},
    _ body: (_ worker: Int, _ task: Int) -> Void
  ) {
    let count = workers(threads, tasks)
    if count <= 1 {
      for task in 0..<tasks { body(0, task) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let queue = TaskQueue(tasks: tasks, body: body)
      let started = (1..<count).compactMap { worker in
        WorkerThread(stackSize: stackSize) {
          prepareThread()
          queue.drain(worker: worker)
        }
      }
      queue.drain(worker: 0)
      for thread in started { thread.join() }
    }
  }
}

/// The shared task counter. `@unchecked Sendable`: only the counter is
/// shared, under the lock; tasks write to disjoint results, and `body`
/// does not outlive `ThreadPool.run`, which joins every thread.
private final class TaskQueue: @unchecked Sendable {
  private let tasks: Int
  private let body: (Int, Int) -> Void
  private let lock = Lock()
  private var next = 0

  init(tasks: Int, body: @escaping (Int, Int) -> Void) {
    self.tasks = tasks
    self.body = body
  }

  func drain(worker: Int) {
    while true {
      let task = lock.withLock {
        defer { next += 1 }
        return next
      }
      if task >= tasks { return }
      body(worker, task)
    }
  }
}
