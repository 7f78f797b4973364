import PencilGeometry
import PencilSupport

/// One outline flattened to device space and cut into the pieces the
/// coverage accumulator adds, in the coordinates of its region (its
/// bounding box clipped to the canvas). It is built once per outline and
/// read, never written, by every band that the region crosses, so each
/// band adds exactly the values a single pass over the region would add:
/// the same pieces, in the same order, with the same running x.
/// The pieces live in an `EdgeStore`, which the outlines of one item
/// share (the strokes of a text are many), so that a band reads them
/// without counting references to many arrays.
struct EdgeList {
  /// The region in device pixels.
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  let rule: FillRule
  /// Device rows per band; band `k` holds device rows `k·bandHeight ..< (k+1)·bandHeight`.
  let bandHeight: Int
  /// Its pieces in the store, within `0...width` horizontally, in the
  /// order they were added.
  var edges: Range<Int> = 0..<0

  /// A piece of line clamped into the region, as the accumulator walks it:
  /// from `top` down to `bottom`, x advancing by `dxdy` a row.
  struct Edge {
    let topY: Double
    let bottomY: Double
    /// The change of x a row, in `Float` as the accumulator steps it.
    let dxdy: Float
    /// x at the top, in `Float` as the accumulator steps it.
    let x: Float
    /// +1 for a downward segment, −1 for an upward one.
    let direction: Float
    // Rows and indices in 32 bits (a side is at most 100000 pixels, and a
    // part holds far fewer edges): 40 bytes an edge, not 56.
    private let first: Int32
    private let last: Int32
    private let resumeIndex: Int32

    init(
      topY: Double, bottomY: Double, dxdy: Double, x: Float, direction: Float, firstRow: Int, lastRow: Int, resume: Int
    ) {
      self.topY = topY
      self.bottomY = bottomY
      self.dxdy = Float(dxdy)
      self.x = x
      self.direction = direction
      first = Int32(truncatingIfNeeded: firstRow)
      last = Int32(truncatingIfNeeded: lastRow)
      resumeIndex = Int32(truncatingIfNeeded: resume)
    }

    /// Region rows `firstRow..<lastRow` get cells from this edge.
    var firstRow: Int { Int(first) }
    var lastRow: Int { Int(last) }
    /// Where this edge's resume points start in the store's `resumePoints`.
    var resume: Int { Int(resumeIndex) }
  }

  /// The region rows within device rows `device` (empty when none).
  func rows(within device: Range<Int>) -> Range<Int> {
    let lower = min(max(0, device.lowerBound - y0), height)
    return lower..<max(lower, min(height, device.upperBound - y0))
  }

  /// The band holding region row `row`.
  @inline(__always) func band(ofRow row: Int) -> Int { (y0 + row) / bandHeight }

  /// The first region row of band `band` (may be negative or past the end).
  @inline(__always) func firstRow(ofBand band: Int) -> Int { band * bandHeight - y0 }

  /// The accumulator's step down one row: the height of the edge within
  /// the row, and x at the row's bottom (clamped into the region).
  @inline(__always) static func step(_ x: Float, _ edge: Edge, row: Int, right: Float) -> (dy: Float, x: Float) {
    let dy = Float(min(Double(row + 1), edge.bottomY) - max(Double(row), edge.topY))
    return (dy, min(max(x + edge.dxdy * dy, 0), right))
  }
}

/// The pieces of the outlines of one item (or one clip), which their
/// `EdgeList`s point into.
struct EdgeStore {
  private(set) var edges: [EdgeList.Edge] = []
  /// The running x of every edge at the first row of each band after its
  /// first one: the accumulator advances x row by row in `Float`, so a
  /// band starting partway down an edge must resume from the same value
  /// rather than recompute it (which would round differently).
  private(set) var resumePoints: [Float] = []

  /// Empties the store, keeping its memory.
  mutating func clear() {
    edges.removeAll(keepingCapacity: true)
    resumePoints.removeAll(keepingCapacity: true)
  }

  /// How many edges it holds.
  var count: Int { edges.count }

