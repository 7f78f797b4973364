#if canImport(Glibc)
  import PencilCore
  import Glibc

  /// Linux's file change events, on the folders of the watched files.
  enum InotifyWatch {
    private static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    /// true when a file changed, false when `stop` became readable first;
    /// nil when inotify cannot be used (the caller polls instead).
    static func wait(for files: [String], stop: Int32?) -> Bool? {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      // Watched folder by watch descriptor, and the names to react to.
      var folders: [Int32: String] = [:]
      let wanted = Set(files)
      for folder in Set(files.map(folder(of:))) {
        let watch = inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, events)
        if watch >= 0 { folders[watch] = folder }
      }
      guard !folders.isEmpty else { return nil }
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var changed = false
      // Block for the first relevant event, then take events until the
      // folder has been quiet for `settle` milliseconds.
      while true {
        var requests = [
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&requests, 2, changed ? FileWatch.settle : -1)
        if ready < 0, errno == EINTR { continue }
        if requests[1].revents != 0 { return false }
        if ready <= 0 { return changed }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return changed ? true : nil }
        if names(in: buffer, count: count, folders: folders).contains(where: wanted.contains) { changed = true }
      }
    }

    /// The paths the events in `buffer` are about.
    private static func names(in buffer: [UInt8], count: Int, folders: [Int32: String]) -> [String] {
      var paths: [String] = []
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let (watch, length) = buffer.withUnsafeBytes { bytes in
          (
            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let end = min(count, offset + header + length)
        let nameBytes = buffer[(offset + header)..<end].prefix { $0 != 0 }
        if let folder = folders[watch], !nameBytes.isEmpty {
          paths.append(folder + String(decoding: nameBytes, as: UTF8.self))
        }
        offset = end
      }
      return paths
    }

    /// `dir/` for `dir/file.pencil`, empty for `file.pencil`.
    private static func folder(of path: String) -> String { ImportPath.folder(of: path) }
  }
#endif
