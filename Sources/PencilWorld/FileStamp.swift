#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file looks like to the watch: whether it exists, its
/// modification time and size (through links: a linked file's target).
public struct FileStamp: Equatable, Sendable {
  public let exists: Bool
  public let seconds: Int
  public let nanoseconds: Int
  public let size: Int

  public init(_ path: String) {
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

  public init(exists: Bool, seconds: Int, nanoseconds: Int, size: Int) {
    self.exists = exists
    self.seconds = seconds
    self.nanoseconds = nanoseconds
    self.size = size
  }
}
