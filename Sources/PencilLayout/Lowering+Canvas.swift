import PencilDiagnostics
import PencilGeometry
import PencilIR

/// The picture against the canvas: the automatic canvas (the content's
/// box), elements wholly outside an explicit one (W0001) and elements
/// cut at its edge (W0015).
extension Lowering {
  /// Less than this past an edge is rounding, not a cut anyone sees.
  static let runOffTolerance = 0.5

  static func bounds(of item: DisplayItem) -> Rect? {
    switch item {
    case .path(let path): path.userSpaceBounds.map { $0.transformed(by: path.transform) }
    case .text(let text): text.bounds.transformed(by: text.transform)
    }
  }

  /// Without a canvas the picture is the content's bounding box, rounded
  /// out to whole points.
  static func contentBounds(_ items: ArraySlice<DisplayItem>) -> Rect {
    guard let box = Rect.union(of: items.lazy.compactMap(bounds)) else {
      return Rect(x: 0, y: 0, width: 0, height: 0)
    }
    let minX = box.x.rounded(.down)
    let minY = box.y.rounded(.down)
    return Rect(x: minX, y: minY, width: box.maxX.rounded(.up) - minX, height: box.maxY.rounded(.up) - minY)
  }

  /// W0001 for each top-level element that lies wholly outside the
  /// canvas, and W0015 for the items of the others cut at its edge.
  mutating func checkAgainstCanvas(_ canvas: Rect) {
    var runOff = RunOff()
    // Elements that waited for anchors at one position share one range
    // of items (see `insert`): it is asked about once, and each item is
    // checked once (ranges follow one another in item order).
    var last: (range: Range<Int>, touches: Bool)? = nil
    var checkedUpTo = 0
    // The extents of the items of the last ranges, from `extentsStart`,
    // each measured once for both questions (a text's measure is most of
    // what they cost); emptied now and then, not for each element.
    var extents: [Extent] = []
    var extentsStart = 0
    for entry in topLevelItems where !entry.items.isEmpty {
      let (source, range) = (entry.source, entry.items)
      let touches: Bool
      if let last, last.range == range {
        touches = last.touches
      } else {
        if range.lowerBound != extentsStart + extents.count || extents.count >= 256 {
          extents.removeAll(keepingCapacity: true)
          extentsStart = range.lowerBound
        }
        for index in range { extents.append(Lowering.extent(of: items[index])) }
        touches = range.contains { extents[$0 - extentsStart].touches(canvas) || startsInside($0, canvas) }
      }
      last = (range, touches)
      guard touches else {
        diagnostics.append(
          Diagnostic(
            LayoutCodes.outsideCanvas, source,
            "this element lies wholly outside the \(formatNumber(canvas.width))x\(formatNumber(canvas.height)) canvas"))
        continue
      }
      for index in max(range.lowerBound, checkedUpTo)..<max(range.upperBound, checkedUpTo) {
        canvasChecks += 1
        runOff.check(extents[index - extentsStart], canvas)
      }
      checkedUpTo = max(checkedUpTo, range.upperBound)
    }
    clipBoxesMeasured += runOff.clipBoxes.count
    warnRunningOff(canvas, runOff)
  }

  /// Whether a path without a transform starts a subpath inside the
  /// canvas (its box may miss the canvas by a rounding where the point
  /// does not): asked only of an item whose box misses it.
  private func startsInside(_ index: Int, _ canvas: Rect) -> Bool {
    guard case .path(let path) = items[index], path.transform == nil else { return false }
    return path.startsSubpath { p in
      p.x > canvas.x && p.x < canvas.maxX && p.y > canvas.y && p.y < canvas.maxY
    }
  }

  /// What the canvas checks read of an item: its measured box, the box it
  /// draws in (before its clip), its clip and its source.
  struct Extent {
    var box: Rect?
    var drawn: Rect?
    var clip: ClipIR?
    var source: SourceRange
    var file: FileID
    var isText: Bool

    func touches(_ canvas: Rect) -> Bool { box?.intersects(canvas) ?? false }
  }

  /// The drawn box is what is drawn: text without the leading above its
  /// first line and below its last, a path's outline (a stroke's outer
  /// half along the edge is not counted).
  static func extent(of item: DisplayItem) -> Extent {
    switch item {
    case .path(let path):
      // The transform read first: a closure that read it would capture,
      // and so copy, the whole item.
      let transform = path.transform
      let box = path.userSpaceBounds.map { $0.transformed(by: transform) }
      return Extent(
        box: box, drawn: box, clip: path.clip, source: path.sourceRange, file: path.sourceFile, isText: false)
    case .text(let text):
      let bounds = text.bounds
      // The leading is half above the first line and half below the last.
      let halfLeading = (TextMetrics.lineSpacing - 1) / 2 * text.fontSize
      let lines = Rect(
        x: bounds.x, y: bounds.y + halfLeading, width: bounds.width, height: bounds.height - 2 * halfLeading)
      return Extent(
        box: bounds.transformed(by: text.transform), drawn: lines.transformed(by: text.transform), clip: text.clip,
        source: text.sourceRange, file: text.sourceFile, isText: true)
    }
  }

