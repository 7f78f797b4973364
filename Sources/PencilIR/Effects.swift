import PencilGeometry

/// Effects applied to items after layout: a transform (`rotation`,
/// `scale`, `offset`) and clipping (`clip=`).

/// An outline that cuts what is drawn inside it, in user space (after
/// every transform of the elements around it), with the clips around it.
/// Shared by the items of one element's children; compared by identity
/// first.
public final class ClipIR: Equatable, Sendable {
  /// In user space: drawing keeps only what is inside (nonzero).
  public let segments: [PathSegment]
  /// The clip of an enclosing element: both cut.
  public let parent: ClipIR?

  package init(segments: [PathSegment], parent: ClipIR?) {
    self.segments = segments
    self.parent = parent
  }

  public static func == (a: ClipIR, b: ClipIR) -> Bool {
    a === b || (a.segments == b.segments && a.parent == b.parent)
  }

  /// This clip and its parents, innermost first.
  package var chain: [ClipIR] {
    var result: [ClipIR] = []
    var next: ClipIR? = self
    while let clip = next {
      result.append(clip)
      next = clip.parent
    }
    return result
  }

  /// The same chain with `outer` around its outermost clip. `memo` maps
  /// each clip already done to its copy, so chains that shared a parent
  /// still share one (siblings keep one `<clipPath>` for what they share).
  /// (The memo holds each original too, so no identifier is reused while
  /// it is in use.)
  package func inside(_ outer: ClipIR, memo: inout [ObjectIdentifier: (ClipIR, ClipIR)]) -> ClipIR {
    if let done = memo[ObjectIdentifier(self)] { return done.1 }
    let copy = ClipIR(segments: segments, parent: parent.map { $0.inside(outer, memo: &memo) } ?? outer)
    memo[ObjectIdentifier(self)] = (self, copy)
    return copy
  }

  /// The same chain moved by `transform` (shared parents stay shared).
  package func transformed(by transform: Affine, memo: inout [ObjectIdentifier: (ClipIR, ClipIR)]) -> ClipIR {
    if let done = memo[ObjectIdentifier(self)] { return done.1 }
    let copy = ClipIR(
      segments: segments.map { transform.apply($0) }, parent: parent?.transformed(by: transform, memo: &memo))
    memo[ObjectIdentifier(self)] = (self, copy)
    return copy
  }
}

/// A layer: the items of one element drawn together, then filtered as
/// one picture (SwiftUI's `.shadow` and `.blur` on a view, SVG's `filter`
/// on a group). Items share their layers by identity, and a layer's
/// items are consecutive in paint order; an item in nested layers lists
/// them outermost first.
public final class LayerIR: Equatable, Sendable {
  public enum Effect: Equatable, Sendable {
    /// The layer's alpha, blurred with standard deviation `radius`, moved
    /// by `x`, `y` and filled with `color`, drawn under the layer.
    case shadow(color: IRColor, radius: Double, x: Double, y: Double)
    /// The layer blurred with standard deviation `radius`.
    case blur(radius: Double)
  }

  /// In user space: the shadow falls the same way whatever the elements
  /// around it turn (light comes from above the picture).
  public let effect: Effect
  /// What the elements around it cut the filtered layer to.
  public let clip: ClipIR?

  package init(effect: Effect, clip: ClipIR?) {
    self.effect = effect
    self.clip = clip
  }

  /// The standard deviation of its blur.
  public var radius: Double {
    switch effect {
    case .shadow(_, let radius, _, _), .blur(let radius): radius
    }
  }

  /// How far the filtered layer reaches beyond its items, each way: three
  /// standard deviations, where a Gaussian's tail falls below 1/255 of
  /// its peak, plus the shadow's offset.
  public var reach: (left: Double, top: Double, right: Double, bottom: Double) {
    let spread = 3 * radius
    switch effect {
    case .shadow(_, _, let x, let y):
      return (spread + max(0, -x), spread + max(0, -y), spread + max(0, x), spread + max(0, y))
    case .blur: return (spread, spread, spread, spread)
    }
  }

  public static func == (a: LayerIR, b: LayerIR) -> Bool {
    a === b || (a.effect == b.effect && a.clip == b.clip)
  }
}

/// An item's transform, clip and layers, boxed: most items have none, and
/// an item without them stays as small as it was.
package final class ItemEffects: Equatable, Sendable {
  /// Maps the item's geometry (and its paints) into user space.
  package let transform: Affine?
  package let clip: ClipIR?
  /// The layers it is drawn in, outermost first.
  package let layers: [LayerIR]

  init(transform: Affine?, clip: ClipIR?, layers: [LayerIR] = []) {
    self.transform = transform
    self.clip = clip
    self.layers = layers
  }

  package static func make(transform: Affine?, clip: ClipIR?, layers: [LayerIR] = []) -> ItemEffects? {
    transform == nil && clip == nil && layers.isEmpty
      ? nil : ItemEffects(transform: transform, clip: clip, layers: layers)
  }

  package static func == (a: ItemEffects, b: ItemEffects) -> Bool {
    a === b || (a.transform == b.transform && a.clip == b.clip && a.layers == b.layers)
  }
}

extension DisplayItem {
  package var effects: ItemEffects? {
    get {
      switch self {
      case .path(let path): path.effects
      case .text(let text): text.effects
      }
    }
    set {
      switch self {
      case .path(var path):
        path.effects = newValue
        self = .path(path)
      case .text(var text):
        text.effects = newValue
        self = .text(text)
      }
    }
  }

  /// What the item is cut to, in user space; nil: nothing.
  public var clip: ClipIR? { effects?.clip }

  /// The layers the item is drawn in, outermost first.
  public var layers: [LayerIR] { effects?.layers ?? [] }
}
