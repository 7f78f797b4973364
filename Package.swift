// swift-tools-version:6.0
import PackageDescription

// Start-up settings for every target of the shipped binaries (see
// docs/dev/benchmarks.md, "Start-up"; pencil-bench, timed in process, keeps
// the defaults and its main actor for its top-level state):
// - No implicit `import _Concurrency` or `_StringProcessing`: the code uses
//   neither, and an implicit import links libswift_Concurrency (with
//   libdispatch), libswift_StringProcessing and libswift_RegexParser into the
//   process, whose loading and relocation cost more than the rest of a
//   hello-world program.
// - In release, concrete generic metadata (Dictionary<Name, Int>, ...) is
//   reached through accessors that pass the witness tables, not by demangling
//   the type's name, which scans every protocol conformance in the process
//   for each new type: a quarter of the instructions of --check on a sample.
let startup: [SwiftSetting] = [
  .unsafeFlags([
    "-Xfrontend", "-disable-implicit-concurrency-module-import",
    "-Xfrontend", "-disable-implicit-string-processing-module-import",
  ]),
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

let package = Package(
  name: "pencilc",
  products: [
    .executable(name: "pencilc", targets: ["pencilc"]),
    // The source files, diagnostics and formatter that PencilCore's API
    // speaks in: a library user imports them beside PencilCore, which does
    // not re-export them.
    .library(name: "PencilDiagnostics", targets: ["PencilDiagnostics"]),
    .library(name: "PencilSyntax", targets: ["PencilSyntax"]),
    .library(name: "PencilCore", targets: ["PencilCore"]),
    .library(name: "PencilSVG", targets: ["PencilSVG"]),
    .library(name: "PencilRaster", targets: ["PencilRaster"]),
    .library(name: "PencilPNG", targets: ["PencilPNG"]),
    .library(name: "PencilASCII", targets: ["PencilASCII"]),
    .library(name: "PencilWorld", targets: ["PencilWorld"]),
    .library(name: "PencilLSP", targets: ["PencilLSP"]),
    .library(name: "PencilPreview", targets: ["PencilPreview"]),
  ],
  targets: [
    // The stages are targets, each importing only those below it.
    // Source files, ranges, diagnostics and their printers; the codes of no
    // stage but the driver's (each stage defines its own).
    // The one lock, worker thread and thread pool every target shares.
    .target(name: "PencilSupport", swiftSettings: startup),
    .target(name: "PencilDiagnostics", dependencies: ["PencilSupport"], swiftSettings: startup),
    // Lexer, syntax tree, parser and formatter: text in, tree out.
    .target(name: "PencilSyntax", dependencies: ["PencilDiagnostics"], swiftSettings: startup),
    // Checking, layout and the IR over the syntax; it assembles the
    // catalogue of every stage's codes. It re-exports nothing: each file
    // imports the stages it names, here and in every target above.
    // prelude.pencil is embedded as a string (PreludeSource.swift), not a resource.
    .target(
      name: "PencilCore", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilSyntax"],
      exclude: ["Prelude/prelude.pencil"], swiftSettings: startup),
    // The backends: each sees only the IR (PencilCore) and takes its own options.
    // The built-in stroke font's outlines, for SVG's --text-as-paths and the raster.
    .target(name: "PencilFont", dependencies: ["PencilCore"], swiftSettings: startup),
    .target(
      name: "PencilSVG", dependencies: ["PencilDiagnostics", "PencilCore", "PencilFont"], swiftSettings: startup),
    // Coverage rasterizer, paints, clips and the worker threads it draws on.
    .target(
      name: "PencilRaster", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilCore", "PencilFont"],
      swiftSettings: startup),
    // PNG (with its DEFLATE) and PPM, encoded from the raster's pixels.
    .target(
      name: "PencilPNG", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilCore", "PencilRaster"],
      swiftSettings: startup),
    .target(
      name: "PencilASCII", dependencies: ["PencilDiagnostics", "PencilCore", "PencilRaster"], swiftSettings: startup),
    // The output formats and the flags that choose each backend's options:
    // one mapping for the command line, the tests and the fuzz target.
    .target(
      name: "PencilOutput", dependencies: ["PencilCore", "PencilSVG", "PencilRaster", "PencilPNG", "PencilASCII"],
      swiftSettings: startup),
    // The one way the shells read files: the main file, imports, editor
    // overlays, the file list a watch waits on.
    .target(
      name: "PencilWorld", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilCore"], swiftSettings: startup),
    // The language server (`pencilc lsp`): JSON-RPC over the core's queries.
    .target(
      name: "PencilLSP", dependencies: ["PencilDiagnostics", "PencilSyntax", "PencilCore", "PencilWorld"],
      swiftSettings: startup),
    // `pencilc preview` (an HTTP server on loopback sockets) and the file
    // watch it shares with `--watch`.
    .target(
      name: "PencilPreview",
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilCore", "PencilWorld", "PencilSVG", "PencilRaster", "PencilPNG",
        "PencilASCII",
      ],
      swiftSettings: startup),
    .executableTarget(
      name: "pencilc",
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilSyntax", "PencilCore", "PencilWorld", "PencilSVG", "PencilRaster",
        "PencilPNG", "PencilASCII", "PencilOutput", "PencilLSP", "PencilPreview", "CSignalCleanup",
      ], swiftSettings: startup),
    .target(name: "CSignalCleanup"),
    .executableTarget(
      name: "pencil-bench", dependencies: ["PencilDiagnostics", "PencilSyntax", "PencilCore", "PencilSVG"]),
    .testTarget(
      name: "PencilCoreTests",
      // PencilPreview for the fuzz checks' preview SVG (Fuzz/FuzzEditor.swift).
      dependencies: [
        "PencilCore", "PencilDiagnostics", "PencilSyntax", "PencilFont", "PencilSVG", "PencilRaster", "PencilPNG",
        "PencilASCII", "PencilOutput", "PencilPreview",
      ],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(name: "PencilWorldTests", dependencies: ["PencilWorld", "PencilDiagnostics", "PencilCore"]),
    .testTarget(name: "PencilLSPTests", dependencies: ["PencilLSP", "PencilDiagnostics", "PencilCore", "PencilWorld"]),
    .testTarget(
      name: "PencilPreviewTests", dependencies: ["PencilPreview", "PencilDiagnostics", "PencilCore", "PencilSVG"]),
    .testTarget(
      name: "PencilCLITests",
      dependencies: ["pencilc"]
    ),
  ]
)
