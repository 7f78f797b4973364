// swift-tools-version:6.0
import PackageDescription

// An app that gets its pictures from scene files: PencilPlugin renders
// Scenes/*.pencil into the target's resources at build time.
let package = Package(
  name: "PluginDemo",
  dependencies: [
    // The plugin's package, in the pencilc repository (see its Package.swift).
    .package(name: "PencilPlugin", path: "../../Plugins")
  ],
  targets: [
    .executableTarget(
      name: "PluginDemo",
      plugins: [.plugin(name: "PencilPlugin", package: "PencilPlugin")]
    )
  ]
)
