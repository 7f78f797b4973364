import Foundation
import PencilOpenType
import PencilWorld

// Prints, as JSON, what PencilOpenType reads of a font: its names, style
// and metrics, the glyph and advance of every character from U+0020 to
// U+017F (Latin-1 and Latin Extended-A) that it maps, the kerning of every
// pair of those glyphs that has any, and each such glyph's points
// (TrueType) or path (CFF).
// scripts/font-check.py compares it with fontTools' reading of the font.
//
// Usage: pencil-font FONT [--face N]
//        pencil-font --index [--cache PATH] [FOLDER...]
// The second scans the system's font folders (or FOLDERs) as a compile
// will, through the index cache, and prints what it found and read.

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--index" {
  arguments.removeFirst()
  var cache = FontIndex.defaultCache
  if let index = arguments.firstIndex(of: "--cache"), index + 1 < arguments.count {
    cache = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
  }
  let start = Date()
  let index = FontIndex.scan(arguments.isEmpty ? FontIndex.systemFolders : arguments, cache: cache)
  let seconds = Date().timeIntervalSince(start)
  let families = Set(index.faces.map(\.family)).count
  print(
    "\(index.faces.count) faces of \(families) families; \(index.filesRead) files read; \(String(format: "%.3f", seconds)) s"
  )
  exit(0)
}
var face = 0
if let index = arguments.firstIndex(of: "--face"), index + 1 < arguments.count {
  face = Int(arguments[index + 1]) ?? 0
  arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1 else { fail("usage: pencil-font FONT [--face N]") }
guard let data = FileManager.default.contents(atPath: arguments[0]) else { fail("cannot read \(arguments[0])") }
let font: OpenTypeFont
do {
  font = try OpenTypeFont(Array(data), face: face)
} catch {
  fail("\(arguments[0]): \(error)")
}

var characters: [String: Any] = [:]
var glyphs: [UInt16] = []
for value in UInt32(0x20)...0x17F {
  guard let scalar = Unicode.Scalar(value) else { continue }
  let glyph = font.glyph(for: scalar)
  guard glyph != 0 else { continue }
  characters[String(value)] = ["glyph": Int(glyph), "advance": font.advance(of: glyph)]
  if !glyphs.contains(glyph) { glyphs.append(glyph) }
}
var kerning: [[Int]] = []
for left in glyphs {
  for right in glyphs {
    let value = font.kerning(left, right)
    if value != 0 { kerning.append([Int(left), Int(right), value]) }
  }
}
var outlines: [String: Any] = [:]
if font.hasCFFOutlines {
  for glyph in glyphs {
    do {
      outlines[String(glyph)] = [
        "segments": try font.outline(of: glyph).map { segment -> [Any] in
          switch segment {
          case .move(let p): ["M", p.x, p.y]
          case .line(let p): ["L", p.x, p.y]
          case .cubic(let c1, let c2, let p): ["C", c1.x, c1.y, c2.x, c2.y, p.x, p.y]
          case .close: ["Z"]
          }
        }
      ]
    } catch {
      outlines[String(glyph)] = ["error": "\(error)"]
    }
  }
} else {
  for glyph in glyphs {
    do {
      let (points, ends) = try font.contours(of: glyph)
      outlines[String(glyph)] = [
        "points": points.map { [$0.x, $0.y, $0.onCurve ? 1 : 0] }, "ends": ends,
      ]
    } catch {
      outlines[String(glyph)] = ["error": "\(error)"]
    }
  }
}
let result: [String: Any] = [
  "family": font.names.family, "subfamily": font.names.subfamily, "fullName": font.names.fullName,
  "postScriptName": font.names.postScriptName, "unitsPerEm": font.unitsPerEm, "glyphCount": font.glyphCount,
  "ascender": font.ascender, "descender": font.descender, "lineGap": font.lineGap,
  "capHeight": font.capHeight ?? NSNull(), "xHeight": font.xHeight ?? NSNull(), "weight": font.style.weight,
  "width": font.style.width, "italic": font.style.italic, "monospaced": font.style.monospaced,
  "characters": characters, "kerning": kerning, "outlines": outlines,
]
let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
FileHandle.standardOutput.write(json)
FileHandle.standardOutput.write(Data("\n".utf8))
