/// "Did you mean" support: the closest candidate by edit distance, but
/// only when it is clearly the one meant (close enough and unique).
///
/// Cost is bounded whatever the input: a word can only be within the
/// allowed distance (at most 3) of a candidate whose length differs by at
/// most that much, so candidates are bucketed by length and only three to
/// seven buckets are compared, and each comparison stops as soon as the
/// distance must exceed the limit. A 10 MB identifier is rejected by its
/// length alone. The result does not depend on the candidates' order.
package struct SuggestionIndex {
  private var byLength: [Int: [(name: String, lowered: [UInt8])]] = [:]

  package init<Names: Sequence>(_ candidates: Names) where Names.Element == String {
    for name in candidates {
      let lowered = Array(name.lowercased().utf8)
      byLength[lowered.count, default: []].append((name, lowered))
    }
  }

  /// The single best candidate within a distance that grows with the word
  /// length, or nil when none is close or two are equally close.
  package func closest(to word: String) -> String? {
    let lowered = Array(word.lowercased().utf8)
    let limit = Suggestions.allowedDistance(forLength: lowered.count)
    var best: String? = nil
    var bestDistance = limit + 1
    var tie = false
    for length in max(0, lowered.count - limit)...(lowered.count + limit) {
      for candidate in byLength[length] ?? [] {
        // A case-only difference (distance 0) is the strongest hint there is.
        let cutoff = min(bestDistance, limit)
        guard let distance = Suggestions.editDistance(lowered, candidate.lowered, atMost: cutoff) else {
          continue
        }
        if distance < bestDistance {
          best = candidate.name
          bestDistance = distance
          tie = false
        } else if candidate.name != best {
          tie = true
        }
      }
    }
    return tie ? nil : best
  }
}

package enum Suggestions {
  /// One-off lookups in a small list.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    SuggestionIndex(candidates).closest(to: word)
  }

  /// How far a word of this length may be from what was meant.
  package static func allowedDistance(forLength length: Int) -> Int { max(1, min(3, length / 3)) }

  /// Levenshtein distance with adjacent transpositions counted as one
  /// edit, or nil as soon as it is certain to exceed `limit`.
  package static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    var previousMinimum = 0
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      // A transposition reaches back two rows, so stop only when two
      // consecutive rows are both beyond the limit.
      if rowMinimum > limit, previousMinimum > limit { return nil }
      previousMinimum = rowMinimum
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// The plain distance, for tests.
  package static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    editDistance(a, b, atMost: Int.max / 2) ?? 0
  }
}
