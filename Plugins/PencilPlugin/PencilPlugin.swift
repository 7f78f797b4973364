import Foundation
import PackagePlugin

/// Renders every `.pencil` scene of a target into resources at build time:
/// one build command per picture, so SwiftPM runs them in parallel and
/// again only when a scene, a file it imports, or pencilc changes.
///
/// Libraries are not rendered (they usually have no canvas): a file whose
/// name starts with `_`, and a file another scene of the target imports,
/// unless it has a `pencil-outputs:` line. The outputs go to the plugin's
/// work directory; SwiftPM copies them into the target's resource bundle,
/// where `Bundle.module` finds them by name.
@main
struct PencilPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    // Sorted so that the commands, and any error about clashing names,
    // come out in the same order on every machine.
    let scenes = target.sourceFiles(withSuffix: "pencil").map(\.path).sorted { $0.string < $1.string }
    guard !scenes.isEmpty else { return [] }
    let pencilc = try context.tool(named: "pencilc").path
    var graph = ImportGraph()
    let imported = Set(scenes.flatMap { graph.imports(of: $0.string) })
    func isLibrary(_ scene: Path) -> Bool {
      scene.lastComponent.hasPrefix("_")
        || (imported.contains(scene.string) && graph.scan(of: scene.string).outputsDirective == nil)
    }

    var commands: [Command] = []
    var producers: [String: String] = [:]
    var failed = false
    for scene in scenes where !isLibrary(scene) {
      let scan = graph.scan(of: scene.string)
      var outputs = SceneOutput.standard
      if let directive = scan.outputsDirective {
        switch SceneOutput.parse(directive.text) {
        case .success(let chosen): outputs = chosen
        case .failure(let error):
          report(error.message, scene: scene, line: directive.line)
          failed = true
          continue
        }
      }
      let inputs = [scene] + graph.imports(of: scene.string).map { Path($0) }
      let names = outputs.map { $0.fileName(stem: scene.stem) }
      // The resource bundle is flat: two scenes that make the same name
      // would overwrite each other's picture.
      if let clash = names.first(where: { producers[$0] != nil }), let other = producers[clash] {
        report("this scene and \(other) both make \(clash); rename one (resources share one folder)", scene: scene)
        failed = true
        continue
      }
      for (output, name) in zip(outputs, names) {
        producers[name] = scene.string
        let destination = context.pluginWorkDirectory.appending(name)
        commands.append(
          .buildCommand(
            displayName: "Rendering \(scene.lastComponent) to \(name)",
            executable: pencilc,
            // Short diagnostics are `file:line:col: error: …`, the form
            // SwiftPM and Xcode turn into clickable issues.
            arguments: [scene.string, "-o", destination.string, "--diagnostic-format", "short"] + output.arguments,
            inputFiles: inputs,
            outputFiles: [destination]))
      }
    }
    if failed { throw PluginFailure() }
    return commands
  }
}

/// Reports an error in a scene. The message starts with `file:line:`
/// because `swift build` prints a plugin's diagnostics without their
/// location (Xcode shows it as well, from `file` and `line`).
private func report(_ message: String, scene: Path, line: Int = 1) {
  Diagnostics.error("\(scene.string):\(line): \(message)", file: scene.string, line: line)
}

/// The reported errors already say what is wrong; this only fails the plan.
struct PluginFailure: Error, CustomStringConvertible {
  var description: String { "PencilPlugin: the errors above stop the build" }
}

/// Scenes and the files they import, each read and scanned once.
struct ImportGraph {
  private var scans: [String: SceneScan] = [:]

  /// The scan of the file at `path`; an unreadable file scans as empty
  /// (pencilc reports it when it runs).
  mutating func scan(of path: String) -> SceneScan {
    if let scan = scans[path] { return scan }
    let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    let scan = SceneScan(bytes)
    scans[path] = scan
    return scan
  }

  /// Every file `path` imports, directly or through other imports, resolved
  /// as pencilc resolves them (relative to the importing file's folder).
  /// Missing files are left out: pencilc reports them, and SwiftPM would
  /// otherwise stop at an input that does not exist.
  mutating func imports(of path: String) -> [String] {
    var found: [String] = []
    var seen: Set<String> = [path]
    var pending = [path]
    while let file = pending.popLast() {
      let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
      for written in scan(of: file).imports {
        let resolved = normalize(written.hasPrefix("/") ? written : folder + "/" + written)
        var isFolder: ObjCBool = false
        guard !seen.contains(resolved), FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder),
          !isFolder.boolValue
        else { continue }
        seen.insert(resolved)
        found.append(resolved)
        pending.append(resolved)
      }
    }
    return found.sorted()
  }

  /// Removes `.` and `name/..` parts, as pencilc does, so that a file
  /// reached by two spellings is one input.
  private func normalize(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if !(part == ".." && parts.isEmpty && path.hasPrefix("/")) {
        parts.append(part)
      }
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }
}
