/// A face as matching sees it: where it is, its family and its style.
public struct FaceDescription: Sendable, Equatable, Codable {
  public var path: String
  public var face: Int
  public var family: String
  public var subfamily: String
  public var weight: Int
  public var width: Int
  public var italic: Bool
  public var monospaced: Bool

  public init(
    path: String, face: Int, family: String, subfamily: String, weight: Int, width: Int, italic: Bool,
    monospaced: Bool
  ) {
    (self.path, self.face, self.family, self.subfamily) = (path, face, family, subfamily)
    (self.weight, self.width, self.italic, self.monospaced) = (weight, width, italic, monospaced)
  }

  /// The face `face` of a font file's bytes, as matching sees it.
  public init(_ font: OpenTypeFont, path: String, face: Int) {
    self.init(
      path: path, face: face, family: font.names.family, subfamily: font.names.subfamily,
      weight: font.style.weight, width: font.style.width, italic: font.style.italic,
      monospaced: font.style.monospaced)
  }
}

/// CSS's font matching (CSS Fonts Level 4, "Matching font styles"): of a
/// family's faces, the nearest width first, then the style, then the
/// nearest weight, each step keeping only the faces that tie.
public enum FontMatching {
  /// The face of `faces` (one family's) nearest `weight`, `width` and
  /// `italic`; nil when there are none.
  public static func best(
    of faces: [FaceDescription], weight: Int, width: Int = 5, italic: Bool = false
  ) -> FaceDescription? {
    guard !faces.isEmpty else { return nil }
    // Width: the desired one, else narrower ones nearest first when it is
    // normal or narrower, wider ones nearest first otherwise, then the rest.
    let widths = Set(faces.map(\.width))
    let width = nearest(in: widths, to: width, preferLower: width <= 5)
    var left = faces.filter { $0.width == width }
    // Style: italic wants italic (obliques count as italic here), then
    // normal; normal wants normal, then italic.
    if left.contains(where: { $0.italic == italic }) { left = left.filter { $0.italic == italic } }
    // Weight: 400 tries up to 500 first, 500 down to 400 first; below 400
    // lighter first, above 500 heavier first.
    let weights = Set(left.map(\.weight))
    let chosen: Int
    if (400...500).contains(weight) {
      let between = weights.filter { $0 >= weight && $0 <= 500 }.min()
      chosen =
        between ?? nearest(in: weights.filter { $0 < weight || $0 > 500 }, to: weight, preferLower: true)
    } else {
      chosen = nearest(in: weights, to: weight, preferLower: weight < 400)
    }
    return left.filter { $0.weight == chosen }.min { ($0.path, $0.face) < ($1.path, $1.face) }
  }

  /// `value` if present, else the nearest on the preferred side, else the
  /// nearest on the other.
  static func nearest(in values: Set<Int>, to value: Int, preferLower: Bool) -> Int {
    if values.contains(value) { return value }
    let lower = values.filter { $0 < value }.max()
    let higher = values.filter { $0 > value }.min()
    return (preferLower ? lower ?? higher : higher ?? lower) ?? value
  }
}

extension FaceDescription {
  /// A face described from its tables alone (`head`, and `name`, `OS/2`
  /// and `post` where it has them), as a font index reads them without
  /// reading the whole file.
  public static func read(
    path: String, face: Int, head: [UInt8], name: [UInt8]?, os2: [UInt8]?, post: [UInt8]?
  ) throws(FontError) -> FaceDescription {
    func reader(_ bytes: [UInt8]?, _ table: String) -> FontReader? {
      bytes.map { FontReader($0, start: 0, end: $0.count, table: table) }
    }
    let names = try FontNames(reader(name, "name"))
    let style = try FontStyle(
      os2: reader(os2, "OS/2"), head: FontReader(head, start: 0, end: head.count, table: "head"),
      post: reader(post, "post"))
    return FaceDescription(
      path: path, face: face, family: names.family, subfamily: names.subfamily, weight: style.weight,
      width: style.width, italic: style.italic, monospaced: style.monospaced)
  }
}
