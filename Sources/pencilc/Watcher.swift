import PencilCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--watch`: compiles, then compiles again whenever an input or a file it
/// imports changes, until interrupted (Ctrl-C removes any temporary file
/// and ends the process, as it does without `--watch`). Outputs are written
/// as always, through a temporary file renamed into place, and only when
/// the input has no errors, so the last good picture stays on errors.
///
/// Changes are seen through inotify on the folders of the watched files
/// (editors often save by writing a new file and renaming it over the old
/// one, which a watch on the file itself would lose); where inotify is not
/// there, by comparing each file's modification time and size every
/// quarter of a second. A burst of changes (a save that writes twice, a
/// checkout) is one rebuild: after the first change, events are taken
/// until none has come for `settle` milliseconds.
struct Watcher {
  let driver: Driver
  let recorder: ImportRecorder
  static let settle: Int32 = 60
  /// At most this many files are watched (E0405 beyond; the inputs and
  /// their imports rarely come near it).
  static let maximumFiles = 4096

  func run() -> Int32 {
    var status: Int32 = 0
    while true {
      status = driver.run()
      var files = Set(driver.settings.options.inputs.map(ImportPath.normalize))
      files.formUnion(recorder.take())
      let watched = files.sorted().prefix(Watcher.maximumFiles)
      FileIO.writeStandardError(
        "pencilc: watching \(watched.count) file\(watched.count == 1 ? "" : "s") for changes (Ctrl-C to stop)\n")
      guard Watcher.waitForChange(Array(watched)) else { return status }
    }
  }

  /// Returns when one of `files` changes; false when nothing can be watched.
  static func waitForChange(_ files: [String]) -> Bool {
    #if canImport(Glibc)
      // PENCIL_WATCH_POLLING=1 takes the fallback, for its tests.
      if FileIO.environment("PENCIL_WATCH_POLLING") == nil, let changed = InotifyWatch.wait(for: files) {
        return changed
      }
    #endif
    return PollingWatch.wait(for: files)
  }
}

/// What a file looks like to the polling watch.
struct FileStamp: Equatable {
  var exists: Bool
  var seconds: Int
  var nanoseconds: Int
  var size: Int

  init(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      self.init(exists: false, seconds: 0, nanoseconds: 0, size: 0)
      return
    }
    #if canImport(Darwin)
      self.init(
        exists: true, seconds: info.st_mtimespec.tv_sec, nanoseconds: info.st_mtimespec.tv_nsec,
        size: Int(info.st_size))
    #else
      self.init(
        exists: true, seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size))
    #endif
  }

  init(exists: Bool, seconds: Int, nanoseconds: Int, size: Int) {
    self.exists = exists
    self.seconds = seconds
    self.nanoseconds = nanoseconds
    self.size = size
  }
}

/// The fallback: modification times and sizes, compared four times a second.
enum PollingWatch {
  static func wait(for files: [String]) -> Bool {
    let before = files.map(FileStamp.init)
    while true {
      usleep(250_000)
      if files.map(FileStamp.init) != before {
        usleep(UInt32(Watcher.settle) * 1000)
        return true
      }
    }
  }
}
