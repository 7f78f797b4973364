extension Lowering {
  /// SwiftUI-like stack layout: children with a `size` keep it; the rest
  /// share what is left of the main axis after spacing; everything is
  /// centred on the cross axis, and a stack with room to spare centres its
  /// content. A zstack gives every child the whole frame.
  mutating func layout(_ stack: StackElement, in frame: Rect, range: SourceRange) -> [(ElementModel, Rect)] {
    let children = stack.children
    guard !children.isEmpty else { return [] }
    if stack.axis == .z {
      return children.map { child in
        let size = child.placement.size ?? Point(frame.width, frame.height)
        return (
          child,
          Rect(
            x: frame.x + (frame.width - size.x) / 2, y: frame.y + (frame.height - size.y) / 2,
            width: size.x, height: size.y)
        )
      }
    }
    let horizontal = stack.axis == .h
    let mainLength = horizontal ? frame.width : frame.height
    let crossLength = horizontal ? frame.height : frame.width
    func main(_ size: Point) -> Double { horizontal ? size.x : size.y }
    func cross(_ size: Point) -> Double { horizontal ? size.y : size.x }

    let fixed = children.compactMap(\.placement.size).map(main).reduce(0, +)
    let flexibleCount = children.filter { $0.placement.size == nil }.count
    let spacing = stack.spacing * Double(children.count - 1)
    let remaining = mainLength - fixed - spacing
    if remaining < 0 {
      diagnostics.append(
        Diagnostic(
          LayoutCodes.stackOverflow, range,
          "the \(stack.axis.rawValue)'s children need \(formatNumber(fixed + spacing)) points but it has \(formatNumber(mainLength))"
        ))
    }
    let flexibleLength = flexibleCount > 0 ? max(0, remaining / Double(flexibleCount)) : 0
    var cursor = flexibleCount == 0 ? max(0, remaining) / 2 : 0
    var result: [(ElementModel, Rect)] = []
    for child in children {
      let length = child.placement.size.map(main) ?? flexibleLength
      let thickness = child.placement.size.map(cross) ?? crossLength
      let crossOffset = (crossLength - thickness) / 2
      let rect =
        horizontal
        ? Rect(x: frame.x + cursor, y: frame.y + crossOffset, width: length, height: thickness)
        : Rect(x: frame.x + crossOffset, y: frame.y + cursor, width: thickness, height: length)
      result.append((child, rect))
      cursor += length + stack.spacing
    }
    return result
  }
}

extension ShapeOutline {
  /// The outline fitted to `frame`, in absolute coordinates.
  func segments(in frame: Rect) -> [PathSegment] {
    switch self {
    case .unitPath(let unit):
      let map = FrameMap(frame: frame)
      return unit.map(map.apply)
    case .rect:
      return ShapeOutline.roundedRect(frame, radius: 0)
    case .roundRect(let radius):
      return ShapeOutline.roundedRect(frame, radius: radius)
    case .ellipse:
      let rx = frame.width / 2
      let ry = frame.height / 2
      let cx = frame.x + rx
      let cy = frame.y + ry
      let kx = rx * ShapeOutline.kappa
      let ky = ry * ShapeOutline.kappa
      return [
        .move(Point(cx + rx, cy)),
        .cubic(control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry), to: Point(cx, cy + ry)),
        .cubic(control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky), to: Point(cx - rx, cy)),
        .cubic(control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry), to: Point(cx, cy - ry)),
        .cubic(control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky), to: Point(cx + rx, cy)),
        .close,
      ]
    }
  }

  /// The cubic that best approximates a quarter circle of radius 1.
  static let kappa = 0.552_284_749_830_793_4

  /// The outline in the unit square when fitting it to a frame gives
  /// exactly `segments(in:)` (the same floating-point operations), so the
  /// IR can share one array: unit paths, and rectangles (`x + 1 * width`
  /// is `maxX`, `x + 0 * width` is `x`). Rounded corners and ellipses are
  /// computed from the frame's size and are not.
  var sharedUnitSegments: [PathSegment]? {
    switch self {
    case .unitPath(let unit): unit
    case .rect: ShapeOutline.unitRect
    case .roundRect(let radius) where radius <= 0: ShapeOutline.unitRect
    case .roundRect, .ellipse: nil
    }
  }

  private static let unitRect: [PathSegment] = [
    .move(Point(0, 0)), .line(Point(1, 0)), .line(Point(1, 1)), .line(Point(0, 1)), .close,
  ]

  private static func roundedRect(_ frame: Rect, radius: Double) -> [PathSegment] {
    let r = min(radius, frame.width / 2, frame.height / 2)
    let (x0, y0, x1, y1) = (frame.x, frame.y, frame.maxX, frame.maxY)
    guard r > 0 else {
      return [.move(Point(x0, y0)), .line(Point(x1, y0)), .line(Point(x1, y1)), .line(Point(x0, y1)), .close]
    }
    let k = r * (1 - kappa)
    return [
      .move(Point(x0 + r, y0)), .line(Point(x1 - r, y0)),
      .cubic(control1: Point(x1 - k, y0), control2: Point(x1, y0 + k), to: Point(x1, y0 + r)),
      .line(Point(x1, y1 - r)),
      .cubic(control1: Point(x1, y1 - k), control2: Point(x1 - k, y1), to: Point(x1 - r, y1)),
      .line(Point(x0 + r, y1)),
      .cubic(control1: Point(x0 + k, y1), control2: Point(x0, y1 - k), to: Point(x0, y1 - r)),
      .line(Point(x0, y0 + r)),
      .cubic(control1: Point(x0, y0 + k), control2: Point(x0 + k, y0), to: Point(x0 + r, y0)),
      .close,
    ]
  }
}
