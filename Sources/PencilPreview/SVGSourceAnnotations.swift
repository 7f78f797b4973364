import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSVG
import PencilSupport

/// `SVGOptions.annotator`, for `pencilc preview`'s page: each drawn item
/// says where it came from, and the appearance classes can be forced from
/// the page. Never in normal output, which stays byte for byte as it was.
///
/// On the element that draws an item (its `<path>` or `<text>`, or the
/// `<g>` around transformed or outlined text):
///
/// - `data-src="NAME:START-END"`: the file (as the item names it, the
///   compiled file's name for its own items) and the UTF-8 byte range of
///   the element that made it;
/// - `data-line="LINE:COL"`: where that range starts, 1-based, the column
///   in bytes, as the command line's diagnostics print it;
/// - `data-kind="rect"`: the element's kind, the word its range starts
///   with (after a `NAME:` label) — every element's range starts there, so
///   the IR item need not carry it;
/// - `data-frame="X,Y,W,H"`: in points, what the language server's hover
///   gives as the element's frame (the bounds of what it drew, through its
///   transform), for this drawing of the element: the union over the run
///   of items one drawing made (a pencil's three parts), not over every
///   iteration of a loop;
/// - `data-use="NAME:START-END"`: for an item from a component, the
///   outermost use of it in the compiled file, and `data-use-line` where
///   that use starts, as `data-line`.
///
/// The forced appearances: besides `.aN` and its dark rule inside
/// `@media (prefers-color-scheme: dark)`, `.pencil-light .aN` and
/// `.pencil-dark .aN` set each appearance's value under an ancestor of
/// that class (the page's picture holder), taking precedence over the
/// media query by specificity.
struct PreviewAnnotator: SVGAnnotator {
  private var sources = SceneSources()
  /// Line starts per file, built here on first use (the source file's own
  /// cache is not shared between renders on different threads).
  private var lineStarts: [ObjectIdentifier: [Int]] = [:]
  /// Each item's `data-frame`, by index.
  private var frames: [Rect?] = []

  /// The options that annotate the SVG for the preview.
  static var svgOptions: SVGOptions {
    var options = SVGOptions()
    options.annotator = PreviewAnnotator()
    return options
  }

  mutating func start(_ scene: Scene) {
    sources = scene.sources
    frames = Self.frames(of: scene.items)
    lineStarts = [:]
  }

  /// The bounds of each drawing of an element: a run of items with the same
  /// source, uses and frame (a unit outline's fitted frame, else its bounds)
  /// is one drawing, and each of its items gets the union of their bounds.
  /// Two drawings in a row with the same frame have the same union anyway.
  static func frames(of items: [DisplayItem]) -> [Rect?] {
    struct Drawing: Equatable {
      var range: SourceRange
      var file: FileID
      var callSites: [CallSite]
      var frame: Rect?
    }
    var frames: [Rect?] = []
    frames.reserveCapacity(items.count)
    var runStart = 0
    var current: Drawing? = nil
    var union: Rect? = nil
    func close(at end: Int) {
      for _ in runStart..<end { frames.append(union) }
    }
    for (index, item) in items.enumerated() {
      let bounds: Rect?
      let drawing: Drawing
      switch item {
      case .path(let path):
        bounds = path.userSpaceBounds.map { $0.transformed(by: path.transform) }
        let frame = path.fittedFrame.map { $0.transformed(by: path.transform) } ?? bounds
        drawing = Drawing(range: path.sourceRange, file: path.sourceFile, callSites: path.callSites, frame: frame)
      case .text(let text):
        bounds = text.bounds.transformed(by: text.transform)
        drawing = Drawing(range: text.sourceRange, file: text.sourceFile, callSites: text.callSites, frame: bounds)
      }
      if drawing != current {
        close(at: index)
        (runStart, current, union) = (index, drawing, bounds)
      } else if let bounds {
        union = union?.union(bounds) ?? bounds
      }
    }
    close(at: items.count)
    return frames
  }

  /// The classes on an ancestor that force an appearance.
  let forcedAppearances: (light: StaticString, dark: StaticString)? = (".pencil-light ", ".pencil-dark ")

  mutating func annotate(_ item: DisplayItem, at index: Int, to out: inout ByteWriter) {
    let range: SourceRange
    let file: FileID
    let callSites: [CallSite]
    switch item {
    case .path(let path): (range, file, callSites) = (path.sourceRange, path.sourceFile, path.callSites)
    case .text(let text): (range, file, callSites) = (text.sourceRange, text.sourceFile, text.callSites)
    }
    let frame = index < frames.count ? frames[index] : nil
    out.write(" data-src=\"")
    reference(sources.name(file), range, &out)
    if let file = sources.file(file) {
      let (line, column) = location(of: range.start, in: file)
      out.write("\" data-line=\"")
      out.write(line)
      out.write(":")
      out.write(column)
      if let kind = Self.kind(at: range.start, in: file.bytes) {
        out.write("\" data-kind=\"")
        out.writeEscaped(kind)
      }
    }
    if let frame {
      out.write("\" data-frame=\"")
      for (index, value) in [frame.x, frame.y, frame.width, frame.height].enumerated() {
        if index > 0 { out.write(",") }
        out.write(value)
      }
    }
    if let use = callSites.first(where: { $0.file == .main }) {
      out.write("\" data-use=\"")
      reference(sources.name(.main), use.range, &out)
      if let compiled = sources.compiled {
        let (line, column) = location(of: use.range.start, in: compiled)
        out.write("\" data-use-line=\"")
        out.write(line)
        out.write(":")
        out.write(column)
      }
    }
    out.write("\"")
  }

  private func reference(_ name: String, _ range: SourceRange, _ out: inout ByteWriter) {
    out.writeEscaped(name)
    out.write(":")
    out.write(range.start)
    out.write("-")
    out.write(range.end)
  }

  /// The 1-based line and byte column of `offset`, as `SourceFile.location` gives them.
  private mutating func location(of offset: Int, in file: SourceFile) -> (line: Int, column: Int) {
    let key = ObjectIdentifier(file)
    let starts: [Int]
    if let known = lineStarts[key] {
      starts = known
    } else {
      let found = SourceFile.lineStarts(of: file.bytes)
      lineStarts[key] = found
      starts = found
    }
    let clamped = min(max(0, offset), file.bytes.count)
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    return (low + 1, clamped - starts[low] + 1)
  }

  /// The element kind at the start of an element's range: its first word,
  /// or the word after `NAME:`; nil when the range starts at no word.
  static func kind(at start: Int, in bytes: [UInt8]) -> String? {
    func isWordByte(_ byte: UInt8, first: Bool) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
      case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
      default: false
      }
    }
    func word(at index: Int) -> Range<Int>? {
      guard index >= 0, index < bytes.count, isWordByte(bytes[index], first: true) else { return nil }
      var end = index + 1
      while end < bytes.count, isWordByte(bytes[end], first: false) { end += 1 }
      return index..<end
    }
    guard var found = word(at: start) else { return nil }
    var next = found.upperBound
    while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
    if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
      next += 1
      while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
      if let kind = word(at: next) { found = kind }
    }
    return String(decoding: bytes[found], as: UTF8.self)
  }
}
