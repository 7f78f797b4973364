import PencilWorld

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for files to change: the one implementation behind `pencilc
/// --watch` and `pencilc preview`.
///
/// Changes are seen through inotify on the folders of the watched files
/// (editors often save by writing a new file and renaming it over the old
/// one, which a watch on the file itself would lose); where inotify is not
/// there, by comparing each file's modification time and size every
/// quarter of a second. A burst of changes (a save that writes twice, a
/// checkout) is one change: after the first event, events are taken until
/// none has come for `settle` milliseconds.
public enum FileWatch {
  /// Milliseconds without an event that end a burst of changes.
  public static let settle: Int32 = 60
  /// At most this many files are watched (the inputs and their imports
  /// rarely come near it).
  public static let maximumFiles = 4096

  /// Returns true when one of `files` changes; false when `stop` (a
  /// descriptor, such as the read end of a pipe) becomes readable first, or
  /// when nothing can be watched. `PENCIL_WATCH_POLLING=1` takes the
  /// polling fallback, for its tests.
  ///
  /// `since` is each file's stamp from before it was last read (taken
  /// before the compile): a change between that read and the moment the
  /// watch is armed counts, where it would otherwise be lost (a save right
  /// after a compile, a folder deleted meanwhile).
  public static func waitForChange(_ files: [String], since: [FileStamp]? = nil, stop: Int32? = nil) -> Bool {
    let baseline = since.flatMap { $0.count == files.count ? $0 : nil }
    #if canImport(Glibc)
      if getenv("PENCIL_WATCH_POLLING") == nil,
        let changed = InotifyWatch.wait(for: files, baseline: baseline, stop: stop)
      {
        return changed
      }
    #endif
    return PollingWatch.wait(for: files, baseline: baseline, stop: stop)
  }

  /// The files to watch among `files`, at most `maximumFiles`: `first`
  /// (the scene) always, then the others in order of name.
  public static func limited(_ files: some Collection<String>, first: String) -> [String] {
    Array(([first] + files.filter { $0 != first }.sorted()).prefix(maximumFiles))
  }

  /// Whether `descriptor` is readable after waiting up to `milliseconds`.
  static func readable(_ descriptor: Int32?, milliseconds: Int32) -> Bool {
    guard let descriptor else {
      if milliseconds > 0 { usleep(UInt32(milliseconds) * 1000) }
      return false
    }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) > 0 && request.revents != 0
  }
}

/// The fallback: modification times and sizes, compared four times a second.
enum PollingWatch {
  static func wait(for files: [String], baseline: [FileStamp]?, stop: Int32?) -> Bool {
    let before = baseline ?? files.map(FileStamp.init)
    while true {
      if FileWatch.readable(stop, milliseconds: 250) { return false }
      if files.map(FileStamp.init) != before {
        return !FileWatch.readable(stop, milliseconds: FileWatch.settle)
      }
    }
  }
}
