// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "pencilc",
  products: [
    .executable(name: "pencilc", targets: ["pencilc"]),
    .library(name: "PencilCore", targets: ["PencilCore"]),
  ],
  targets: [
    // prelude.pencil is embedded as a string (PreludeSource.swift), not a resource.
    .target(name: "PencilCore", exclude: ["Prelude/prelude.pencil"]),
    .executableTarget(name: "pencilc", dependencies: ["PencilCore"]),
    .executableTarget(name: "pencil-bench", dependencies: ["PencilCore"]),
    .testTarget(
      name: "PencilCoreTests",
      dependencies: ["PencilCore"],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(
      name: "PencilCLITests",
      dependencies: ["pencilc"]
    ),
  ]
)
