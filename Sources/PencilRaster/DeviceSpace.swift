import PencilGeometry
import PencilIR
import PencilSupport

/// The map from user space to the canvas's pixels, and the flattening of
/// outlines into edge lists there. Read-only, so every thread shares one.
package struct DeviceSpace {
  /// Device pixels per point, horizontally and vertically.
  let scaleX: Double
  let scaleY: Double
  let origin: Point
  /// The canvas in pixels.
  let width: Int
  let height: Int
  /// Device rows per band.
  let bandHeight: Int
  /// Above this many glyphs on the canvas a text is drawn through a
  /// `TextMask` (changes the memory, never the pixels).
  var glyphsAsEdges = DeviceSpace.glyphsAsEdges

  package init(
    scaleX: Double, scaleY: Double, origin: Point, width: Int, height: Int, bandHeight: Int,
    glyphsAsEdges: Int = DeviceSpace.glyphsAsEdges
  ) {
    (self.scaleX, self.scaleY, self.origin) = (scaleX, scaleY, origin)
    (self.width, self.height, self.bandHeight, self.glyphsAsEdges) = (width, height, bandHeight, glyphsAsEdges)
  }

  typealias Region = (x0: Int, y0: Int, x1: Int, y1: Int)

  /// The device pixels a path's fill and stroke can reach (nil: none).
  func reach(of path: PathItem) -> Region? {
    guard var box = path.userSpaceBounds else { return nil }
    if let stroke = path.stroke {
      // A miter reaches at most miterLimit half-widths, a square cap √2.
      let grow = stroke.style.width / 2 * max(stroke.style.miterLimit, 1.5)
      box = Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
    }
    return deviceRegion(of: box, path.transform)
  }

  /// A text's box, with room for marks above capitals and descenders.
  func reach(of text: TextItem) -> Region? {
    let box = text.bounds
    let grow = text.fontSize * 0.3
    return deviceRegion(
      of: Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow),
      text.transform)
  }

  /// The pixels a user-space box reaches through `transform`, a pixel
  /// wider on every side (nil: none on the canvas).
  func deviceRegion(of box: Rect, _ transform: Affine?) -> Region? {
    let user = box.transformed(by: transform)
    return pixelRegion(
      from: Point((user.x - origin.x) * scaleX - 1, (user.y - origin.y) * scaleY - 1),
      to: Point((user.maxX - origin.x) * scaleX + 1, (user.maxY - origin.y) * scaleY + 1))
  }

  /// The pixels of a user-space box (nil: none on the canvas).
  func pixelRegion(ofUserBox box: Rect) -> Region? {
    pixelRegion(
      from: Point((box.x - origin.x) * scaleX, (box.y - origin.y) * scaleY),
      to: Point((box.maxX - origin.x) * scaleX, (box.maxY - origin.y) * scaleY))
  }

  /// A device-space box in whole pixels, clipped to the canvas; nil when
  /// nothing of it is on the canvas (or it is not finite).
  func pixelRegion(from low: Point, to high: Point) -> Region? {
    guard low.x.isFinite, low.y.isFinite, high.x.isFinite, high.y.isFinite else { return nil }
    func clipped(_ value: Double, _ limit: Int) -> Int { clampedInt(value, 0, limit) }
    let x0 = clipped(low.x.rounded(.down), width)
    let x1 = clipped(high.x.rounded(.up), width)
    let y0 = clipped(low.y.rounded(.down), height)
    let y1 = clipped(high.y.rounded(.up), height)
    return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
  }

  /// Flattens an outline into the edges of its bounding box clipped to
  /// the canvas (and to `limit`), in `store`; nil when none of it is there.
  /// `map`, when given, takes the outline's points into user space first,
  /// then `transform` takes them on. `lines` is scratch space.
  func edges(
    _ segments: [PathSegment], map: FrameMap? = nil, transform: Affine? = nil, rule: FillRule,
    within limit: Region? = nil, into store: inout EdgeStore, lines: inout [(Point, Point)]
  ) -> EdgeList? {
    if let transform {
      // Through the item's transform: the frame map, then the transform.
      let mapped = segments.map { segment in transform.apply(map?.apply(segment) ?? segment) }
      return edges(mapped, rule: rule, within: limit, into: &store, lines: &lines)
    }
    let (scaleX, scaleY, origin) = (self.scaleX, self.scaleY, self.origin)
    lines.removeAll(keepingCapacity: true)
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    let toDevice = { (p: Point) in
      let user = map?.apply(p) ?? p
      return Point((user.x - origin.x) * scaleX, (user.y - origin.y) * scaleY)
    }
    Flattener.flatten(segments, transform: toDevice) { a, b in
      lines.append((a, b))
      minX = min(minX, a.x, b.x)
      maxX = max(maxX, a.x, b.x)
      minY = min(minY, a.y, b.y)
      maxY = max(maxY, a.y, b.y)
    }
    guard var (x0, y0, x1, y1) = pixelRegion(from: Point(minX, minY), to: Point(maxX, maxY)) else { return nil }
    // Only these pixels are wanted (a clip's mask for one item): the
    // edges are clamped beyond them, as they are at the canvas edges.
    if let limit {
      (x0, y0, x1, y1) = (max(x0, limit.x0), max(y0, limit.y0), min(x1, limit.x1), min(y1, limit.y1))
      guard x1 > x0, y1 > y0 else { return nil }
    }
    return store.add(lines, x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, rule: rule, bandHeight: bandHeight)
  }
}

extension DeviceSpace {
  /// The same map for a picture of `width` × `height` pixels whose top-left
  /// is pixel (`x0`, `y0`) of this one: where a layer is drawn apart.
  func region(x0: Int, y0: Int, width: Int, height: Int) -> DeviceSpace {
    DeviceSpace(
      scaleX: scaleX, scaleY: scaleY, origin: Point(origin.x + Double(x0) / scaleX, origin.y + Double(y0) / scaleY),
      width: width, height: height, bandHeight: bandHeight, glyphsAsEdges: glyphsAsEdges)
  }
}

extension LayerIR {
  /// The pixels of a layer's region that its filtered picture needs: the
  /// region cut to the canvas grown by the layer's reach, the growth at
  /// most the canvas's own size each way (what lies further out is
  /// treated as nothing, so a layer costs at most nine canvases).
  static func pixelBox(
    of region: Rect, reach: (left: Double, top: Double, right: Double, bottom: Double), in space: DeviceSpace
  )
    -> DeviceSpace.Region?
  {
    let limit = 1 << 30
    func device(_ value: Double, _ origin: Double, _ scale: Double, up: Bool) -> Int {
      clampedInt(((value - origin) * scale).rounded(up ? .up : .down), -limit, limit)
    }
    let growX = clampedInt((max(reach.left, reach.right) * space.scaleX).rounded(.up), 0, space.width) + 1
    let growY = clampedInt((max(reach.top, reach.bottom) * space.scaleY).rounded(.up), 0, space.height) + 1
    let x0 = max(-growX, device(region.x, space.origin.x, space.scaleX, up: false))
    let y0 = max(-growY, device(region.y, space.origin.y, space.scaleY, up: false))
    let x1 = min(space.width + growX, device(region.maxX, space.origin.x, space.scaleX, up: true))
    let y1 = min(space.height + growY, device(region.maxY, space.origin.y, space.scaleY, up: true))
    return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
  }

  static func pixels(
    of region: Rect, reach: (left: Double, top: Double, right: Double, bottom: Double), in space: DeviceSpace
  ) -> Int {
    pixelBox(of: region, reach: reach, in: space).map { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) } ?? 0
  }
}
