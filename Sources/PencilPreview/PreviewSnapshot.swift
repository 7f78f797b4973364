import PencilDiagnostics
import PencilSema
import PencilWorld

#if canImport(Glibc)
  import Glibc
#endif

/// The result of one compile, as clients read it: made once on the
/// session's thread, then only read (by the event loop, under the
/// session's lock for the swap), so no request ever compiles or
/// serializes state.
public final class PreviewSnapshot: Sendable {
  /// 0 before the first compile, then one more per compile.
  public let version: Int
  /// The scene compiled without errors (and its SVG rendered).
  public let ok: Bool
  /// The compiled file as read, and its diagnostics (sorted by position).
  public let source: SourceFile
  public let diagnostics: [Diagnostic]
  /// The compile's files by the ids its diagnostics carry.
  public let sources: SourceFiles
  /// Why the scene itself could not be read (then there are no
  /// diagnostics), and its code: E0402, E0403, or E0409 for a scene that is
  /// not a regular file.
  public let readFailure: String?
  public let readFailureCode: DiagnosticCode
  /// The main file first, then every import the compile read, by name.
  public let files: [SourceFile]
  /// Every path the compile asked for, found or not: what to watch, each
  /// with its stamp from before it was read.
  let watched: [String: FileStamp]
  /// The last good picture: this compile's, or an earlier one's on errors.
  let picture: PreviewPicture?
  /// How many of the files asked for are past `FileWatch.maximumFiles`,
  /// and not watched (E0411).
  public var unwatchedFiles: Int { max(0, watched.count - FileWatch.maximumFiles) }
  /// `/state.json`'s body, and the same as an `event: state`.
  public let stateJSON: [UInt8]
  public let event: [UInt8]

  init(
    version: Int, ok: Bool, source: SourceFile, diagnostics: [Diagnostic], readFailure: String?,
    readFailureCode: DiagnosticCode = DriverCodes.unreadable, files: [SourceFile], watched: [String: FileStamp],
    picture: PreviewPicture?, sources: SourceFiles? = nil
  ) {
    self.version = version
    self.ok = ok
    self.source = source
    self.diagnostics = diagnostics
    self.sources = sources ?? SourceFiles(main: source)
    self.readFailure = readFailure
    self.readFailureCode = readFailureCode
    self.files = files
    self.watched = watched
    self.picture = picture
    let json = PreviewState.json(
      version: version, ok: ok, source: source, sources: self.sources, diagnostics: diagnostics,
      readFailure: readFailure.map { (readFailureCode, $0) }, files: files, picture: picture)
    stateJSON = Array(json.utf8)
    event = ServerSentEvents.event("state", data: json)
  }

  /// Before the first compile: no picture, nothing to report.
  static func initial(path: String) -> PreviewSnapshot {
    PreviewSnapshot(
      version: 0, ok: false, source: SourceFile(name: path, bytes: []), diagnostics: [], readFailure: nil, files: [],
      watched: [path: FileStamp(path)], picture: nil)
  }
}

/// The JSON of `/state.json` and of each `event: state`, on one line
/// (documented in docs/design/preview-v7.md):
///
///     {"version":3,"ok":true,"svg":"<svg …>","diagnostics":[…],
///      "files":[{"name":"scene.pencil","absolutePath":"/…/scene.pencil"}],
///      "appearanceAdaptive":false}
///
/// A diagnostic: `severity`, `code`, `message`, `file` (the name as given),
/// `absolutePath`, `line`, `column`, `endLine`, `endColumn` (1-based, as the
/// human format prints them), `rendered` (the human format without
/// colours: location, source line, carets, notes, help), `help` (the first
/// fix's message, or null) and `fixes` (the JSON diagnostic format's).
enum PreviewState {
  static func json(
    version: Int, ok: Bool, source: SourceFile, sources: SourceFiles, diagnostics: [Diagnostic],
    readFailure: (code: DiagnosticCode, message: String)?, files: [SourceFile], picture: PreviewPicture?
  ) -> String {
    let quote = DiagnosticPrinter.jsonQuoted
    var entries = diagnostics.map { diagnostic($0, in: sources) }
    if let (code, readFailure) = readFailure {
      let rendered = DiagnosticPrinter.failure(code, readFailure, format: .human)
      entries.append(
        "{\"severity\":\"error\",\"code\":\"\(code.id)\",\"message\":\(quote(readFailure)),"
          + "\"file\":\(quote(source.name)),\"absolutePath\":\(quote(absolutePath(source.name))),"
          + "\"line\":1,\"column\":1,\"endLine\":1,\"endColumn\":1,\"rendered\":\(quote(rendered)),"
          + "\"help\":null,\"fixes\":[]}")
    }
    let fileEntries = files.map {
      "{\"name\":\(quote($0.name)),\"absolutePath\":\(quote(absolutePath($0.name)))}"
    }
    return "{\"version\":\(version),\"ok\":\(ok),\"svg\":\(picture.map { quote($0.previewSVG) } ?? "null"),"
      + "\"diagnostics\":[\(entries.joined(separator: ","))],\"files\":[\(fileEntries.joined(separator: ","))],"
      + "\"appearanceAdaptive\":\(picture?.adaptive ?? false)}"
  }

  static func diagnostic(_ diagnostic: Diagnostic, in files: SourceFiles) -> String {
    let quote = DiagnosticPrinter.jsonQuoted
    let file = files[diagnostic.file]
    let start = file.location(of: diagnostic.range.start)
    let end = file.location(of: diagnostic.range.end)
    let rendered = DiagnosticPrinter.human(diagnostic, in: files, colors: false)
    return "{\"severity\":\(quote(diagnostic.severity.rawValue)),\"code\":\(quote(diagnostic.code.id)),"
      + "\"message\":\(quote(diagnostic.message)),\"file\":\(quote(file.name)),"
      + "\"absolutePath\":\(quote(absolutePath(file.name))),\"line\":\(start.line),"
      + "\"column\":\(start.column),\"endLine\":\(end.line),\"endColumn\":\(end.column),"
      + "\"rendered\":\(quote(rendered)),\"help\":\(diagnostic.fixes.first.map { quote($0.message) } ?? "null"),"
      + "\"fixes\":\(DiagnosticPrinter.jsonFixes(diagnostic, in: files))}"
  }
}

/// `path` from the root: the working directory before a relative path,
/// normalized.
private func absolutePath(_ path: String) -> String {
  guard !path.hasPrefix("/") else { return ImportPath.normalize(path) }
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  guard getcwd(&buffer, buffer.count) != nil else { return path }
  let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return ImportPath.normalize(directory + "/" + path)
}
