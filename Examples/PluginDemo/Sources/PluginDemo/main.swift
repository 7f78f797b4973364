import Foundation

// Loads the pictures PencilPlugin rendered from Scenes/pencil-icon.pencil
// when the target was built, and describes them. With --copy-to DIR it
// also copies them there, so a script can compare the bundled bytes with
// what pencilc writes (scripts/plugin-check.sh does).

let resources = ["pencil-icon.png", "pencil-icon@2x.png", "pencil-icon.svg"]

/// Width and height from a PNG's IHDR chunk, which always comes first.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
  let bytes = [UInt8](data)
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
    return nil
  }
  let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
  return (number(16), number(20))
}

var copyTo: URL?
if let flag = CommandLine.arguments.firstIndex(of: "--copy-to"), flag + 1 < CommandLine.arguments.count {
  copyTo = URL(fileURLWithPath: CommandLine.arguments[flag + 1], isDirectory: true)
}

var failed = false
for resource in resources {
  let name = (resource as NSString).deletingPathExtension
  let kind = (resource as NSString).pathExtension
  guard let url = Bundle.module.url(forResource: name, withExtension: kind), let data = try? Data(contentsOf: url)
  else {
    print("\(resource): not in the bundle")
    failed = true
    continue
  }
  if kind == "png" {
    guard let size = pngSize(data) else {
      print("\(resource): \(data.count) bytes, not a PNG")
      failed = true
      continue
    }
    print("\(resource): \(data.count) bytes, PNG \(size.width)x\(size.height)")
  } else {
    guard String(decoding: data, as: UTF8.self).contains("<svg") else {
      print("\(resource): \(data.count) bytes, not an SVG")
      failed = true
      continue
    }
    print("\(resource): \(data.count) bytes, SVG")
  }
  if let copyTo {
    try data.write(to: copyTo.appendingPathComponent(resource))
  }
}
exit(failed ? 1 : 0)
