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
    // The stages whose types PencilCore's API speaks in (source files and
    // diagnostics, the formatter, geometry, the shape IR, appearances and
    // import loaders): a library user imports them beside PencilCore, which
    // does not re-export them.
    .library(name: "PencilDiagnostics", targets: ["PencilDiagnostics"]),
    .library(name: "PencilSyntax", targets: ["PencilSyntax"]),
    .library(name: "PencilGeometry", targets: ["PencilGeometry"]),
    .library(name: "PencilIR", targets: ["PencilIR"]),
    .library(name: "PencilSema", targets: ["PencilSema"]),
    .library(name: "PencilCore", targets: ["PencilCore"]),
    .library(name: "PencilQueries", targets: ["PencilQueries"]),
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
    // Points, rectangles, transforms, colours, strokes and text metrics:
    // the values every stage after the syntax speaks in.
    .target(name: "PencilGeometry", dependencies: ["PencilSupport"], swiftSettings: startup),
    // OpenType and TrueType fonts read from their bytes: tables, character
    // maps, metrics, kerning and outlines (issue 26).
    .target(name: "PencilOpenType", dependencies: ["PencilSupport", "PencilGeometry"], swiftSettings: startup),
    // The shape IR (the display list a scene is) and the protocol a
    // backend implements: what layout hands on and backends read.
    .target(
      name: "PencilIR", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilGeometry"], swiftSettings: startup),
    // Names, types, evaluation and expansion: the syntax in, the checked
    // element tree (`SceneModel`, pure data) out. The prelude is embedded
    // as a string (PreludeSource.swift), not a resource.
    .target(
      name: "PencilSema", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilSyntax", "PencilGeometry"],
      exclude: ["Prelude/prelude.pencil"], swiftSettings: startup),
    // Measurement, proposal and response, anchors and connector routing:
    // the element tree in, the placed display list (`Scene`) out.
    .target(
      name: "PencilLayout",
      dependencies: ["PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilSema"],
      swiftSettings: startup),
    // The compiler's driver: one call from source to scene, the catalogue
    // of every stage's codes, SARIF. It
    // re-exports nothing: each file imports the stages it names, here and
    // in every target above.
    .target(
      name: "PencilCore",
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilSyntax", "PencilGeometry", "PencilIR", "PencilSema",
        "PencilLayout",
      ],
      swiftSettings: startup),
    // The editor's questions (hover, completion, outline, semantic tokens,
    // names and rename) over the syntax tree and a compilation.
    .target(
      name: "PencilQueries",
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilSyntax", "PencilGeometry", "PencilIR", "PencilSema", "PencilCore",
      ],
      swiftSettings: startup),
    // The backends: each sees only the IR (PencilCore) and takes its own options.
    // The built-in stroke font's outlines, for SVG's --text-as-paths and the raster.
    .target(name: "PencilFont", dependencies: ["PencilSupport", "PencilGeometry", "PencilIR"], swiftSettings: startup),
    .target(
      name: "PencilSVG",
      dependencies: ["PencilSupport", "PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilFont"],
      swiftSettings: startup),
    // Coverage rasterizer, paints, clips and the worker threads it draws on.
    .target(
      name: "PencilRaster",
      dependencies: ["PencilSupport", "PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilFont"],
      swiftSettings: startup),
    // PNG (with its DEFLATE) and PPM, encoded from the raster's pixels.
    .target(
      name: "PencilPNG", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilIR", "PencilRaster"],
      swiftSettings: startup),
    .target(
      name: "PencilASCII",
      dependencies: ["PencilSupport", "PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilRaster"],
      swiftSettings: startup),
    // The output formats and the flags that choose each backend's options:
    // one mapping for the command line, the tests and the fuzz target.
    .target(
      name: "PencilOutput", dependencies: ["PencilIR", "PencilSVG", "PencilRaster", "PencilPNG", "PencilASCII"],
      swiftSettings: startup),
    // The one way the shells read files: the main file, imports, editor
    // overlays, the file list a watch waits on.
    .target(
      name: "PencilWorld", dependencies: ["PencilSupport", "PencilDiagnostics", "PencilSema", "PencilOpenType"],
      swiftSettings: startup),
    // The language server (`pencilc lsp`): JSON-RPC over the core's queries.
    .target(
      name: "PencilLSP",
      dependencies: [
        "PencilDiagnostics", "PencilSyntax", "PencilIR", "PencilSema", "PencilCore", "PencilQueries", "PencilWorld",
      ],
      swiftSettings: startup),
    // `pencilc preview` (an HTTP server on loopback sockets) and the file
    // watch it shares with `--watch`.
    .target(
      name: "PencilPreview",
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilGeometry", "PencilIR", "PencilSema", "PencilCore", "PencilSVG",
        "PencilRaster", "PencilPNG", "PencilASCII", "PencilWorld",
      ],
      swiftSettings: startup),
    .executableTarget(
      name: "pencilc",
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilSyntax", "PencilIR", "PencilSema", "PencilCore", "PencilASCII",
        "PencilOutput", "PencilWorld", "PencilLSP", "PencilPreview", "CSignalCleanup",
      ], swiftSettings: startup),
    .target(name: "CSignalCleanup"),
    // Prints what PencilOpenType reads of a font, for scripts/font-check.py.
    .executableTarget(name: "pencil-font", dependencies: ["PencilGeometry", "PencilOpenType", "PencilWorld"]),
    .executableTarget(
      name: "pencil-bench",
      dependencies: ["PencilDiagnostics", "PencilSyntax", "PencilCore", "PencilQueries", "PencilSVG"]),
    .testTarget(
      name: "PencilCoreTests",
      // PencilPreview for the fuzz checks' preview SVG (Fuzz/FuzzEditor.swift).
      dependencies: [
        "PencilSupport", "PencilDiagnostics", "PencilSyntax", "PencilGeometry", "PencilIR", "PencilSema",
        "PencilLayout", "PencilCore", "PencilQueries", "PencilFont", "PencilSVG", "PencilRaster", "PencilPNG",
        "PencilASCII", "PencilOutput", "PencilPreview", "PencilOpenType",
      ],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(
      name: "PencilWorldTests", dependencies: ["PencilDiagnostics", "PencilCore", "PencilWorld", "PencilOpenType"]),
    .testTarget(
      name: "PencilLSPTests",
      dependencies: ["PencilDiagnostics", "PencilSema", "PencilCore", "PencilQueries", "PencilWorld", "PencilLSP"]),
    .testTarget(
      name: "PencilPreviewTests",
      dependencies: [
        "PencilDiagnostics", "PencilGeometry", "PencilSema", "PencilCore", "PencilQueries", "PencilSVG",
        "PencilPreview",
      ]),
    .testTarget(
      name: "PencilCLITests",
      dependencies: ["pencilc"]
    ),
  ]
)
