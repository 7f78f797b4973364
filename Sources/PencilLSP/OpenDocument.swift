import PencilCore
import PencilDiagnostics
import PencilIR
import PencilQueries
import PencilSema
import PencilSyntax

/// What the server keeps of a document's last compilation: its
/// diagnostics, and its picture for hover's frames only while `sceneIsHeld`.
/// A picture weighs about 9 times its text (the names 3, the line index
/// 0.2), so one document at a time holds one: the last compiled (the one
/// being edited) or hovered; another's hover compiles it again.
struct CheckedDocument {
  /// The document's text and the files it imports, by the ids the
  /// diagnostics carry.
  let files: SourceFiles
  let diagnostics: [Diagnostic]
  private(set) var scene: Scene?
  private(set) var sceneIsHeld = true

  init(_ compilation: Compilation) {
    files = compilation.files
    diagnostics = compilation.diagnostics
    scene = compilation.scene
  }

  var source: SourceFile { files.main }

  mutating func dropScene() {
    scene = nil
    sceneIsHeld = false
  }
}

/// A document the client has opened: its text as UTF-8, the line index of
/// that text, and its last compilation (dropped at every change).
final class OpenDocument {
  let uri: String
  /// The file name the compiler sees, from which imports are resolved.
  let path: String
  var version: Int
  private(set) var bytes: [UInt8]
  private var cachedLines: LineIndex?
  /// The text's syntax tree, made on the first request that reads it and
  /// from then on edited with the text: a ranged edit re-parses only the
  /// statements it touched. A batch or a whole new text drops it.
  private var keptSyntax: EditableSyntaxTree?
  /// nil: not compiled since the last change.
  var compilation: CheckedDocument? {
    didSet { if compilation == nil { recordedNames = nil } }
  }
  /// Its names as the checker resolved them (definition, references,
  /// rename, semantic tokens); dropped with the compilation, whenever it
  /// or an import changes.
  var recordedNames: RecordedNames?
  /// The index of those names, made on the first request that reads it.
  var names: NameIndex? { recordedNames?.index }
  /// The files the last compilation imported (normalized paths).
  var imports: Set<String> = []
  /// Diagnostics of this text not yet sent.
  var needsPublishing = true

  init(uri: String, version: Int, bytes: [UInt8]) {
    self.uri = uri
    path = DocumentURI.path(of: uri)
    self.version = version
    self.bytes = bytes
  }

  var lines: LineIndex {
    if let cachedLines { return cachedLines }
    let made = LineIndex(bytes)
    cachedLines = made
    return made
  }

  var source: SourceFile { compilation?.source ?? SourceFile(name: path, bytes: bytes) }

  /// The text's lossless syntax tree, with its parse's diagnostics; read
  /// it through `LanguageServer.syntax(of:)`, which keeps one at a time.
  var syntax: EditableSyntaxTree {
    if let keptSyntax { return keptSyntax }
    let made = EditableSyntaxTree(SourceFile(name: path, bytes: bytes))
    keptSyntax = made
    return made
  }

  func dropSyntax() { keptSyntax = nil }

  /// `lines`: the new text's line index, when the caller has it; `syntax`
  /// its tree, when the caller edited the old one.
  func replace(with bytes: [UInt8], lines: LineIndex? = nil, syntax: EditableSyntaxTree? = nil) {
    self.bytes = bytes
    cachedLines = lines
    keptSyntax = syntax
    compilation = nil
    needsPublishing = true
  }

  /// The content changes of one `didChange`, in order, each against the
  /// text the one before left. One ranged edit (typing) is made in the
  /// array, whose line index is at hand and is edited too; a batch
  /// (multiple cursors, a replace-all) goes through a `ChunkedText`, so
  /// each edit costs about √n rather than the whole text. A change that
  /// is not one is skipped.
  func apply(_ changes: [JSONValue], encoding: PositionEncoding) {
    guard changes.count > 1 else {
      if let change = changes.first { apply(change, encoding: encoding) }
      return
    }
    var text = ChunkedText(bytes)
    for change in changes {
      guard let inserted = change["text"]?.string else { continue }
      guard let range = change["range"] else {
        text = ChunkedText(Array(inserted.utf8))
        continue
      }
      guard let (start, end) = Self.positions(of: range) else { continue }
      let from = text.offset(of: start, encoding: encoding)
      let to = max(from, text.offset(of: end, encoding: encoding))
      text.replace(from, to, with: Array(inserted.utf8))
    }
    replace(with: text.bytes)
  }

  /// One `TextDocumentContentChangeEvent`: a range and its new text, or
  /// the whole text when there is no range. Positions are clamped (LSP
  /// asks a server to take a column past the line's end as its end).
  private func apply(_ change: JSONValue, encoding: PositionEncoding) {
    guard let text = change["text"]?.string else { return }
    guard let range = change["range"] else { return replace(with: Array(text.utf8)) }
    guard let (start, end) = Self.positions(of: range) else { return }
    let old = lines
    let from = old.offset(of: start, encoding: encoding)
    let to = max(from, old.offset(of: end, encoding: encoding))
    let inserted = Array(text.utf8)
    var edited = bytes
    edited.replaceSubrange(from..<to, with: inserted)
    // Taken out first, so the tree's arrays are edited in place.
    var syntax = keptSyntax
    keptSyntax = nil
    syntax?.replace(from, to, insertedCount: inserted.count, giving: SourceFile(name: path, bytes: edited))
    replace(
      with: edited, lines: old.replacing(from, to, insertedCount: inserted.count, in: edited), syntax: syntax)
  }

  private static func positions(of range: JSONValue) -> (Position, Position)? {
    guard let start = range["start"].flatMap(LanguageServer.position),
      let end = range["end"].flatMap(LanguageServer.position)
    else { return nil }
    return (start, end)
  }
}

/// `file://` URIs and the paths they name.
enum DocumentURI {
  /// The path of a `file:` URI, percent-decoded; any other URI (an
  /// unsaved `untitled:` buffer) is its own name, importing nothing.
  static func path(of uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    var rest = Array(uri.utf8.dropFirst(7))
    // `file://host/path`: only the local host is meaningful.
    if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) }
    return String(decoding: PercentEscapes.decode(rest, strict: false) ?? rest, as: UTF8.self)
  }

  /// The `file://` URI of an absolute path, percent-encoding what RFC 3986
  /// does not allow in a path; a name that is not a path is kept.
  static func uri(of path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = Array("file://".utf8)
    for byte in path.utf8 {
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if isLetter || isDigit || Array("/-._~".utf8).contains(byte) {
        encoded.append(byte)
      } else {
        encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }
}
