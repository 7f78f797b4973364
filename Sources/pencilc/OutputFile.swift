import PencilDiagnostics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output named by `-o` (or beside an input, or rewritten by `fmt`),
/// written so that a reader never sees half a file and nothing of the
/// system is clobbered (`OutputTarget` decides how):
///
/// - A regular file (or a new one) is written to a temporary file created
///   exclusively with an unpredictable name (`mkstemp`) in the same
///   directory, given the replaced file's mode (a new one: what the umask
///   allows), and renamed over the target once complete. A symbolic link
///   the user named is followed, so the file it points to is replaced and
///   the link kept; one beside an input is refused.
/// - A descriptor pencilc holds (`/dev/stdout`, `/dev/fd/3`, the file
///   standard output is redirected to) is written through, as `cat` does.
/// - Anything else — `/dev/null`, a FIFO, a terminal — is written in
///   place: renaming over a device would replace the device.
/// - On failure the temporary file is removed; on any signal that ends the
///   process too (see `SignalCleanup`). Only SIGKILL (or a crash of the
///   machine) can leave `.NAME.XXXXXX` behind.
final class OutputFile {
  private let path: String
  private var descriptor: Int32
  private let temporary: String?
  private let target: String
  /// fmt's file written in place: cut to the new length at the end.
  private let truncates: Bool
  private var written = 0
  private var cleanupSlot: Int?
  private(set) var failure: IOFailure?

  /// What writing starts with: a descriptor, and the temporary file it
  /// writes when there is one.
  private struct Opened {
    var descriptor: Int32
    var truncates = false
    var temporary: String? = nil
    var target: String? = nil
    var slot: Int? = nil
  }

  init(path: String, origin: OutputTarget.Origin = .named) throws {
    let opened: Opened
    switch try OutputTarget.choose(path, origin: origin) {
    case .held(let held): opened = Opened(descriptor: held)
    case .inPlace(let descriptor, let truncating): opened = Opened(descriptor: descriptor, truncates: truncating)
    case .replaced(let resolved, let mode, let owner):
      opened = try OutputFile.temporaryFile(replacing: resolved, shownAs: path, mode: mode, owner: owner)
    }
    self.path = path
    descriptor = opened.descriptor
    truncates = opened.truncates
    temporary = opened.temporary
    target = opened.target ?? path
    cleanupSlot = opened.slot
  }

  private static func temporaryFile(
    replacing target: String, shownAs path: String, mode: mode_t?, owner: (uid_t, gid_t)?
  ) throws -> Opened {
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var template = (PathBytes.encode("\(directory).\(name).XXXXXX") + [0]).map { CChar(bitPattern: $0) }
    SignalCleanup.install()
    // Made and remembered with the signals held back: one arriving between
    // the two would leave the file behind.
    let (created, bytes, slot) = SignalCleanup.whileBlocked {
      let created = template.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { mkstemp($0) } ?? -1
      }
      guard created >= 0 else { return (created, [UInt8](), Int?.none) }
      let bytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return (created, bytes, SignalCleanup.remember(bytes))
    }
    guard created >= 0 else { throw OutputTarget.failure(path) }
    let temporary = PathBytes.decode(bytes)
    // The owner first: changing it clears the set-user-ID and set-group-ID bits.
    if let (user, group) = owner, fchown(created, user, group) != 0 {
      // Only root may give a file away: write in place, which keeps the owner.
      close(created)
      PathBytes.withCString(temporary) { _ = unlink($0) }
      SignalCleanup.forget(slot)
      return Opened(descriptor: try OutputTarget.open(path), truncates: true)
    }
    // mkstemp makes the file private (0600); give it the replaced file's
    // mode, or the one any new file gets.
    fchmod(created, mode ?? 0o666 & ~OutputFile.creationMask)
    return Opened(descriptor: created, temporary: temporary, target: target, slot: slot)
  }

  /// The umask, read once: reading it means setting it, which other
  /// threads writing files must not see half done.
  private static let creationMask: mode_t = {
    let mask = umask(0)
    umask(mask)
    return mask
  }()

  /// Sets up what files written at once share; call on the main thread
  /// before starting the threads that write them.
  static func prepare(concurrentFiles: Int) {
    SignalCleanup.reserve(concurrentFiles)
    _ = creationMask
  }

  /// Appends bytes; after the first failure the rest is ignored and the
  /// failure reported by `commit`.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else { return }
    do {
      // Written in place, the file must not run out of room half rewritten.
      if truncates, bytes.count > 0 {
        let reserved = posix_fallocate(descriptor, off_t(written), off_t(bytes.count))
        if reserved != 0, reserved != EOPNOTSUPP, reserved != EINVAL {
          errno = reserved
          throw OutputTarget.failure(path)
        }
      }
      try FileIO.writeAll(bytes, to: descriptor, name: "'\(path)'")
      written += bytes.count
    } catch {
      failure = error as? IOFailure ?? IOFailure(code: DriverCodes.unwritable, message: "cannot write '\(path)'")
    }
  }

  /// Finishes the file: renames the temporary file over the target.
  func commit() throws {
    if let failure {
      discard()
      throw failure
    }
    if truncates, ftruncate(descriptor, off_t(written)) != 0 {
      let error = OutputTarget.failure(path)
      discard()
      throw error
    }
    guard close(descriptor) == 0 else {
      let error = OutputTarget.failure(path)
      descriptor = -1
      discard()
      throw error
    }
    descriptor = -1
    guard let temporary else { return }
    let renamed = PathBytes.withCString(temporary) { from in PathBytes.withCString(target) { rename(from, $0) } }
    guard renamed == 0 else {
      let error = OutputTarget.failure(path)
      discard()
      throw error
    }
    SignalCleanup.forget(cleanupSlot)
    cleanupSlot = nil
  }

  /// Abandons the file: the temporary file is removed and the target untouched.
  func discard() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    if let temporary { PathBytes.withCString(temporary) { _ = unlink($0) } }
    SignalCleanup.forget(cleanupSlot)
    cleanupSlot = nil
  }
}
