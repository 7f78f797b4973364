import PencilDiagnostics
import PencilIR

/// The bound on the total work of one raster output: the pixels each item
/// can cover (its device-space bounding box clipped to the canvas), summed
/// over the items. The picture's size is bounded (E0301), but not how many
/// times it is painted over: a loop of a million canvas-sized rectangles
/// is a few hundred bytes of source and days of compositing. The estimate
/// reads each item's bounding box only, before anything is flattened, so
/// refusing costs time linear in the scene.
package enum RasterWork {
  /// Twenty coats of the largest picture (100 megapixels): a scene of a
  /// few hundred canvas-sized layers at a usual size is far below it.
  package static let defaultMaximum = 2_000_000_000

  package enum Outcome {
    /// The pixels covered in all, within the limit.
    case within(Int)
    case refused(Diagnostic)
  }

  /// The work of drawing `scene` into `space`, or a diagnostic at the
  /// first item that takes it past `maximum`. `alreadySpent` is the work
  /// of pictures drawn before for the same output (the ASCII backend's
  /// stroke picture follows its picture). Without `drawText`, text is
  /// left out as the renderer leaves it out.
  package static func check(
    _ scene: Scene, space: DeviceSpace, drawText: Bool = true, maximum: Int, alreadySpent: Int = 0
  ) -> Outcome {
    var total = alreadySpent
    // A layer (a shadow, a blur) is drawn apart, blurred and composited:
    // counted at its first item as sixteen coats of the pixels it reaches
    // (eight for a shadow, whose alpha alone is blurred): what its passes
    // cost, and a bound on its memory (8 bytes a pixel at most).
    let regions = scene.hasLayers && drawText ? LayerIR.regions(of: scene.items) : [:]
    var counted: Set<ObjectIdentifier> = []
    for item in scene.items {
      for layer in item.layers where counted.insert(ObjectIdentifier(layer)).inserted {
        guard let box = regions[ObjectIdentifier(layer)] else { continue }
        let coats: Int
        if case .blur = layer.effect { coats = 16 } else { coats = 8 }
        total += coats * LayerIR.pixels(of: layer.filterRegion(itemsBox: box), reach: layer.reach, in: space)
      }
      let region: DeviceSpace.Region?
      let range: SourceRange
      switch item {
      case .path(let path):
        region = space.reach(of: path)
        range = path.sourceRange
      case .text(let text):
        guard drawText else { continue }
        region = space.reach(of: text)
        range = text.sourceRange
      }
      guard let (x0, y0, x1, y1) = region else { continue }
      // At most 100,000² a region: the sum cannot overflow before the
      // limit (itself far below Int.max) is crossed.
      total += (x1 - x0) * (y1 - y0)
      if total > maximum {
        return .refused(
          Diagnostic(
            BackendCodes.tooMuchRasterWork, range,
            "drawing the picture would cover more than \(maximum) pixels in all (each element's pixels summed over the elements); this element takes it past the limit. Draw fewer or smaller elements, or raise the limit with --max-raster-work N"
          ))
      }
    }
    return .within(total)
  }
}
