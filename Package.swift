// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "pencilc",
  products: [
    .executable(name: "pencilc", targets: ["pencilc"]),
    .library(name: "PencilCore", targets: ["PencilCore"]),
    .library(name: "PencilWorld", targets: ["PencilWorld"]),
    .library(name: "PencilLSP", targets: ["PencilLSP"]),
    .library(name: "PencilPreview", targets: ["PencilPreview"]),
  ],
  targets: [
    // prelude.pencil is embedded as a string (PreludeSource.swift), not a resource.
    .target(name: "PencilCore", exclude: ["Prelude/prelude.pencil"]),
    // The one way the shells read files: the main file, imports, editor
    // overlays, the file list a watch waits on.
    .target(name: "PencilWorld", dependencies: ["PencilCore"]),
    // The language server (`pencilc lsp`): JSON-RPC over the core's queries.
    .target(name: "PencilLSP", dependencies: ["PencilCore", "PencilWorld"]),
    // `pencilc preview` (an HTTP server on loopback sockets) and the file
    // watch it shares with `--watch`.
    .target(name: "PencilPreview", dependencies: ["PencilCore", "PencilWorld"]),
    .executableTarget(name: "pencilc", dependencies: ["PencilCore", "PencilWorld", "PencilLSP", "PencilPreview"]),
    .executableTarget(name: "pencil-bench", dependencies: ["PencilCore"]),
    .testTarget(
      name: "PencilCoreTests",
      dependencies: ["PencilCore"],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(name: "PencilWorldTests", dependencies: ["PencilWorld", "PencilCore"]),
    .testTarget(name: "PencilLSPTests", dependencies: ["PencilLSP", "PencilCore", "PencilWorld"]),
    .testTarget(name: "PencilPreviewTests", dependencies: ["PencilPreview", "PencilCore"]),
    .testTarget(
      name: "PencilCLITests",
      dependencies: ["pencilc"]
    ),
  ]
)
