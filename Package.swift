// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "pencilc",
  products: [
    .executable(name: "pencilc", targets: ["pencilc"]),
    .library(name: "PencilCore", targets: ["PencilCore"]),
    .library(name: "PencilLSP", targets: ["PencilLSP"]),
    .library(name: "PencilPreview", targets: ["PencilPreview"]),
  ],
  targets: [
    // The stages are targets, each importing only those below it.
    // Source files, ranges, diagnostics and their printers; the codes of no
    // stage but the driver's (each stage defines its own).
    .target(name: "PencilDiagnostics"),
    // Lexer, syntax tree, parser and formatter: text in, tree out.
    .target(name: "PencilSyntax", dependencies: ["PencilDiagnostics"]),
    // Checking, layout, IR and backends over the syntax; it re-exports the
    // two stages below, and assembles the catalogue of every stage's codes.
    // prelude.pencil is embedded as a string (PreludeSource.swift), not a resource.
    .target(
      name: "PencilCore", dependencies: ["PencilDiagnostics", "PencilSyntax"], exclude: ["Prelude/prelude.pencil"]),
    // The language server (`pencilc lsp`): JSON-RPC over the core's queries.
    .target(name: "PencilLSP", dependencies: ["PencilCore"]),
    // `pencilc preview` (an HTTP server on loopback sockets) and the file
    // watch it shares with `--watch`.
    .target(name: "PencilPreview", dependencies: ["PencilCore"]),
    .executableTarget(name: "pencilc", dependencies: ["PencilCore", "PencilLSP", "PencilPreview"]),
    .executableTarget(name: "pencil-bench", dependencies: ["PencilCore"]),
    .testTarget(
      name: "PencilCoreTests",
      dependencies: ["PencilCore", "PencilDiagnostics", "PencilSyntax"],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(name: "PencilLSPTests", dependencies: ["PencilLSP", "PencilCore"]),
    .testTarget(name: "PencilPreviewTests", dependencies: ["PencilPreview", "PencilCore"]),
    .testTarget(
      name: "PencilCLITests",
      dependencies: ["pencilc"]
    ),
  ]
)