  /// Cuts `lines` (device space) into edges of the region `x0, y0` of
  /// `width × height` pixels, with resume points for bands of `bandHeight` rows.
  mutating func add(
    _ lines: [(Point, Point)], x0: Int, y0: Int, width: Int, height: Int, rule: FillRule, bandHeight: Int
  ) -> EdgeList {
    var list = EdgeList(x0: x0, y0: y0, width: width, height: height, rule: rule, bandHeight: max(1, bandHeight))
    let first = edges.count
    if first == 0 { edges.reserveCapacity(lines.count) }
    let shift = Point(Double(x0), Double(y0))
    for (a, b) in lines {
      addLine(Point(a.x - shift.x, a.y - shift.y), Point(b.x - shift.x, b.y - shift.y), to: list)
    }
    list.edges = first..<edges.count
    return list
  }

  /// Reads the pieces without copying or counting references.
  func withView<R>(_ body: (EdgeView) -> R) -> R {
    edges.withUnsafeBufferPointer { edges in
      resumePoints.withUnsafeBufferPointer { resume in body(EdgeView(edges: edges, resumePoints: resume)) }
    }
  }

  /// Adds a segment in region coordinates. Parts left of the region count
  /// as if on its left edge (their coverage reaches every pixel to the
  /// right); parts right of it and above or below it change nothing.
  private mutating func addLine(_ a: Point, _ b: Point, to list: EdgeList) {
    // A non-finite point (from a degenerate transform) has no area to add.
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
    let right = Double(list.width)
    // Split where the segment crosses x = 0 and x = width (as parameters
    // along it, in order), so each piece can be clamped into the region.
    func crossing(_ edge: Double) -> Double {
      (a.x - edge) * (b.x - edge) < 0 ? (edge - a.x) / (b.x - a.x) : 1
    }
    let left = crossing(0)
    let rightEdge = crossing(right)
    func clamp(_ p: Point) -> Point { Point(min(max(p.x, 0), right), p.y) }
    func at(_ t: Double) -> Point { Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
    var start = a
    let (first, second) = (min(left, rightEdge), max(left, rightEdge))
    if first < 1 {
      addClampedLine(clamp(start), clamp(at(first)), to: list)
      start = at(first)
    }
    if second < 1 {
      addClampedLine(clamp(start), clamp(at(second)), to: list)
      start = at(second)
    }
    addClampedLine(clamp(start), clamp(b), to: list)
  }

  private mutating func addClampedLine(_ p0: Point, _ p1: Point, to list: EdgeList) {
    let height = list.height
    guard p0.y != p1.y else { return }
    let direction: Float = p0.y < p1.y ? 1 : -1
    var (top, bottom) = p0.y < p1.y ? (p0, p1) : (p1, p0)
    let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
    let limit = Double(height)
    if top.y < 0 {
      top = Point(top.x - top.y * dxdy, 0)
    }
    if bottom.y > limit {
      bottom = Point(top.x + (limit - top.y) * dxdy, limit)
    }
    guard top.y < bottom.y else { return }
    let firstRow = clampedInt(top.y, 0, height)
    let lastRow = clampedInt(bottom.y.rounded(.up), firstRow, height)
    guard lastRow > firstRow else { return }
    let edge = EdgeList.Edge(
      topY: top.y, bottomY: bottom.y, dxdy: dxdy, x: Float(top.x), direction: direction, firstRow: firstRow,
      lastRow: lastRow, resume: resumePoints.count)
    edges.append(edge)
    // Walk x down the edge as the accumulator will, noting it where a band begins.
    let firstBand = list.band(ofRow: firstRow)
    let lastBand = list.band(ofRow: lastRow - 1)
    guard lastBand > firstBand else { return }
    var x = edge.x
    var nextStart = list.firstRow(ofBand: firstBand + 1)
    for row in firstRow..<lastRow {
      if row == nextStart {
        resumePoints.append(x)
        nextStart += list.bandHeight
      }
      x = EdgeList.step(x, edge, row: row, right: Float(list.width)).x
    }
  }

}

/// An `EdgeStore` being read.
struct EdgeView {
  let edges: UnsafeBufferPointer<EdgeList.Edge>
  let resumePoints: UnsafeBufferPointer<Float>

  /// x of `edge` (of `list`) at the start of region row `row`, which is
  /// `edge.firstRow` or the first row of a later band the edge crosses.
  @inline(__always) func startX(of edge: EdgeList.Edge, in list: EdgeList, atRow row: Int) -> Float {
    guard row > edge.firstRow else { return edge.x }
    return resumePoints[edge.resume + list.band(ofRow: row) - list.band(ofRow: edge.firstRow) - 1]
  }
}
