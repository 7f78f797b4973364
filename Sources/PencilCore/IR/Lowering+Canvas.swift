/// The picture against the canvas: the automatic canvas (the content's
/// box), elements wholly outside an explicit one (W0001) and elements
/// cut at its edge (W0015).
extension Lowering {
  /// Less than this past an edge is rounding, not a cut anyone sees.
  static let runOffTolerance = 0.5

  /// Whether an item reaches into `canvas`; a point of the outline inside
  /// it settles the question without solving for curve extremes.
  static func touches(_ item: DisplayItem, _ canvas: Rect) -> Bool {
    if case .path(let path) = item, path.transform == nil {
      for case .move(let p) in path.userSpaceSegments
      where p.x > canvas.x && p.x < canvas.maxX && p.y > canvas.y && p.y < canvas.maxY {
        return true
      }
    }
    return bounds(of: item)?.intersects(canvas) ?? false
  }

  static func bounds(of item: DisplayItem) -> Rect? {
    switch item {
    case .path(let path): boundingBox(of: path.userSpaceSegments).map { transformedBounds($0, path.transform) }
    case .text(let text): transformedBounds(text.bounds, text.transform)
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
  /// canvas, then W0015 for the elements of the others cut at its edge.
  mutating func checkAgainstCanvas(_ canvas: Rect) {
    var inside: [Range<Int>] = []
    // Elements that waited at one position share one range: asked once.
    var touching: [Range<Int>: Bool] = [:]
    for (source, range) in topLevelItems where !range.isEmpty {
      let touches =
        touching[range] ?? items[range].contains(where: { Lowering.touches($0, canvas) })
      touching[range] = touches
      if touches {
        inside.append(range)
        continue
      }
      diagnostics.append(
        Diagnostic(
          LayoutCodes.outsideCanvas, source,
          "this element lies wholly outside the \(formatNumber(canvas.width))x\(formatNumber(canvas.height)) canvas"))
    }
    warnRunningOff(canvas, inside)
  }

  /// W0015: an element whose drawn box runs past the canvas's edge, once
  /// per place in the source (a loop's or a component's element once, with
  /// the most any of its repetitions runs off), in the order first met.
  /// The drawn box is what is drawn: text without the leading above its
  /// first line and below its last, a path's outline (a stroke's outer half
  /// along the edge is not counted), both cut by their clips.
  private mutating func warnRunningOff(_ canvas: Rect, _ ranges: [Range<Int>]) {
    struct Place: Hashable {
      let range: SourceRange
      let file: String?
    }
    var found: [Place: Int] = [:]
    var overflows: [(place: Place, points: Double, edge: String, text: Bool)] = []
    // Elements that waited for anchors at one position share their items'
    // range (see `insert`): each item is looked at once.
    var merged: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    for range in merged {
      for index in range {
        canvasChecks += 1
        guard let box = Lowering.drawnBox(of: items[index]) else { continue }
        let past = [
          (canvas.x - box.x, "left"), (box.maxX - canvas.maxX, "right"), (canvas.y - box.y, "top"),
          (box.maxY - canvas.maxY, "bottom"),
        ]
        guard let worst = past.max(by: { $0.0 < $1.0 }), worst.0 > Lowering.runOffTolerance else { continue }
        let (source, file, isText): (SourceRange, String?, Bool)
        switch items[index] {
        case .path(let path): (source, file, isText) = (path.sourceRange, path.sourceFile, false)
        case .text(let text): (source, file, isText) = (text.sourceRange, text.sourceFile, true)
        }
        let place = Place(range: source, file: file)
        if let known = found[place] {
          if worst.0 > overflows[known].points { (overflows[known].points, overflows[known].edge) = worst }
          continue
        }
        found[place] = overflows.count
        overflows.append((place, worst.0, worst.1, isText))
      }
    }
    let size = "\(formatNumber(canvas.width))x\(formatNumber(canvas.height))"
    for overflow in overflows {
      let what = overflow.text ? "this text" : "this element"
      var diagnostic = Diagnostic(
        LayoutCodes.runsOffCanvas, overflow.place.range,
        "\(what) runs \(formatNumber((overflow.points * 10).rounded() / 10)) points past the \(overflow.edge) edge of the \(size) canvas and is cut there"
      )
      diagnostic.file = overflow.place.file.flatMap { bodyFiles[$0] }
      diagnostics.append(diagnostic)
    }
  }

  /// The box an item draws in, in user space, cut by its clips.
  private static func drawnBox(of item: DisplayItem) -> Rect? {
    var box: Rect
    var clip: ClipIR?
    switch item {
    case .path(let path):
      guard let outline = boundingBox(of: path.userSpaceSegments) else { return nil }
      box = transformedBounds(outline, path.transform)
      clip = path.clip
    case .text(let text):
      var lines = text.bounds
      // The leading is half above the first line and half below the last.
      let halfLeading = (TextMetrics.lineSpacing - 1) / 2 * text.fontSize
      lines = Rect(x: lines.x, y: lines.y + halfLeading, width: lines.width, height: lines.height - 2 * halfLeading)
      box = transformedBounds(lines, text.transform)
      clip = text.clip
    }
    while let cut = clip {
      guard let clipBox = boundingBox(of: cut.segments) else { return nil }
      let x = max(box.x, clipBox.x)
      let y = max(box.y, clipBox.y)
      let maxX = min(box.maxX, clipBox.maxX)
      let maxY = min(box.maxY, clipBox.maxY)
      guard maxX >= x, maxY >= y else { return nil }
      box = Rect(x: x, y: y, width: maxX - x, height: maxY - y)
      clip = cut.parent
    }
    return box
  }
}
