import PencilOpenType

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fonts a compilation may use: every face of every font file in the
/// folders searched (the system's, then `--font-dir`s and a `fonts`
/// folder beside the scene), described by family and style for CSS's
/// matching. A face is described from its `head`, `name`, `OS/2` and
/// `post` tables alone, read at their offsets (a 20 MB collection costs a
/// few kilobytes), and the descriptions are kept in a cache file keyed by
/// each file's path, size and modification time, so a compile reads no
/// font it has described before.
public struct FontIndex: Sendable {
  public let faces: [FaceDescription]
  /// How many font files the scan read (the rest came from the cache).
  public let filesRead: Int

  /// At most this many font files are looked at, this many folders deep.
  static let maximumFiles = 20_000
  static let maximumDepth = 16
  /// A table read to describe a face is at most this long.
  static let maximumTableBytes = 4 << 20

  public init(faces: [FaceDescription], filesRead: Int = 0) { (self.faces, self.filesRead) = (faces, filesRead) }

  /// The system's font folders on this machine, for this user.
  public static var systemFolders: [String] {
    let home = getenv("HOME").map { String(cString: $0) }
    #if canImport(Darwin)
      return ["/System/Library/Fonts", "/Library/Fonts"] + (home.map { ["\($0)/Library/Fonts"] } ?? [])
    #else
      return ["/usr/share/fonts", "/usr/local/share/fonts"]
        + (home.map { ["\($0)/.local/share/fonts", "\($0)/.fonts"] } ?? [])
    #endif
  }

  /// The cache file: `$XDG_CACHE_HOME/pencilc/fonts-1.tsv`, or under
  /// `~/.cache`; nil without a home.
  public static var defaultCache: String? {
    if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), !cache.isEmpty {
      return "\(cache)/pencilc/fonts-1.tsv"
    }
    return getenv("HOME").map { "\(String(cString: $0))/.cache/pencilc/fonts-1.tsv" }
  }

  /// The faces of the font files under `folders` (in that order; a file
  /// met twice counts once), read through `cache` when given, which is
  /// rewritten (to a temporary file, then renamed) when it changed.
  public static func scan(_ folders: [String], cache: String? = FontIndex.defaultCache) -> FontIndex {
    var files: [String] = []
    var seen: Set<FileIdentity> = []
    for folder in folders { collect(folder, depth: 0, into: &files, seen: &seen) }
    let known = cache.map(FontIndexCache.read) ?? [:]
    var faces: [FaceDescription] = []
    var entries: [String: FontIndexCache.Entry] = [:]
    var read = 0
    for path in files {
      let stamp = FileStamp(path)
      if let entry = known[path], entry.size == stamp.size, entry.seconds == stamp.seconds,
        entry.nanoseconds == stamp.nanoseconds
      {
        faces += entry.faces
        entries[path] = entry
        continue
      }
      let described = FontIndex.describe(path)
      read += 1
      faces += described
      entries[path] = FontIndexCache.Entry(
        size: stamp.size, seconds: stamp.seconds, nanoseconds: stamp.nanoseconds, faces: described)
    }
    // Compared as stored: a path the cache cannot hold (a tab in it) is
    // read every time, but does not make the cache be rewritten each time.
    let stored = entries.filter { FontIndexCache.storable($0.key) }
    if let cache, stored.count != known.count || stored.contains(where: { known[$0.key] != $0.value }) {
      FontIndexCache.store(entries, to: cache)
    }
    return FontIndex(faces: faces, filesRead: read)
  }

  /// The faces of `family`, its name compared without case.
  public func family(_ name: String) -> [FaceDescription] {
    let wanted = name.lowercased()
    return faces.filter { $0.family.lowercased() == wanted }
  }

  /// The face of `family` CSS's matching picks; nil when the family is
  /// not installed.
  public func best(family name: String, weight: Int, width: Int = 5, italic: Bool = false) -> FaceDescription? {
    FontMatching.best(of: family(name), weight: weight, width: width, italic: italic)
  }

  /// The font files under `folder`, sorted by name at each level.
  private static func collect(_ folder: String, depth: Int, into files: inout [String], seen: inout Set<FileIdentity>) {
    guard depth <= maximumDepth, files.count < maximumFiles, let directory = opendir(folder) else { return }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    closedir(directory)
    for name in names.sorted() {
      guard files.count < maximumFiles else { return }
      let path = folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
      var status = stat()
      guard stat(path, &status) == 0, seen.insert(FileIdentity(status)).inserted else { continue }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        collect(path, depth: depth + 1, into: &files, seen: &seen)
      } else if (status.st_mode & S_IFMT) == S_IFREG, isFontName(name) {
        files.append(path)
      }
    }
  }

  static func isFontName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
  }

  /// Every face of the font file at `path`, from its tables' bytes; none
  /// when it cannot be read or is not a font.
  static func describe(_ path: String) -> [FaceDescription] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    func read(_ offset: Int, _ count: Int) -> [UInt8]? {
      guard offset >= 0, count >= 0, count <= maximumTableBytes else { return nil }
      var bytes = [UInt8](repeating: 0, count: count)
      let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
      return got == count ? bytes : nil
    }
    func u32(_ bytes: [UInt8], _ at: Int) -> Int {
      bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    guard let header = read(0, 12) else { return [] }
    var offsets = [0]
    if header[0..<4] == [0x74, 0x74, 0x63, 0x66] {  // 'ttcf'
      let count = min(u32(header, 8), 256)
      guard let table = read(12, 4 * count) else { return [] }
      offsets = (0..<count).map { u32(table, 4 * $0) }
    }
    var faces: [FaceDescription] = []
    for (face, offset) in offsets.enumerated() {
      guard let directory = read(offset, 12) else { continue }
      let tableCount = Int(directory[4]) << 8 | Int(directory[5])
      guard let records = read(offset + 12, 16 * tableCount) else { continue }
      var tables: [String: [UInt8]] = [:]
      for index in 0..<tableCount {
        let record = 16 * index
        let tag = String(decoding: records[record..<(record + 4)], as: UTF8.self)
        guard ["head", "name", "OS/2", "post"].contains(tag) else { continue }
        tables[tag] = read(u32(records, record + 8), u32(records, record + 12))
      }
      guard let head = tables["head"],
        let description = try? FaceDescription.read(
          path: path, face: face, head: head, name: tables["name"], os2: tables["OS/2"], post: tables["post"])
      else { continue }
      faces.append(description)
    }
    return faces
  }
}
