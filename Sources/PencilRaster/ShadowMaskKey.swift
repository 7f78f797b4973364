import PencilGeometry
import PencilIR
import PencilSupport

/// The key of a layer's alpha picture: everything that decides it, in
/// device pixels relative to the picture's corner (to 1/1024 of a pixel),
/// so two layers with equal keys draw the same alpha. Nil for what it does not describe: a
/// clip (its outline is not moved with the items) or a gradient with a
/// see-through stop.
extension ShadowMasks {
  /// SplitMix64's finalizer: every input bit moves every output bit, so
  /// values that differ in one bit (a sign) do not cancel, as they did
  /// with a multiply alone.
  static func mixed(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// One more value into a key.
  static func combine(_ hash: UInt64, _ value: UInt64) -> UInt64 { mixed(hash ^ value) }

  static func key(_ items: ArraySlice<DisplayItem>, origin: Point, space: DeviceSpace) -> UInt64? {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) { hash = combine(hash, value) }
    func mix(number value: Double) { mix(value.bitPattern) }
    // A user-space point as the picture's pixels see it, to 1/1024 of a
    // pixel: the same shape a hundred points on differs in the last bits
    // of its coordinates, and an outline 1/1024 of a pixel away covers
    // its pixels less than 1/1000 differently, below what 8 bits show.
    func mix(_ point: Point) {
      for value in [
        (point.x - space.origin.x) * space.scaleX - origin.x, (point.y - space.origin.y) * space.scaleY - origin.y,
      ] {
        mix(UInt64(bitPattern: Int64(clampedInt((value * 1024).rounded(), -(1 << 60), 1 << 60))))
      }
    }
    func alpha(_ paint: Paint) -> Double? {
      switch paint {
      case .solid(let color): return color.alpha
      case .linearGradient(let gradient): return gradient.stops.allSatisfy { $0.color.alpha >= 1 } ? 1 : nil
      case .radialGradient(let gradient): return gradient.stops.allSatisfy { $0.color.alpha >= 1 } ? 1 : nil
      }
    }
    for item in items {
      guard item.clip == nil else { return nil }
      if let transform = item.effects?.transform {
        // The linear part as it is; the move through the points below.
        for value in [transform.a, transform.b, transform.c, transform.d] { mix(number: value) }
        mix(Point(transform.e, transform.f))
      }
      switch item {
      case .path(let path):
        guard let fill = alpha(path.paint) else { return nil }
        mix(UInt64(1))
        mix(number: fill * path.opacity)
        mix(UInt64(path.fillRule == .nonzero ? 1 : 2))
        if let stroke = path.stroke {
          guard let strokeAlpha = alpha(stroke.paint) else { return nil }
          let style = stroke.style
          for value in [strokeAlpha * path.opacity, style.width, style.miterLimit, style.dashPhase] {
            mix(number: value)
          }
          for byte in "\(style.cap) \(style.join)".utf8 { mix(UInt64(byte)) }
          for dash in style.dash { mix(number: dash) }
        }
        for segment in path.userSpaceSegments {
          switch segment {
          case .move(let p):
            mix(UInt64(2))
            mix(p)
          case .line(let p):
            mix(UInt64(3))
            mix(p)
          case .cubic(let c1, let c2, let p):
            mix(UInt64(4))
            mix(c1)
            mix(c2)
            mix(p)
          case .close: mix(UInt64(5))
          }
        }
      case .text(let text):
        mix(UInt64(6))
        for byte in text.text.utf8 { mix(UInt64(byte)) }
        for value in [text.fontSize, text.color.alpha] { mix(number: value) }
        mix(UInt64(text.bold ? 1 : 0))
        mix(UInt64(text.alignment.rawValue.utf8.first ?? 0))
        mix(text.position)
      }
    }
    return hash
  }
}
