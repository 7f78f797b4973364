import PencilGeometry

extension PathItem {
  /// The outline's tight box in user space (before `transform`); nil for
  /// an empty outline. Measured here, where the mapped segments are
  /// iterated without a closure crossing into the reader's module.
  package var userSpaceBounds: Rect? {
    // With the frame's map or without one, not through the optional map
    // `userSpaceSegments` asks of every segment.
    let (outline, map) = outlineAndMap
    guard let map else { return boundingBox(of: outline) }
    return boundingBox(of: FittedSegments(outline: outline, map: map))
  }

  /// Whether a subpath of the outline starts, in user space, at a point
  /// `isInside` accepts.
  package func startsSubpath(where isInside: (Point) -> Bool) -> Bool {
    for case .move(let p) in userSpaceSegments where isInside(p) { return true }
    return false
  }
}

/// A unit outline's segments fitted to a frame, as they are read: a lazy
/// map would allocate a box for its closure each time a box is measured.
private struct FittedSegments: Sequence {
  let outline: [PathSegment]
  let map: FrameMap

  func makeIterator() -> Iterator { Iterator(base: outline.makeIterator(), map: map) }

  struct Iterator: IteratorProtocol {
    var base: IndexingIterator<[PathSegment]>
    let map: FrameMap

    mutating func next() -> PathSegment? {
      guard let segment = base.next() else { return nil }
      return map.apply(segment)
    }
  }
}
