import PencilDiagnostics
import XCTest

@testable import PencilASCII
@testable import PencilCore
@testable import PencilIR

/// The ASCII picture of a scene, for the tests of the ASCII backend.
func asciiPicture(_ scene: Scene, columns: Int, configure: (inout ASCIIOptions) -> Void = { _ in }) throws -> String {
  var options = ASCIIOptions()
  options.columns = columns
  configure(&options)
  var diagnostics: [Diagnostic] = []
  let bytes = try XCTUnwrap(Pencil.render(scene, with: ASCIIBackend(options: options), diagnostics: &diagnostics))
  return String(decoding: bytes, as: UTF8.self)
}

/// The same for a source text, which must compile.
func asciiPicture(_ source: String, columns: Int, configure: (inout ASCIIOptions) -> Void = { _ in }) throws -> String {
  let compilation = compile(source)
  XCTAssertEqual(compilation.diagnostics.filter { $0.severity == .error }.map(\.message), [])
  return try asciiPicture(try XCTUnwrap(compilation.scene), columns: columns, configure: configure)
}

/// A sample compiled with its folder for imports.
func compiledSample(_ name: String) throws -> Scene {
  let url = Repository.samples.appendingPathComponent(name + ".pencil")
  return try XCTUnwrap(
    Pencil.compile(
      SourceFile(name: name, bytes: Array(try Data(contentsOf: url))),
      importer: FolderLoader(folder: url.deletingLastPathComponent())
    ).scene)
}
