import PencilDiagnostics

/// Turns a scene into the bytes of one output format. A backend is a thin
/// function over the shape IR: it sees nothing of the source language.
/// Each backend lives in a target of its own (PencilSVG, PencilPNG,
/// PencilASCII) and is made with its own options; the core knows only
/// this protocol.
public protocol Backend: Sendable {
  /// The name given to `-f`.
  var name: String { get }
  /// File extensions (without the dot) that select it from `-o`.
  var fileExtensions: [String] { get }
  /// Whether the output is binary, not text, with this backend's options;
  /// the command line will not write binary output to a terminal.
  var writesBinary: Bool { get }
  /// The bytes of the picture, or nil after appending an error.
  func render(_ scene: Scene, diagnostics: inout [Diagnostic]) -> [UInt8]?
  /// The same bytes handed to `write` in blocks as they are made, so a
  /// caller writing a file need not hold the whole picture; false (and
  /// nothing written) after appending an error.
  func render(
    _ scene: Scene, diagnostics: inout [Diagnostic], write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool
}

extension Backend {
  public var writesBinary: Bool { false }

  /// Backends whose picture is one buffer anyway (the raster ones) hand it
  /// over in one block.
  public func render(
    _ scene: Scene, diagnostics: inout [Diagnostic], write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    guard let bytes = render(scene, diagnostics: &diagnostics) else { return false }
    bytes.withUnsafeBufferPointer(write)
    return true
  }
}
