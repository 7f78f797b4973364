/// How much room text takes, from the built-in font's advances: layout
/// measures text with the same numbers the raster backends draw it with.
/// Lines are 1.2 em apart; a line's box has its baseline 0.9 em below its
/// top (an ascent of 0.8 em plus half of the 0.2 em of leading).
package enum TextMetrics {
  package static let lineSpacing = 1.2
  package static let baselineOffset = 0.9

  /// The advance of one scalar in font units (a tab is a space; what the
  /// font lacks is drawn as its replacement box): the font's own numbers,
  /// side bearings included.
  static func advance(of scalar: Unicode.Scalar) -> Double { GlyphAdvances.advance(of: scalar).advance }

  /// The width of a line of text in points.
  package static func width(of line: Substring, size: Double) -> Double {
    var units = 0.0
    for scalar in line.unicodeScalars { units += advance(of: scalar) }
    return units * (size / GlyphData.unitsPerEm)
  }

  /// The widest of the text's lines, in one pass over its scalars:
  /// splitting into Characters first cost ten times the measuring. Lines
  /// end where `TextItem.lines` ends them, at a `\n` that is a Character
  /// of its own (not the end of a `\r\n`, which is measured as a glyph).
  package static func width(of text: String, size: Double) -> Double {
    var widest = 0.0
    var units = 0.0
    var afterReturn = false
    for scalar in text.unicodeScalars {
      if scalar == "\n", !afterReturn {
        widest = max(widest, units)
        units = 0
      } else {
        units += advance(of: scalar)
      }
      afterReturn = scalar == "\r"
    }
    return max(widest, units) * (size / GlyphData.unitsPerEm)
  }

  /// How many lines `TextItem.lines` splits the text into, without making them.
  package static func lineCount(of text: String) -> Int {
    var count = 1
    var afterReturn = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n"), !afterReturn { count += 1 }
      afterReturn = byte == UInt8(ascii: "\r")
    }
    return count
  }

  /// The height of `lines` lines: each line's box is 1.2 em.
  package static func height(lines: Int, size: Double) -> Double { Double(lines) * lineSpacing * size }

  /// The text broken into lines no wider than `width`: at `\n`, then at
  /// spaces and the break opportunities inside words (`LineBreaks`: after
  /// a hyphen, beside an ideograph), and between letters only when a piece
  /// alone is too wide (the widest such piece is returned, for a warning). With `lineLimit`, the
  /// last line kept ends in "..." when lines were dropped.
  static func wrap(_ text: String, width: Double, size: Double, lineLimit: Int? = nil)
    -> (lines: [String], widestBrokenWord: Double?)
  {
    let unit = size / GlyphData.unitsPerEm
    let limit = width / unit + 1e-9
    let space = advance(of: " ")
    var lines: [String] = []
    var broken: Double? = nil
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineUnits = 0.0
      // Whether the line has a word yet (an empty one too: leading spaces stay).
      var started = false
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        // A word may break inside at a hyphen or beside an ideograph
        // (`LineBreaks`): its pieces join with no space between them.
        let scalars = word.unicodeScalars
        var start = scalars.startIndex
        var offset = 0
        let breaks = LineBreaks.opportunities(in: scalars)
        for position in 0...breaks.count {
          // Walked forward from the last piece, not counted from the word's start.
          var end = scalars.endIndex
          if position < breaks.count {
            end = scalars.index(start, offsetBy: breaks[position] - offset)
            offset = breaks[position]
          }
          let piece = scalars[start..<end]
          start = end
          let separated = position == 0 && started
          var pieceUnits = 0.0
          for scalar in piece { pieceUnits += advance(of: scalar) }
          let needed = started ? lineUnits + (separated ? space : 0) + pieceUnits : pieceUnits
          if needed <= limit {
            if separated {
              line += " "
              lineUnits += space
            }
            started = true
            line.unicodeScalars.append(contentsOf: piece)
            lineUnits += pieceUnits
            continue
          }
          if started {
            lines.append(line)
            (line, lineUnits) = ("", 0)
          }
          started = true
          if pieceUnits <= limit {
            line.unicodeScalars.append(contentsOf: piece)
            lineUnits = pieceUnits
            continue
          }
          // A piece wider than the line: broken between letters.
          broken = max(broken ?? 0, pieceUnits * unit)
          for scalar in piece {
            let glyph = advance(of: scalar)
            if !line.isEmpty, lineUnits + glyph > limit {
              lines.append(line)
              (line, lineUnits) = ("", 0)
            }
            line.unicodeScalars.append(scalar)
            lineUnits += glyph
          }
        }
      }
      lines.append(line)
    }
    // Dropped lines that are empty lose nothing: no "..." for them.
    if let lineLimit, lines.count > lineLimit, lines[lineLimit...].contains(where: { !$0.isEmpty }) {
      lines.removeSubrange(lineLimit...)
      lines[lineLimit - 1] = truncated(lines[lineLimit - 1], toFit: limit)
    } else if let lineLimit, lines.count > lineLimit {
      lines.removeSubrange(lineLimit...)
    }
    return (lines, broken)
  }

  /// The line with "..." at its end, dropping letters until it fits.
  private static func truncated(_ line: String, toFit limit: Double) -> String {
    let dots = 3 * advance(of: ".")
    var scalars = Array(line.unicodeScalars)
    var units = scalars.reduce(0.0) { $0 + advance(of: $1) }
    while !scalars.isEmpty, units + dots > limit {
      units -= advance(of: scalars.removeLast())
    }
    while scalars.last == " " { scalars.removeLast() }
    var result = String(String.UnicodeScalarView(scalars))
    result += "..."
    return result
  }
}

/// Wrapped text by its string, font size, width and line limit, for one
/// compile: a loop or a component that repeats a text (or a stack that
/// asks a child at every level) wraps it once per width, not once per
/// repetition. Bounded by the bytes of text it holds: past the bound it
/// starts over, so memory stays bounded and the answers are the same.
package final class TextWrapCache {
  struct Key: Hashable {
    let text: String
    let size: Double
    let width: Double
    let lineLimit: Int?
  }

  package typealias Wrapped = (lines: [String], widestBrokenWord: Double?, width: Double)

  /// 32 MiB of text and lines held (each entry counted at 64 bytes at least).
  static let standardByteLimit = 32 << 20

  let byteLimit: Int
  private var entries: [Key: Wrapped] = [:]
  private(set) var heldBytes = 0
  /// How many times a text was wrapped and measured (not answered from here).
  package private(set) var wraps = 0

  package init(byteLimit: Int = TextWrapCache.standardByteLimit) { self.byteLimit = byteLimit }

  /// The text wrapped to `width` (see `TextMetrics.wrap`) and the width of
  /// its widest line.
  package func wrap(_ text: String, width: Double, size: Double, lineLimit: Int?) -> Wrapped {
    let key = Key(text: text, size: size, width: width, lineLimit: lineLimit)
    if let known = entries[key] { return known }
    wraps += 1
    let (lines, broken) = TextMetrics.wrap(text, width: width, size: size, lineLimit: lineLimit)
    var widest = 0.0
    for line in lines { widest = max(widest, TextMetrics.width(of: line[...], size: size)) }
    let wrapped = (lines, broken, widest)
    let bytes = 64 + text.utf8.count + lines.reduce(0) { $0 + 16 + $1.utf8.count }
    if heldBytes + bytes > byteLimit {
      entries = [:]
      heldBytes = 0
    }
    // One text larger than the whole bound is not kept.
    if bytes <= byteLimit {
      entries[key] = wrapped
      heldBytes += bytes
    }
    return wrapped
  }
}
