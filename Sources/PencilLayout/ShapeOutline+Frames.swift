import PencilGeometry
import PencilSema

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
    case .absolute(let segments, let origin):
      let (dx, dy) = (frame.x - origin.x, frame.y - origin.y)
      guard dx != 0 || dy != 0 else { return segments }
      return segments.map { segment in
        switch segment {
        case .move(let p): .move(Point(p.x + dx, p.y + dy))
        case .line(let p): .line(Point(p.x + dx, p.y + dy))
        case .cubic(let a, let b, let c):
          .cubic(
            control1: Point(a.x + dx, a.y + dy), control2: Point(b.x + dx, b.y + dy), to: Point(c.x + dx, c.y + dy))
        case .close: .close
        }
      }
    case .circle:
      let side = min(frame.width, frame.height)
      let square = Rect(
        x: frame.x + (frame.width - side) / 2, y: frame.y + (frame.height - side) / 2, width: side, height: side)
      return ShapeOutline.ellipse.segments(in: square)
    case .sector(let sector):
      let (center, radius) = ShapeOutline.circle(in: frame)
      return sector.segments(center: center, radius: radius)
    case .capsule:
      return ShapeOutline.roundedRect(frame, radius: min(frame.width, frame.height) / 2)
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
    case .roundRect, .ellipse, .circle, .capsule, .sector, .absolute: nil
    }
  }

  /// The centre and radius of the largest circle centred in `frame`.
  static func circle(in frame: Rect) -> (center: Point, radius: Double) {
    (Point(frame.x + frame.width / 2, frame.y + frame.height / 2), min(frame.width, frame.height) / 2)
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
