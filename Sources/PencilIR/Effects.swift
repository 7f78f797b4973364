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

/// An item's transform and clip, boxed: most items have neither, and an
/// item without them stays as small as it was.
package final class ItemEffects: Equatable, Sendable {
  /// Maps the item's geometry (and its paints) into user space.
  package let transform: Affine?
  package let clip: ClipIR?

  init(transform: Affine?, clip: ClipIR?) {
    self.transform = transform
    self.clip = clip
  }

  package static func make(transform: Affine?, clip: ClipIR?) -> ItemEffects? {
    transform == nil && clip == nil ? nil : ItemEffects(transform: transform, clip: clip)
  }

  package static func == (a: ItemEffects, b: ItemEffects) -> Bool {
    a === b || (a.transform == b.transform && a.clip == b.clip)
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
}
