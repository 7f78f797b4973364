import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSema

/// Transforms and clips, applied after layout to the items an element
/// made (SwiftUI's `rotationEffect`, `scaleEffect`, `offset` and
/// `clipShape`): layout never sees them, and a child's own effects stay
/// inside its parent's.
extension Lowering {
  /// The effects of the elements being lowered, outermost first, with
  /// their frames: an element that waits for an anchor takes a copy, and
  /// gets them once it is built.
  /// Each entry's layers are made once, when the element is entered, so
  /// what waits inside it and is built later joins the same layers.
  typealias EffectScope = [(effects: ElementEffects, frame: Rect, layers: [LayerIR])]

  /// Applies the element's clip (fitted to `frame`), then its transform
  /// (about its anchor in `frame`), to the items from `first` on.
  mutating func applyEffects(_ effects: ElementEffects, frame: Rect, from first: Int, layers given: [LayerIR]? = nil) {
    guard first < items.count else { return }
    let clip = effects.clip.map { ClipIR(segments: $0.outline.segments(in: frame), parent: nil) }
    let transform = effects.transform.map { $0.affine(in: frame) }
    let layers = given ?? layers(of: effects)
    guard clip != nil || transform != nil || !layers.isEmpty else { return }
    // Children share their clips and layers: each is combined and moved once.
    var moved: [ObjectIdentifier: (ClipIR, ClipIR)] = [:]
    var nested: [ObjectIdentifier: (ClipIR, ClipIR)] = [:]
    var cutLayers: [ObjectIdentifier: (LayerIR, LayerIR)] = [:]
    var previous: (old: ItemEffects?, new: ItemEffects?)? = nil
    for index in first..<items.count {
      let old = items[index].effects
      if let previous, previous.old === old {
        items[index].effects = previous.new
        continue
      }
      var itemClip = old?.clip
      if let clip {
        itemClip = itemClip.map { $0.inside(clip, memo: &nested) } ?? clip
      }
      var itemTransform = old?.transform
      if let transform {
        itemTransform = itemTransform.map { transform.concatenating(after: $0) } ?? transform
        itemClip = itemClip.map { $0.transformed(by: transform, memo: &moved) }
      }
      // The layers of children inside are cut by this element's clip as
      // their items are; this element's own layers go round them.
      var itemLayers = old?.layers ?? []
      if clip != nil || transform != nil {
        itemLayers = itemLayers.map { layer in
          if let done = cutLayers[ObjectIdentifier(layer)] { return done.1 }
          var layerClip = layer.clip
          if let clip { layerClip = layerClip.map { $0.inside(clip, memo: &nested) } ?? clip }
          if let transform { layerClip = layerClip.map { $0.transformed(by: transform, memo: &moved) } }
          let cut = LayerIR(effect: layer.effect, clip: layerClip)
          cutLayers[ObjectIdentifier(layer)] = (layer, cut)
          return cut
        }
      }
      let new = ItemEffects.make(transform: itemTransform, clip: itemClip, layers: layers + itemLayers)
      items[index].effects = new
      previous = (old, new)
    }
  }

  /// An element's `blur=` and `shadow=` as layers, outermost first: the
  /// blur takes the element with its shadow (SwiftUI's `.shadow().blur()`).
  func layers(of effects: ElementEffects) -> [LayerIR] {
    guard let filter = effects.filter else { return [] }
    var layers: [LayerIR] = []
    if let radius = filter.blur, radius > 0 { layers.append(LayerIR(effect: .blur(radius: radius), clip: nil)) }
    if let shadow = filter.shadow {
      layers.append(
        LayerIR(
          effect: .shadow(color: IRColor(shadow.color), radius: shadow.radius, x: shadow.x, y: shadow.y), clip: nil))
    }
    return layers
  }

  /// Applies a waiting element's enclosing effects, innermost first.
  mutating func applyEffects(_ scope: EffectScope, from first: Int) {
    for (effects, frame, layers) in scope.reversed() {
      applyEffects(effects, frame: frame, from: first, layers: layers)
    }
  }

  /// A path's paint and its stroke's, in `frame`; W0014 for a dash pattern
  /// too fine for its outline in user space (made only then).
  mutating func paints(
    _ fill: Fill, _ model: StrokeModel?, frame: Rect, source: SourceRange, _ origin: Origin,
    outline: () -> [PathSegment]
  ) -> (Paint, StrokeIR?) {
    let paint = paint(fill, frame: frame)
    guard let model else { return (paint, nil) }
    let strokePaint = self.paint(model.paint, frame: frame)
    if !model.style.dash.isEmpty { warnAboutFineDashes(outline(), model.style, source: source, origin) }
    // A diagram strokes its paths alike: they share one immutable stroke,
    // not one allocated each (equal to the bit and in its dark variant, so
    // each draws the same; `==` on colours leaves the variant out).
    if case .solid(let color) = strokePaint, let last = lastStroke, case .solid(let lastColor) = last.paint,
      color == lastColor, color.variant == lastColor.variant, Lowering.same(last.style, model.style)
    {
      return (paint, last)
    }
    let stroke = StrokeIR(paint: strokePaint, style: model.style)
    if case .solid = strokePaint { lastStroke = stroke }
    return (paint, stroke)
  }

  /// Whether two stroke styles are equal to the bit (`==` takes -0 for 0).
  private static func same(_ a: StrokeStyle, _ b: StrokeStyle) -> Bool {
    a.width.bitPattern == b.width.bitPattern && a.cap == b.cap && a.join == b.join
      && a.miterLimit.bitPattern == b.miterLimit.bitPattern && a.dashPhase.bitPattern == b.dashPhase.bitPattern
      && a.dash.elementsEqual(b.dash) { $0.bitPattern == $1.bitPattern }
  }

  /// W0014: a dash pattern so fine for its path that the raster backends
  /// draw the stroke solid (see `Stroker.maximumDashes`).
  private mutating func warnAboutFineDashes(
    _ segments: [PathSegment], _ style: StrokeStyle, source: SourceRange, _ origin: Origin
  ) {
    guard Stroker.drawsDashesSolid(segments, style: style) else { return }
    var diagnostic = Diagnostic(
      GraphicsCodes.dashesTooFine, source,
      "this dash pattern would cut the stroke into more than \(Stroker.maximumDashes) dashes; PNG, PPM and ASCII draw it solid"
    )
    diagnostic.file = origin.file
    diagnostics.append(diagnostic)
  }
}
