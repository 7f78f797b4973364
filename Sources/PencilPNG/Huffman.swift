/// Canonical Huffman codes with a bound on their length, as DEFLATE's
/// dynamic blocks need (15 bits for literals, lengths and distances, 7 for
/// the code-length code).
enum Huffman {
  /// The lengths of an optimal prefix code for `frequencies` in which no
  /// code is longer than `maxLength`. Unused symbols get length 0; a lone
  /// used symbol gets length 1, as DEFLATE requires. Huffman's own code
  /// comes first (the two-queue method over the sorted weights, linear);
  /// only when it is too deep are the lengths found again by package-merge,
  /// which is optimal under the limit, where cutting a tree down is only a
  /// heuristic.
  static func lengths(_ frequencies: UnsafeBufferPointer<UInt32>, maxLength: Int, into lengths: inout [UInt8]) {
    for index in lengths.indices { lengths[index] = 0 }
    // Weight above, symbol below: one plain sort orders by weight, then
    // by symbol, so equal weights always come out the same.
    var keys: [UInt64] = []
    keys.reserveCapacity(frequencies.count)
    for symbol in frequencies.indices where frequencies[symbol] > 0 {
      keys.append(UInt64(frequencies[symbol]) << 16 | UInt64(symbol))
    }
    if keys.isEmpty { return }
    if keys.count == 1 {
      lengths[Int(keys[0] & 0xFFFF)] = 1
      return
    }
    keys.sort()
    let count = keys.count
    // Nodes 0..<count are the leaves in weight order; the internal nodes
    // that follow are made in order of weight, so they queue up as made.
    var weight = [UInt64](repeating: 0, count: 2 * count - 1)
    var parent = [Int](repeating: 0, count: 2 * count - 1)
    for index in 0..<count { weight[index] = keys[index] >> 16 }
    var leaf = 0
    var internalNode = count
    for node in count..<(2 * count - 1) {
      var children = (0, 0)
      for pick in 0..<2 {
        let child: Int
        if leaf < count && (internalNode >= node || weight[leaf] <= weight[internalNode]) {
          child = leaf
          leaf += 1
        } else {
          child = internalNode
          internalNode += 1
        }
        if pick == 0 { children.0 = child } else { children.1 = child }
      }
      weight[node] = weight[children.0] + weight[children.1]
      parent[children.0] = node
      parent[children.1] = node
    }
    // Depths from the root (the last node) down: a parent comes after its children.
    var depth = [Int](repeating: 0, count: 2 * count - 1)
    var deepest = 0
    for node in stride(from: 2 * count - 3, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
      if node < count { deepest = max(deepest, depth[node]) }
    }
    if deepest <= maxLength {
      for index in 0..<count { lengths[Int(keys[index] & 0xFFFF)] = UInt8(depth[index]) }
      return
    }
    packageMerge(keys, maxLength: maxLength, into: &lengths)
  }

  /// Package-merge (Larmore and Hirschberg) over leaves sorted by weight.
  /// The lists are built from the deepest level up: each list is the
  /// leaves merged with the pairs ("packages") of the list below. Taking
  /// the first 2n − 2 items of the top list, every leaf gains one bit of
  /// length for each list in which it is among the items taken, and the
  /// packages taken from a list decide how many items of the list below
  /// are taken. Leaves come in weight order in every list, so the leaves
  /// taken are always the lightest ones.
  static func packageMerge(_ keys: [UInt64], maxLength: Int, into lengths: inout [UInt8]) {
    let leaves = keys.map { $0 >> 16 }
    let count = leaves.count
    // isPackage[level][i]: whether item i of that level's list is a package.
    var isPackage: [[Bool]] = [Array(repeating: false, count: count)]
    var weights = leaves
    isPackage.reserveCapacity(maxLength)
    for _ in 1..<maxLength {
      let packages = weights.count / 2
      var merged: [UInt64] = []
      var flags: [Bool] = []
      merged.reserveCapacity(count + packages)
      flags.reserveCapacity(count + packages)
      var leaf = 0
      var package = 0
      while leaf < count || package < packages {
        let packageWeight = package < packages ? weights[2 * package] + weights[2 * package + 1] : UInt64.max
        if leaf < count && leaves[leaf] <= packageWeight {
          merged.append(leaves[leaf])
          flags.append(false)
          leaf += 1
        } else {
          merged.append(packageWeight)
          flags.append(true)
          package += 1
        }
      }
      weights = merged
      isPackage.append(flags)
    }
    var take = 2 * count - 2
    for level in stride(from: maxLength - 1, through: 0, by: -1) where take > 0 {
      let flags = isPackage[level]
      var leavesTaken = 0
      for index in 0..<min(take, flags.count) where !flags[index] { leavesTaken += 1 }
      for index in 0..<leavesTaken { lengths[Int(keys[index] & 0xFFFF)] += 1 }
      take = 2 * (take - leavesTaken)
    }
  }

  /// Canonical codes (RFC 1951, 3.2.2) for `lengths`, bit-reversed, since
  /// DEFLATE sends Huffman codes most significant bit first into a stream
  /// that is otherwise filled from the least significant bit.
  static func codes(_ lengths: [UInt8], into codes: inout [UInt16]) {
    var lengthCount = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { lengthCount[Int(length)] += 1 }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1..<16 {
      code = (code + lengthCount[bits - 1]) << 1
      next[bits] = code
    }
    for symbol in lengths.indices {
      let length = Int(lengths[symbol])
      guard length > 0 else {
        codes[symbol] = 0
        continue
      }
      codes[symbol] = reversed(next[length], bits: length)
      next[length] += 1
    }
  }

  static func reversed(_ value: Int, bits: Int) -> UInt16 {
    var result = 0
    var rest = value
    for _ in 0..<bits {
      result = result << 1 | rest & 1
      rest >>= 1
    }
    return UInt16(truncatingIfNeeded: result)
  }
}
