import PencilDiagnostics
import PencilPreview
import PencilSema
import PencilWorld

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--watch`: compiles, then compiles again whenever an input or a file it
/// imports changes, until interrupted (Ctrl-C removes any temporary file
/// and ends the process, as it does without `--watch`). Outputs are written
/// as always, through a temporary file renamed into place, and only when
/// the input has no errors, so the last good picture stays on errors.
///
/// Changes are seen by PencilPreview's `FileWatch` (inotify, else polling),
/// shared with `pencilc preview`; a burst of saves is one rebuild.
struct Watcher {
  let driver: Driver
  let recorder: ImportRecorder

  func run() -> Int32 {
    var status: Int32 = 0
    while true {
      // Stamps from before the files are read: a save during the build, or
      // before the watch is armed, is a change.
      var stamps: [String: FileStamp] = [:]
      for input in driver.settings.options.inputs.map(ImportPath.normalize) { stamps[input] = FileStamp(input) }
      status = driver.run()
      stamps.merge(recorder.take()) { input, _ in input }
      // The inputs first: past the limit, only imports go unwatched.
      let inputs = Set(driver.settings.options.inputs.map(ImportPath.normalize))
      let ordered = inputs.sorted() + stamps.keys.filter { !inputs.contains($0) }.sorted()
      let watched = Array(ordered.prefix(FileWatch.maximumFiles))
      if ordered.count > watched.count {
        FileIO.writeStandardError(
          DiagnosticPrinter.failure(
            DriverCodes.tooManyWatchedFiles,
            "\(ordered.count) files to watch; only \(watched.count) are, and changes to the other "
              + "\(ordered.count - watched.count) imports are not seen",
            format: .short))
      }
      FileIO.writeStandardError(
        "pencilc: watching \(watched.count) file\(watched.count == 1 ? "" : "s") for changes (Ctrl-C to stop)\n")
      guard FileWatch.waitForChange(watched, since: watched.map { stamps[$0] ?? FileStamp($0) }) else {
        return status
      }
    }
  }
}
