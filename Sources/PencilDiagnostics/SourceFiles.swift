/// A file of one compilation: its index in the compilation's
/// `SourceFiles`, the compiled file being 0. 32 bits, as source offsets are.
public struct FileID: Hashable, Sendable {
  public var index: UInt32
  public init(_ index: UInt32) { self.index = index }
  /// The compiled file.
  public static let main = FileID(0)
}

/// The files of one compilation by `FileID`: the compiled file first, then
/// each file its imports read, in the order they were first met. What
/// points into the source (a diagnostic, a note) carries an id; the
/// printers at the edges look the file up here.
public struct SourceFiles: Sendable {
  /// Every file by id: the compiled file first.
  public private(set) var files: [SourceFile]
  /// Ids by name: a name identifies a file (`ImportLoader` gives one
  /// name to every path that reaches a file), so a file is one id however
  /// often it is met.
  private var ids: [String: FileID] = [:]

  public init(main: SourceFile) {
    files = [main]
    ids[main.name] = .main
  }

  /// The compiled file.
  public var main: SourceFile { files[0] }

  /// The file of `id`; the compiled file for an id this table did not
  /// hand out (ids come only from `add`, so that is another table's).
  public subscript(id: FileID) -> SourceFile {
    Int(id.index) < files.count ? files[Int(id.index)] : files[0]
  }

  /// The id of `file`, if it is in the table.
  public func id(of file: SourceFile) -> FileID? { ids[file.name] }

  /// The id of the file named `name` (what a display item records of its
  /// file), if it is in the table.
  public func id(named name: String) -> FileID? { ids[name] }

  /// The id of `file`, given one now if it is new.
  @discardableResult
  public mutating func add(_ file: SourceFile) -> FileID {
    if let id = ids[file.name] { return id }
    let id = FileID(UInt32(truncatingIfNeeded: files.count))
    ids[file.name] = id
    files.append(file)
    return id
  }
}
