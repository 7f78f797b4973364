import PencilOpenType

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The font index's cache file: a first line naming its format, then a
/// line for each face (or for a file with none), fields separated by tabs:
/// path, size, seconds, nanoseconds, face, family, subfamily, weight,
/// width, italic, monospaced. A file whose size or time changed is read
/// again; a cache that cannot be read is rebuilt.
enum FontIndexCache {
  static let header = "pencilc font index 1"
  /// A cache larger than this is not read (and is rebuilt).
  static let maximumBytes = 64 << 20

  struct Entry: Equatable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int
    var faces: [FaceDescription]
  }

  static func read(_ path: String) -> [String: Entry] {
    guard case .success(let bytes) = Disk.system.read(path, limit: maximumBytes) else { return [:] }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.first.map(String.init) == header else { return [:] }
    var entries: [String: Entry] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 11, let size = Int(fields[1]), let seconds = Int(fields[2]),
        let nanoseconds = Int(fields[3]), let face = Int(fields[4])
      else { return [:] }
      var entry = entries[fields[0]] ?? Entry(size: size, seconds: seconds, nanoseconds: nanoseconds, faces: [])
      if face >= 0, let weight = Int(fields[7]), let width = Int(fields[8]) {
        entry.faces.append(
          FaceDescription(
            path: fields[0], face: face, family: fields[5], subfamily: fields[6], weight: weight, width: width,
            italic: fields[9] == "1", monospaced: fields[10] == "1"))
      }
      entries[fields[0]] = entry
    }
    return entries
  }

  /// Writes `entries` to a temporary file beside `path` and renames it
  /// over it (a reader never sees half a cache); a failure leaves the old.
  static func store(_ entries: [String: Entry], to path: String) {
    var text = header + "\n"
    func clean(_ field: String) -> String {
      String(field.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
    for (file, entry) in entries.sorted(by: { $0.key < $1.key }) where storable(file) {
      let stamp = "\(file)\t\(entry.size)\t\(entry.seconds)\t\(entry.nanoseconds)"
      if entry.faces.isEmpty { text += "\(stamp)\t-1\t\t\t0\t0\t0\t0\n" }
      for face in entry.faces {
        text += "\(stamp)\t\(face.face)\t\(clean(face.family))\t\(clean(face.subfamily))\t\(face.weight)\t"
        text += "\(face.width)\t\(face.italic ? 1 : 0)\t\(face.monospaced ? 1 : 0)\n"
      }
    }
    // A relative path is the working directory's.
    var path = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: 4096)
      guard getcwd(&buffer, buffer.count) != nil else { return }
      path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }
    guard let slash = path.lastIndex(of: "/") else { return }
    makeFolders(String(path[..<slash]))
    // A temporary name no one else has (O_EXCL): two scans never share one.
    var temporary = ""
    var descriptor: Int32 = -1
    for attempt in 0..<100 where descriptor < 0 {
      temporary = "\(path).\(getpid()).\(attempt).tmp"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    }
    guard descriptor >= 0 else { return }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
  }

  /// Whether a path can be a field of the cache (no tab, no line break).
  static func storable(_ path: String) -> Bool { !path.contains("\t") && !path.contains("\n") && !path.contains("\r") }

  private static func makeFolders(_ folder: String) {
    var path = ""
    for part in folder.split(separator: "/") {
      path += "/" + part
      mkdir(path, 0o755)
    }
  }
}
