import PencilSema

#if canImport(Glibc)
  import Glibc
#endif

/// The checked scene's top-level elements, moved out of
/// `SceneModel.elements` into chunks that lowering frees one by one.
///
/// One array of a million element models is 80 MB that no allocator can
/// give back until all of it is freed, and lowering held it while the
/// display list filled (the peak of a million-pencil scene, 582 MiB, is
/// 383 MiB without it and with 72-byte display items). Moved into chunks (the copy is made once, before
/// the display list grows), each chunk goes as soon as its elements are
/// lowered, and the allocator is asked to return the pages.
struct ElementChunks {
  /// 16,384 models: about 1.3 MB a chunk, and 62 trims for a million
  /// elements.
  static let chunkSize = 16_384

  private(set) var chunks: [[ElementModel]] = []

  /// Empties `elements`; a scene of one chunk keeps its array as it was.
  init(taking elements: inout [ElementModel]) {
    guard elements.count > Self.chunkSize else {
      chunks = [elements]
      elements = []
      return
    }
    chunks.reserveCapacity((elements.count + Self.chunkSize - 1) / Self.chunkSize)
    var start = 0
    while start < elements.count {
      let end = min(start + Self.chunkSize, elements.count)
      chunks.append(Array(elements[start..<end]))
      start = end
    }
    elements = []
  }

  /// Frees the chunk at `index` (its elements are lowered) and, where
  /// the C library can, gives the freed pages back to the system: they
  /// lie between blocks still in use, where freeing alone keeps them.
  mutating func release(_ index: Int) {
    chunks[index] = []
    guard chunks.count > 1 else { return }
    _ = ElementChunks.trim?(0)
  }

  /// glibc's `malloc_trim`, which the Glibc module does not declare;
  /// nil elsewhere (another allocator keeps its pages as it will).
  private static let trim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()
}
