/// An entry of a folder, for the completion of import paths.
public struct FolderEntry: Equatable, Sendable {
  public var name: String
  public var isFolder: Bool

  public init(name: String, isFolder: Bool) {
    self.name = name
    self.isFolder = isFolder
  }
}
