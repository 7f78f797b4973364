// swift-tools-version:6.0
import PackageDescription

// PencilPlugin is a package of its own, beside pencilc's rather than in
// it: SwiftPM 6 compiles a plugin's tools a second time (for the host) in
// every build of the package that declares the plugin, which would compile
// PencilCore twice on each `swift build` of pencilc (40 s became 88 s).
let package = Package(
  name: "PencilPlugin",
  products: [
    .plugin(name: "PencilPlugin", targets: ["PencilPlugin"])
  ],
  dependencies: [
    .package(name: "pencilc", path: "..")
  ],
  targets: [
    // Renders a target's .pencil files into resources at build time.
    .plugin(
      name: "PencilPlugin",
      capability: .buildTool(),
      dependencies: [.product(name: "pencilc", package: "pencilc")],
      path: "PencilPlugin"
    )
  ]
)
