import PencilDiagnostics
import PencilSema

/// The preview's routes, the contract the page is written against (see
/// docs/design/preview-v7.md). Exact paths only: anything else, and so
/// any `..`, `%2e%2e` or `//` spelling, is 404, and no path from a
/// request ever reaches the file system.
///
/// - `GET /`: the page, `text/html; charset=utf-8`.
/// - `GET /events`: Server-Sent Events; at once `event: state` with the
///   current state, then one per finished compile, `data:` one line of the
///   JSON of `/state.json`; `event: bye` when the server stops.
/// - `GET /state.json`: `application/json`, see `PreviewState`.
/// - `GET /picture.svg`, `/picture.png`, `/picture.txt`: the last good
///   picture from the command line's backends, as an attachment named
///   after the scene; `appearance=light|dark` (default light; `auto`, SVG
///   only, the adaptive SVG) and for PNG `scale=1…4`. 404 before any good
///   picture, 400 for a bad value; other query names are ignored.
/// - `GET /source?file=NAME`: `text/plain; charset=utf-8`, the text of one
///   of the files the picture shown was made from (NAME exactly its
///   `name`, as `data-src` gives it), else 404 — also before any picture.
public struct PreviewRoutes: HTTPRoutes {
  let session: PreviewSession

  public init(session: PreviewSession) { self.session = session }

  public func route(path: String, query: [(name: String, value: String)]) -> RouteResult {
    let snapshot = session.snapshot
    switch path {
    case "/":
      // No other site may frame the page (clickjacking: a framed page's
      // buttons and links could be clicked through a decoy).
      return .response(
        HTTPResponse(
          status: 200, contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8),
          headers: [("X-Frame-Options", "DENY"), ("Content-Security-Policy", "frame-ancestors 'none'")]))
    case "/events":
      return .eventStream(initial: snapshot.event, version: snapshot.version)
    case "/state.json":
      return .response(HTTPResponse(status: 200, contentType: "application/json", body: snapshot.stateJSON))
    case "/picture.svg", "/picture.png", "/picture.txt":
      return picture(path, query: query, snapshot: snapshot)
    case "/source":
      // The text the picture shown was made from: its data-src ranges are
      // offsets in it, also while a later compile has failed (or the file
      // has been saved since), so the text is the picture's, not the disk's.
      let name = query.last { $0.name == "file" }?.value
      let sources = snapshot.picture?.scene.sources
      let named = name.flatMap { name in sources?.file(named: name) }
      guard let name, let file = named, file.name == name else {
        return .response(.text(404, "no such file in the picture shown\n"))
      }
      return .response(HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: file.bytes))
    default:
      return .response(.text(404, "not found\n"))
    }
  }

  private func picture(_ path: String, query: [(name: String, value: String)], snapshot: PreviewSnapshot)
    -> RouteResult
  {
    let kind: PictureKind
    switch Self.pictureKind(path, query: query) {
    case .failure(let problem): return .response(.text(400, problem.reason + "\n"))
    case .success(let found): kind = found
    }
    guard let picture = snapshot.picture else { return .response(.text(404, "no good picture yet\n")) }
    let disposition = (
      "Content-Disposition", "attachment; filename=\"\(Self.downloadName(session.path)).\(kind.fileExtension)\""
    )
    let respond: @Sendable ([UInt8]?) -> HTTPResponse = { bytes in
      guard let bytes else { return .text(500, "the backend refused the picture\n") }
      return HTTPResponse(status: 200, contentType: kind.contentType, body: bytes, headers: [disposition])
    }
    if let made = picture.cached(kind) { return .response(respond(made)) }
    return .deferred { respond(picture.bytes(kind)) }
  }

  /// The form a picture route and its query ask for.
  static func pictureKind(_ path: String, query: [(name: String, value: String)]) -> Result<PictureKind, ReadFailure> {
    let appearanceWord = query.last { $0.name == "appearance" }?.value ?? "light"
    let appearance = Appearance(rawValue: appearanceWord)
    switch path {
    case "/picture.svg":
      guard appearance != nil || appearanceWord == "auto" else {
        return .failure(ReadFailure("appearance takes light, dark or auto"))
      }
      return .success(.svg(appearance))
    case "/picture.png":
      guard let appearance else { return .failure(ReadFailure("appearance takes light or dark")) }
      let scaleWord = query.last { $0.name == "scale" }?.value ?? "1"
      guard scaleWord.utf8.count == 1, let scale = Int(scaleWord), (1...4).contains(scale) else {
        return .failure(ReadFailure("scale takes 1, 2, 3 or 4"))
      }
      return .success(.png(appearance, scale: scale))
    default:
      guard let appearance else { return .failure(ReadFailure("appearance takes light or dark")) }
      return .success(.txt(appearance))
    }
  }

  /// The scene's file name without `.pencil`, reduced to characters safe
  /// in a quoted header value and a file name.
  static func downloadName(_ path: String) -> String {
    var base = String(path.split(separator: "/").last ?? "scene")
    if base.hasSuffix(".pencil") { base.removeLast(".pencil".count) }
    let safe = base.unicodeScalars.map { scalar -> String in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        ? String(scalar) : "_"
    }.joined()
    return safe.isEmpty ? "scene" : safe
  }
}

/// Why a request's query was refused, in words.
struct ReadFailure: Error {
  var reason: String
  var code: DiagnosticCode
  init(_ reason: String, code: DiagnosticCode = DriverCodes.unreadable) {
    self.reason = reason
    self.code = code
  }
}
