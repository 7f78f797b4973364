import PencilCore
import PencilDiagnostics
import PencilIR
import PencilSVG
import PencilSupport
import PencilWorld

/// Compiles one scene for `pencilc preview`, off the request path: once
/// when asked (`compile`), then on a thread of its own whenever the scene
/// or a file it imports changes (`start`), through `FileWatch`, the one
/// `--watch` uses. A burst of saves is one compile: the watch waits for
/// the files to settle, and a save during a compile is caught by
/// comparing the files' stamps after it. Each compile makes a new
/// `PreviewSnapshot`; clients read the latest under a lock.
public final class PreviewSession: Sendable {
  /// The scene's path as given on the command line.
  public let path: String
  private let compileLock = Lock()
  /// The latest snapshot, and how many compiles have run.
  private let state: Locked<(current: PreviewSnapshot, compiles: Int)>
  private let thread = Locked<WorkerThread?>(nil)
  private let stopPipe: WakePipe?

  public init(path: String) {
    self.path = path
    state = Locked((PreviewSnapshot.initial(path: path), 0))
    stopPipe = WakePipe()
  }

  /// The latest compile's result.
  public var snapshot: PreviewSnapshot { state.withLock { $0.current } }

  /// How many compiles have run.
  public var compileCount: Int { state.withLock { $0.compiles } }

  /// Compiles the scene now, on this thread, and makes it the snapshot.
  /// One compile at a time (the session's thread or a caller), so versions
  /// only grow and the last compile to start is the one that stays.
  @discardableResult
  public func compile() -> PreviewSnapshot {
    compileLock.withLock { compileNow() }
  }

  private func compileNow() -> PreviewSnapshot {
    let previous = snapshot
    let version = previous.version + 1
    let sceneStamp = FileStamp(path)
    let made: PreviewSnapshot
    switch World.readMain(path) {
    case .failure(let failure):
      made = PreviewSnapshot(
        version: version, ok: false, source: SourceFile(name: path, bytes: []), diagnostics: [],
        readFailure: "cannot read '\(path)': \(failure.reason)", readFailureCode: failure.code, files: [],
        watched: [path: sceneStamp], picture: previous.picture)
    case .success(let source):
      let world = World(main: source, watched: true)
      let compilation = Pencil.compile(source, importer: world, appearance: nil)
      // Text stays text in the SVG, drawn in the viewer's fonts: a
      // character the built-in font lacks (W0006) does not matter, as for
      // pencilc's SVG output.
      var diagnostics = compilation.diagnostics.filter { $0.code.id != "W0006" }
      var picture: PreviewPicture? = nil
      if let scene = compilation.scene {
        picture = Self.picture(of: scene, source: source, world: world, diagnostics: &diagnostics)
      }
      let imported = world.files.filter { $0.name != path }.sorted { $0.name < $1.name }
      made = PreviewSnapshot(
        version: version, ok: picture != nil, source: source, diagnostics: diagnostics, readFailure: nil,
        files: [source] + imported, watched: world.watchList.merging([path: sceneStamp]) { _, scene in scene },
        picture: picture ?? previous.picture, sources: compilation.files)
    }
    state.withLock {
      $0.current = made
      $0.compiles += 1
    }
    return made
  }

  /// The picture of a good compile: the preview SVG now, the dark scene
  /// when its colours depend on the appearance; nil (with the backend's
  /// errors added) when the SVG backend refuses it.
  private static func picture(
    of scene: Scene, source: SourceFile, world: World, diagnostics: inout [Diagnostic]
  ) -> PreviewPicture? {
    let svg = SVGBackend(options: PreviewAnnotator.svgOptions)
    guard let bytes = Pencil.render(scene, with: svg, diagnostics: &diagnostics) else { return nil }
    var darkScene: Scene? = nil
    if scene.dark != nil {
      let copy = SourceFile(name: source.name, bytes: source.bytes)
      darkScene = Pencil.compile(copy, importer: world, appearance: .dark).scene
    }
    return PreviewPicture(scene: scene, darkScene: darkScene, previewSVG: String(decoding: bytes, as: UTF8.self))
  }

  /// Compiles on a thread of its own after every change, calling
  /// `onCompile` with each new snapshot, until `stop`.
  public func start(onCompile: @escaping @Sendable (PreviewSnapshot) -> Void) {
    guard let stopPipe else { return }
    thread.withLock { thread in
      guard thread == nil else { return }
      thread = WorkerThread(stackSize: 64 << 20) { [self] in
        while true {
          let watched = snapshot.watched
          let files = FileWatch.limited(watched.keys, first: path)
          let since = files.map { watched[$0] ?? FileStamp($0) }
          guard FileWatch.waitForChange(files, since: since, stop: stopPipe.readEnd) else { return }
          // Again while a save landed during the compile.
          var stamps: [FileStamp]
          repeat {
            stamps = files.map(FileStamp.init)
            onCompile(compile())
          } while files.map(FileStamp.init) != stamps && !FileWatch.readable(stopPipe.readEnd, milliseconds: 0)
        }
      }
    }
  }

  /// Ends the thread `start` made, waiting for a compile under way.
  public func stop() {
    stopPipe?.wake()
    thread.withLock { $0.take() }?.join()
  }
}
