#if canImport(Glibc)
  import Glibc
#endif

/// Why the server could not listen.
public enum ListenError: Error, Equatable, Sendable {
  /// The port is taken (`EADDRINUSE`) on 127.0.0.1 or ::1.
  case addressInUse(port: Int)
  /// Any other failure of socket, bind or listen, with the system's reason.
  case failed(String)
}

/// Sockets through Glibc: listening on loopback only, non-blocking, closed
/// on exec, and writes that never raise `SIGPIPE` (`MSG_NOSIGNAL`).
enum LoopbackSockets {
  /// Listening sockets on 127.0.0.1 and ::1, on the same port. Port 0 takes
  /// a free port (the IPv4 one, then the same on ::1, trying again when
  /// another process holds it there); where ::1 cannot be bound at all
  /// (no IPv6), IPv4 alone.
  static func listen(port: Int) throws(ListenError) -> (descriptors: [Int32], port: Int) {
    guard (0...65535).contains(port) else { throw .failed("the port must be from 0 to 65535, not \(port)") }
    var lastError = ListenError.failed("no attempt")
    for _ in 0..<(port == 0 ? 8 : 1) {
      let v4 = try bindIPv4(port: port)
      let chosen = boundPort(v4)
      switch bindIPv6(port: chosen) {
      case .success(let v6): return ([v4, v6], chosen)
      case .failure(let error) where error == EADDRINUSE:
        close(v4)
        lastError = .addressInUse(port: chosen)
        continue
      case .failure:
        return ([v4], chosen)
      }
    }
    throw lastError
  }

  private static func bindIPv4(port: Int) throws(ListenError) -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .failed("socket: \(lastError())") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { prepare(descriptor, $0, MemoryLayout<sockaddr_in>.size) }
    }
    if result != 0 {
      let code = result
      close(descriptor)
      throw code == EADDRINUSE ? .addressInUse(port: port) : .failed("127.0.0.1: \(String(cString: strerror(code)))")
    }
    return descriptor
  }

  /// The descriptor, or the errno that stopped it.
  private static func bindIPv6(port: Int) -> Result<Int32, Int32Error> {
    let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return .failure(Int32Error(errno)) }
    var only: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
    withUnsafeMutableBytes(of: &address.sin6_addr) { $0[15] = 1 }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { prepare(descriptor, $0, MemoryLayout<sockaddr_in6>.size) }
    }
    if result != 0 {
      close(descriptor)
      return .failure(Int32Error(result))
    }
    return .success(descriptor)
  }

  /// Binds, listens and makes non-blocking; 0 or the errno.
  private static func prepare(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: Int) -> Int32 {
    var reuse: Int32 = 1
    // A restarted preview can take its port again at once (TIME_WAIT).
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    guard bind(descriptor, address, socklen_t(length)) == 0, Glibc.listen(descriptor, 128) == 0 else { return errno }
    setNonBlocking(descriptor)
    return 0
  }

  private static func boundPort(_ descriptor: Int32) -> Int {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  static func setNonBlocking(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
  }

  /// A pending connection, non-blocking, or nil when there is none.
  static func accept(_ listener: Int32) -> Int32? {
    // Glibc's module lacks accept4 (it needs _GNU_SOURCE): set the flags after.
    let descriptor = Glibc.accept(listener, nil, nil)
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    setNonBlocking(descriptor)
    return descriptor
  }

  /// Bytes written (0 when the socket would block), or nil when the peer is gone.
  static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
    let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if written >= 0 { return written }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
  }

  /// Bytes read into `buffer`: nil at the end of the stream or on an error,
  /// 0 when nothing is there yet.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int? {
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count > 0 { return count }
    if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
    return nil
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}

/// An errno as an error value.
struct Int32Error: Error, Equatable {
  var code: Int32
  init(_ code: Int32) { self.code = code }
  static func == (error: Int32Error, code: Int32) -> Bool { error.code == code }
}
