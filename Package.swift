// swift-tools-version:6.0
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
    // prelude.pencil is embedded as a string (PreludeSource.swift), not a resource.
    .target(name: "PencilCore", exclude: ["Prelude/prelude.pencil"]),
    // The language server (`pencilc lsp`): JSON-RPC over the core's queries.
    .target(name: "PencilLSP", dependencies: ["PencilCore"]),
    // `pencilc preview` (an HTTP server on loopback sockets) and the file
    // watch it shares with `--watch`.
    .target(name: "PencilPreview", dependencies: ["PencilCore"]),
    .executableTarget(name: "pencilc", dependencies: ["PencilCore", "PencilLSP", "PencilPreview"]),
    .executableTarget(name: "pencil-bench", dependencies: ["PencilCore"]),
    .testTarget(
      name: "PencilCoreTests",
      dependencies: ["PencilCore"],
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
