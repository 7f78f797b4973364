#if canImport(Glibc)
  import PencilSema
  import PencilWorld
  import Glibc

  /// Linux's file change events, on the folders of the watched files.
  ///
  /// A watch on a folder ends when the folder is deleted or moved, and a
  /// folder that does not exist cannot be watched. So each file's folder is
  /// watched if it exists, else its nearest existing ancestor; when a folder
  /// on the way to a watched file appears, or a watched folder goes, the
  /// watches are armed again (a deleted and recreated import folder is seen).
  /// A watched file that is a symbolic link (a linked scene) is watched at
  /// its target too, so saves of the target count. And once a second
  /// without events the files' stamps are compared, so that a change no
  /// event told of is found all the same.
  enum InotifyWatch {
    /// How often the files' stamps are compared when no event comes: a
    /// few `stat`s a second against a watch that would otherwise wait for
    /// ever on an event it missed.
    static let backstopMilliseconds: Int32 = 1000
    static let events = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// true when a file changed, false when `stop` became readable first;
    /// nil when inotify cannot be used (the caller polls instead).
    static func wait(for files: [String], baseline: [FileStamp]?, stop: Int32?) -> Bool? {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var watches = Watches(descriptor: descriptor, files: files)
      guard watches.arm() else { return nil }
      let before = watches.wanted.map(FileStamp.init)
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      // Changed since the files were read, before the watch was armed.
      var changed = baseline.map { $0 != files.map(FileStamp.init) } ?? false
      // Block for the first relevant event, then take events until the
      // folders have been quiet for `settle` milliseconds.
      while true {
        var requests = [
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&requests, 2, changed ? FileWatch.settle : backstopMilliseconds)
        if ready < 0, errno == EINTR { continue }
        if requests[1].revents != 0 { return false }
        if ready == 0, !changed {
          // The backstop: a change no event told of (a file made in the
          // moment between its new folder's creation and that folder's
          // watch, seen once in 20 loaded CI runs) is still found.
          if watches.wanted.map(FileStamp.init) != before {
            changed = true
          } else {
            _ = watches.arm()
          }
          continue
        }
        if ready <= 0 { return changed }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return changed ? true : nil }
        switch watches.react(to: InotifyEvent.parse(buffer, count: count)) {
        case .changed: changed = true
        case .rearm:
          _ = watches.arm()
          // A file may have appeared before its new folder was watched.
          if watches.wanted.map(FileStamp.init) != before { changed = true }
        case .nothing: break
        }
      }
    }
  }

  /// One event: the watch it came from, its mask and the name in the folder.
  struct InotifyEvent {
    var watch: Int32
    var mask: UInt32
    var name: String

    static func parse(_ buffer: [UInt8], count: Int) -> [InotifyEvent] {
      var events: [InotifyEvent] = []
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
          (
            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let end = min(count, offset + header + length)
        let name = String(decoding: buffer[(offset + header)..<end].prefix { $0 != 0 }, as: UTF8.self)
        events.append(InotifyEvent(watch: watch, mask: mask, name: name))
        offset = end
      }
      return events
    }
  }

  /// The folders watched for a set of files, and what an event means.
  struct Watches {
    enum Reaction { case changed, rearm, nothing }

    let descriptor: Int32
    /// The files as given, and the targets of those that are links.
    let wanted: [String]
    private let wantedSet: Set<String>
    /// Each file's folder (`dir/`, or empty for the working directory).
    private let folders: Set<String>
    /// Watched folder by watch descriptor.
    private var watched: [Int32: String] = [:]

    init(descriptor: Int32, files: [String]) {
      self.descriptor = descriptor
      var wanted = files
      for file in files {
        if let target = Self.linkTarget(file), !files.contains(target) { wanted.append(target) }
      }
      self.wanted = wanted
      wantedSet = Set(wanted)
      folders = Set(wanted.map(ImportPath.folder(of:)))
    }

    /// Watches each file's folder, or its nearest existing ancestor; false
    /// when nothing at all can be watched.
    mutating func arm() -> Bool {
      for folder in folders {
        var candidate = folder
        while true {
          let watch = inotify_add_watch(descriptor, candidate.isEmpty ? "." : candidate, InotifyWatch.events)
          if watch >= 0 {
            watched[watch] = candidate
            break
          }
          guard errno == ENOENT || errno == ENOTDIR, let parent = Self.parent(of: candidate) else { break }
          candidate = parent
        }
      }
      return !watched.isEmpty
    }

    /// What a batch of events means for the wanted files.
    mutating func react(to events: [InotifyEvent]) -> Reaction {
      var reaction = Reaction.nothing
      for event in events {
        guard let folder = watched[event.watch] else { continue }
        if event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
          // The folder went: its files are gone, and an ancestor is watched instead.
          watched[event.watch] = nil
          if event.mask & UInt32(IN_IGNORED) == 0 { inotify_rm_watch(descriptor, event.watch) }
          if folders.contains(folder) { return .changed }
          reaction = .rearm
          continue
        }
        let path = folder + event.name
        if wantedSet.contains(path) { return .changed }
        // A folder on the way to a watched file's folder appeared.
        if event.mask & UInt32(IN_ISDIR) != 0, folders.contains(where: { $0.hasPrefix(path + "/") }) {
          reaction = .rearm
        }
      }
      return reaction
    }

    /// `a/b/` for `a/b/c/`, `` for `a/`, `/` for `/a/`; nil at the top.
    static func parent(of folder: String) -> String? {
      guard !folder.isEmpty, folder != "/" else { return nil }
      return ImportPath.folder(of: String(folder.dropLast()))
    }

    /// The file a symbolic link finally names, as a normalized path;
    /// nil when `path` is no link (or a dangling one).
    static func linkTarget(_ path: String) -> String? {
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
        let resolved = realpath(path, nil)
      else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
  }
#endif
