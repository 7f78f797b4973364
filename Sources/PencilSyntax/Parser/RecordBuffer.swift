/// The tree recorder's growable storage: an append is a capacity test and
/// a store. An `Array` would also test, on every append, whether its
/// buffer is shared (a call into the runtime). A tree is handed on in
/// arrays (`elements`, `copy(into:)`), and the recorder starts over in the
/// same memory.
///
/// Elements are plain data (no references: nothing to release when they
/// are dropped). Copies of the buffer share its memory: only one of them
/// may append (the parser's own), which the recorder, held by the
/// parser, ensures.
struct RecordBuffer<Element> {
  /// Owns the memory and frees it with the last copy. Its field is read
  /// only when the memory is replaced, so the hot path pays no access
  /// check on a class's property.
  private final class Storage {
    let base: UnsafeMutablePointer<Element>

    init(capacity: Int) { base = .allocate(capacity: capacity) }

    deinit { base.deallocate() }
  }

  /// Nil until the first append of a buffer made empty (`unallocated`).
  private var storage: Storage?
  private var base: UnsafeMutablePointer<Element>?
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    assert(_isPOD(Element.self), "the buffer drops its elements without destroying them")
    let capacity = max(capacity, 16)
    let storage = Storage(capacity: capacity)
    self.storage = storage
    base = storage.base
    self.capacity = capacity
  }

  /// A buffer that takes no memory until something is appended: the
  /// recorder of a parser that records nothing (an interpolation's) is
  /// made without an allocation.
  static var unallocated: RecordBuffer { RecordBuffer() }

  private init() {
    assert(_isPOD(Element.self), "the buffer drops its elements without destroying them")
    capacity = 0
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    // `grow` made the memory when there was none.
    (base.unsafelyUnwrapped + count).initialize(to: element)
    // Below the capacity, which is an `Int`: it cannot overflow.
    count &+= 1
  }

  /// Twice the room (16 at first), the elements moved over (they are
  /// plain bytes).
  private mutating func grow() {
    let larger = Storage(capacity: max(capacity * 2, 16))
    if let base { larger.base.initialize(from: base, count: count) }
    storage = larger
    base = larger.base
    capacity = max(capacity * 2, 16)
  }

  /// Empty again, keeping the memory (the elements need no clean-up).
  mutating func removeAll() { count = 0 }

  var isEmpty: Bool { count == 0 }

  var last: Element? { count > 0 ? base.unsafelyUnwrapped[count - 1] : nil }

  /// A copy of the elements, in an array of their exact size.
  var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// Makes `array` a copy of the elements. When the array's memory fits
  /// them it is reused, and `Array` reuses it in place when nothing else
  /// holds the array (a tree handed on and dropped: no allocation) or
  /// takes memory of the same size when something does (a tree kept). Too
  /// small or far too large, the array is replaced by an exact copy, so a
  /// kept tree never holds much more memory than its elements need.
  func copy(into array: inout [Element]) {
    guard array.capacity >= count, array.capacity <= 2 * count + 64 else {
      array = elements
      return
    }
    if array.count == count, let base {
      // The same size as the previous statement's (often, in a scene of
      // like lines): its elements overwritten in place, one `memcpy`.
      array.withUnsafeMutableBufferPointer { target in target.baseAddress?.update(from: base, count: count) }
      return
    }
    // One replacement of the whole array: its memory kept (see above).
    array.replaceSubrange(array.startIndex..<array.endIndex, with: UnsafeBufferPointer(start: base, count: count))
  }
}
