import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// However a run ends, short of SIGKILL, the temporary output file
/// `.NAME.XXXXXX` is removed, and the process still dies of the signal
/// (so the exit status tells what happened).
final class SignalCleanupCLITests: XCTestCase {
  /// Every signal whose default action ends the process, and that pencilc
  /// does not leave to the Swift runtime's crash handler.
  static let terminating: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF, SIGPIPE, SIGIO,
    SIGPWR, SIGSTKFLT, __libc_current_sigrtmin(), __libc_current_sigrtmax(),
  ]

  /// Starts a render slow enough (a large PNG) to be caught while its
  /// temporary file exists, and waits until it does.
  private func startWritingSlowly(in directory: URL) throws -> Process {
    let sample = CLI.root.appendingPathComponent("samples/showcase.pencil").path
    let process = try Background.start([sample, "-f", "png", "--scale", "4", "-o", "out.png"], in: directory)
    let started = Background.wait { !Background.hiddenFiles(in: directory).isEmpty || !process.isRunning }
    XCTAssertTrue(started)
    XCTAssertTrue(process.isRunning, "pencilc ended before its temporary file was seen")
    return process
  }

  func testEveryTerminatingSignalRemovesTheTemporaryFile() throws {
    for signalNumber in Self.terminating {
      let directory = try CLI.temporaryDirectory()
      let process = try startWritingSlowly(in: directory)
      kill(process.processIdentifier, signalNumber)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signalNumber)")
      XCTAssertEqual(process.terminationStatus, signalNumber, "signal \(signalNumber)")
      XCTAssertEqual(Background.hiddenFiles(in: directory), [], "signal \(signalNumber)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }
  }

  /// SIGXFSZ is ignored: reaching a file size limit is a write error
  /// (E0404, cleaned up like any other), and the signal alone ends nothing.
  func testSIGXFSZDoesNotEndTheRun() throws {
    let directory = try CLI.temporaryDirectory()
    let sample = CLI.root.appendingPathComponent("samples/showcase.pencil").path
    let process = try Background.start([sample, "-f", "png", "-o", "out.png"], in: directory)
    _ = Background.wait { !Background.hiddenFiles(in: directory).isEmpty || !process.isRunning }
    kill(process.processIdentifier, SIGXFSZ)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .exit)
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    XCTAssertEqual(Background.hiddenFiles(in: directory), [])
  }

  /// A reader that stops early ends pencilc as it ends `cat`: by SIGPIPE,
  /// silently, with nothing left behind.
  func testAReaderThatClosesThePipeEndsTheRunQuietly() throws {
    let directory = try CLI.temporaryDirectory()
    for output in [["-o", "/dev/stdout"], []] {
      let result = try Background.shell(
        "\"$0\" \"$1\" -f ppm \(output.joined(separator: " ")) 2>err | head -c 10 >/dev/null;"
          + " echo \"${PIPESTATUS[0]}\"; cat err",
        in: directory)
      XCTAssertEqual(result.stdout, "141\n", "\(output)")
      XCTAssertEqual(Background.hiddenFiles(in: directory), [])
    }
  }
}
