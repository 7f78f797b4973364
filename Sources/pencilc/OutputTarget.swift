import PencilDiagnostics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How an output path is written, decided before the first byte.
enum OutputTarget {
  /// A descriptor the process already holds (`-o /dev/stdout`, or the
  /// file standard output is redirected to): written through a duplicate,
  /// as `cat` writes, never truncated, so `>>` keeps appending and a
  /// shell's earlier lines stay.
  case held(Int32)
  /// A device or FIFO, opened and written in place: renaming over it would
  /// replace the device. `truncating` files (fmt's hard-linked file) are
  /// cut to the new length once written.
  case inPlace(Int32, truncating: Bool)
  /// A regular file, or a new one: written to a temporary file renamed
  /// over `path` when complete, with `mode`, and `owner` given back when
  /// it is not the process's (if that fails, fmt writes in place instead).
  case replaced(path: String, mode: mode_t?, owner: (uid_t, gid_t)?)

  /// Who chose the path, which decides what may stand there.
  enum Origin {
    /// Typed by the user (`-o`): a symbolic link is followed.
    case named
    /// Made beside an input (`a.svg` for `a.pencil`): nobody typed it, so
    /// a symbolic link or special file planted there is refused (E0406).
    case beside
    /// The file `pencilc fmt` rewrites: it keeps its owner, mode and hard
    /// links, and a read-only one is refused (E0407).
    case formatted
  }

  static func choose(_ path: String, origin: Origin) throws -> OutputTarget {
    if origin == .named, let held = try heldDescriptor(spelledBy: path) { return .held(held) }
    var status = stat()
    let exists = PathBytes.withCString(path) { origin == .beside ? lstat($0, &status) : stat($0, &status) } == 0
    guard exists else { return .replaced(path: path, mode: nil, owner: nil) }
    let kind = status.st_mode & S_IFMT
    if origin == .beside, kind != S_IFREG {
      let what = kind == S_IFLNK ? "is a symbolic link" : "is not a regular file"
      throw IOFailure(
        code: DriverCodes.besideInputNotRegular,
        message: "not writing '\(path)': it \(what), and outputs beside their inputs replace only regular files;"
          + " remove it, or name the output with -o")
    }
    if origin == .named, let held = heldDescriptor(sameFileAs: status) { return .held(held) }
    guard kind != S_IFDIR else {
      throw IOFailure(code: DriverCodes.unwritable, message: "cannot write '\(path)': it is a directory")
    }
    guard kind == S_IFREG else { return .inPlace(try open(path), truncating: false) }
    let resolved = origin == .beside ? path : resolvingSymbolicLink(path)
    guard origin == .formatted else { return .replaced(path: resolved, mode: status.st_mode & 0o777, owner: nil) }
    let writable = PathBytes.withCString(path) { access($0, W_OK) } == 0
    guard status.st_mode & 0o222 != 0, writable else {
      throw IOFailure(
        code: DriverCodes.readOnly,
        message: "not formatting '\(path)': it is read-only; make it writable (chmod u+w) to format it")
    }
    // A new file would be a new inode: the other names would keep the old text.
    if status.st_nlink > 1 { return .inPlace(try open(path), truncating: true) }
    let owned = status.st_uid == geteuid() && status.st_gid == getegid()
    return .replaced(path: resolved, mode: status.st_mode & 0o7777, owner: owned ? nil : (status.st_uid, status.st_gid))
  }

  static func open(_ path: String) throws -> Int32 {
    let opened = PathBytes.withCString(path) { Glibc.open($0, O_WRONLY | O_CLOEXEC) }
    guard opened >= 0 else { throw failure(path) }
    return opened
  }

  static func failure(_ path: String) -> IOFailure {
    IOFailure(code: DriverCodes.unwritable, message: "cannot write '\(path)': \(FileIO.lastError())")
  }

  /// A duplicate of descriptor N for `/dev/stdout`, `/dev/stderr`,
  /// `/dev/fd/N` or `/proc/self/fd/N`; nil for any other path.
  private static func heldDescriptor(spelledBy path: String) throws -> Int32? {
    let number: Int32?
    switch path {
    case "/dev/stdin": number = 0
    case "/dev/stdout": number = 1
    case "/dev/stderr": number = 2
    default:
      let prefix = ["/dev/fd/", "/proc/self/fd/"].first { path.hasPrefix($0) }
      number = prefix.flatMap { Int32(path.dropFirst($0.count)) }
    }
    guard let number else { return nil }
    let flags = fcntl(number, F_GETFL)
    guard flags >= 0 else { throw failure(path) }
    guard flags & O_ACCMODE != O_RDONLY else {
      throw IOFailure(
        code: DriverCodes.unwritable, message: "cannot write '\(path)': the descriptor is open only for reading")
    }
    return try duplicate(number, path)
  }

  /// A duplicate of standard input, output or error when it is open for
  /// writing on the file `status` describes (`-o log.txt >> log.txt`).
  private static func heldDescriptor(sameFileAs status: stat) -> Int32? {
    for number: Int32 in 0...2 {
      var held = stat()
      let flags = fcntl(number, F_GETFL)
      guard flags >= 0, flags & O_ACCMODE != O_RDONLY, fstat(number, &held) == 0 else { continue }
      if held.st_dev == status.st_dev, held.st_ino == status.st_ino { return try? duplicate(number, "") }
    }
    return nil
  }

  /// A duplicate, closed on exec and by `commit`, so the original stays open.
  private static func duplicate(_ number: Int32, _ path: String) throws -> Int32 {
    let copy = fcntl(number, F_DUPFD_CLOEXEC, 3)
    guard copy >= 0 else { throw failure(path) }
    return copy
  }

  /// The file a symbolic link points to (through any chain of links), or
  /// the path itself when it is not a link or the link dangles.
  private static func resolvingSymbolicLink(_ path: String) -> String {
    PathBytes.withCString(path) { cPath in
      var status = stat()
      guard lstat(cPath, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, stat(cPath, &status) == 0,
        let resolved = realpath(cPath, nil)
      else { return path }
      defer { free(resolved) }
      return PathBytes.decode(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
  }
}
