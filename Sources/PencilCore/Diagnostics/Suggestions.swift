/// "Did you mean" support: the closest candidate by edit distance, but
/// only when it is clearly the one meant (close enough and unique).
enum Suggestions {
  /// The single best candidate within a distance that grows with the word
  /// length, or nil when none is close or two are equally close.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().utf8)
    let limit = max(1, min(3, lowered.count / 3))
    var best: String? = nil
    var bestDistance = Int.max
    var tie = false
    for candidate in candidates {
      // A case-only difference is the strongest hint there is.
      let distance =
        candidate.lowercased() == word.lowercased()
        ? 0
        : editDistance(lowered, Array(candidate.lowercased().utf8))
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
        tie = false
      } else if distance == bestDistance, candidate != best {
        tie = true
      }
    }
    guard bestDistance <= limit, !tie else { return nil }
    return best
  }

  /// Levenshtein distance with adjacent transpositions counted as one edit.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
