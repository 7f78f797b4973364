/// How an `import "path"` names a file, for every loader (the command
/// line's, the language server's): relative to the importing file's
/// folder, with `.` and `name/..` parts removed, so that two spellings of
/// one file give one name and the compiler recognizes it (and cycles).
public enum ImportPath {
  /// The name `path` gives when written in a file named `importer`; an
  /// importer in no folder (standard input) imports relative to the
  /// working directory.
  public static func resolve(_ path: String, from importer: String) -> String {
    normalize(path.hasPrefix("/") ? path : folder(of: importer) + path)
  }

  /// `dir/` for `dir/file.pencil`, empty for `file.pencil`.
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// Removes `.` and `name/..` parts; keeps leading `..` and a leading `/`.
  public static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute, parts.isEmpty { continue }
      parts.append(part)
    }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }
}