  /// W0015: an element whose drawn box runs past the canvas's edge, once
  /// per place in the source (a loop's or a component's element once, with
  /// the most any of its repetitions runs off), in the order first met.
  /// The drawn box (see `extent`) is cut by the item's clips.
  struct RunOff {
    struct Place: Hashable {
      let range: SourceRange
      let file: FileID
    }
    var found: [Place: Int] = [:]
    var overflows: [(place: Place, points: Double, edge: String, text: Bool)] = []
    /// Each clip's box, cut by its parents', worked out once however many
    /// items it cuts (nil: it keeps nothing).
    var clipBoxes: [ObjectIdentifier: Rect?] = [:]

    mutating func check(_ item: Extent, _ canvas: Rect) {
      guard let box = Lowering.drawnBox(of: item, clipBoxes: &clipBoxes) else { return }
      var worst = (canvas.x - box.x, "left")
      if box.maxX - canvas.maxX > worst.0 { worst = (box.maxX - canvas.maxX, "right") }
      if canvas.y - box.y > worst.0 { worst = (canvas.y - box.y, "top") }
      if box.maxY - canvas.maxY > worst.0 { worst = (box.maxY - canvas.maxY, "bottom") }
      guard worst.0 > Lowering.runOffTolerance else { return }
      let place = Place(range: item.source, file: item.file)
      if let known = found[place] {
        if worst.0 > overflows[known].points { (overflows[known].points, overflows[known].edge) = worst }
        return
      }
      found[place] = overflows.count
      overflows.append((place, worst.0, worst.1, item.isText))
    }
  }

  private mutating func warnRunningOff(_ canvas: Rect, _ runOff: RunOff) {
    let size = "\(formatNumber(canvas.width))x\(formatNumber(canvas.height))"
    for overflow in runOff.overflows {
      let what = overflow.text ? "this text" : "this element"
      var diagnostic = Diagnostic(
        LayoutCodes.runsOffCanvas, overflow.place.range,
        "\(what) runs \(formatNumber((overflow.points * 10).rounded() / 10)) points past the \(overflow.edge) edge of the \(size) canvas and is cut there"
      )
      diagnostic.file = overflow.place.file
      diagnostics.append(diagnostic)
    }
  }

  /// The box an item draws in, in user space, cut by its clips.
  static func drawnBox(of item: Extent, clipBoxes: inout [ObjectIdentifier: Rect?]) -> Rect? {
    guard let box = item.drawn else { return nil }
    guard let clip = item.clip else { return box }
    guard let clipBox = clippedBox(of: clip, clipBoxes: &clipBoxes) else { return nil }
    return intersection(box, clipBox)
  }

  /// The box a clip and its parents keep, from `clipBoxes` or worked out
  /// once (a chain shared by many items is measured once, not per item).
  private static func clippedBox(of clip: ClipIR, clipBoxes: inout [ObjectIdentifier: Rect?]) -> Rect? {
    if let known = clipBoxes[ObjectIdentifier(clip)] { return known }
    var chain: [ClipIR] = []
    var next: ClipIR? = clip
    while let cut = next, clipBoxes[ObjectIdentifier(cut)] == nil {
      chain.append(cut)
      next = cut.parent
    }
    var kept: Rect? = next.flatMap { clipBoxes[ObjectIdentifier($0)] ?? nil }
    let unclipped = next == nil
    for (index, cut) in chain.reversed().enumerated() {
      let own = boundingBox(of: cut.segments)
      if index == 0, unclipped {
        kept = own
      } else {
        kept = own.flatMap { own in kept.flatMap { intersection(own, $0) } }
      }
      clipBoxes[ObjectIdentifier(cut)] = .some(kept)
    }
    return kept
  }

  private static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let x = max(a.x, b.x)
    let y = max(a.y, b.y)
    let maxX = min(a.maxX, b.maxX)
    let maxY = min(a.maxY, b.maxY)
    guard maxX >= x, maxY >= y else { return nil }
    return Rect(x: x, y: y, width: maxX - x, height: maxY - y)
  }
}

/// A top-level element's source and the range of items it made, in 16
/// bytes (32-bit item indices): a million-element scene keeps one each
/// while its display list fills.
struct TopLevelItems {
  var source: SourceRange
  private var start: UInt32
  private var end: UInt32

  init(source: SourceRange, items: Range<Int>) {
    self.source = source
    start = UInt32(clamping: items.lowerBound)
    end = UInt32(clamping: items.upperBound)
  }

  var items: Range<Int> {
    get { Int(start)..<Int(end) }
    set { (start, end) = (UInt32(clamping: newValue.lowerBound), UInt32(clamping: newValue.upperBound)) }
  }
}
