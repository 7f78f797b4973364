import PencilDiagnostics
import PencilGeometry
import PencilSupport

/// The shape IR as stable, readable text (`pencilc --emit ir`); golden
/// tests compare it byte for byte.
public enum IRPrinter {
  /// The scene as text: the viewport, then one block per item.
  public static func print(_ scene: Scene) -> String {
    var out = ByteWriter()
    let box = scene.viewport
    out.write("viewport ")
    numbers(&out, [box.x, box.y, box.width, box.height])
    out.write(" background ")
    out.writeString(scene.background.map(color) ?? "none")
    out.write("\n")
    for item in scene.items {
      switch item {
      case .path(let path):
        out.writeString(
          "path rule=\(path.fillRule.rawValue) opacity=\(formatNumber(path.opacity)) source=\(path.sourceRange.start)..\(path.sourceRange.end)\(origin(path.sourceFile, path.callSites, scene.sources))\n"
        )
        switch path.paint {
        case .solid(let solid):
          out.writeString("  paint solid \(color(solid))\n")
        case .linearGradient(let gradient):
          out.write("  paint linear ")
          numbers(&out, [gradient.start.x, gradient.start.y])
          out.write(" -> ")
          numbers(&out, [gradient.end.x, gradient.end.y])
          out.write("\n")
          for stop in gradient.stops { out.writeString("    stop \(formatNumber(stop.offset)) \(color(stop.color))\n") }
        case .radialGradient(let gradient):
          // The unit circle's map, as SVG's matrix(a b c d e f) writes it.
          let map = gradient.unitToUser
          out.write("  paint radial matrix ")
          numbers(&out, [map.a, map.b, map.c, map.d, map.e, map.f])
          out.write("\n")
          for stop in gradient.stops { out.writeString("    stop \(formatNumber(stop.offset)) \(color(stop.color))\n") }
        }
        if let stroke = path.stroke { printStroke(stroke, &out) }
        printEffects(path.effects, &out)
        for segment in path.userSpaceSegments {
          switch segment {
          case .move(let p): out.writeString("  M \(formatNumber(p.x)) \(formatNumber(p.y))\n")
          case .line(let p): out.writeString("  L \(formatNumber(p.x)) \(formatNumber(p.y))\n")
          case .cubic(let c1, let c2, let to):
            out.write("  C ")
            numbers(&out, [c1.x, c1.y, c2.x, c2.y, to.x, to.y])
            out.write("\n")
          case .close: out.write("  Z\n")
          }
        }
      case .text(let text):
        out.writeString(
          "text \(jsonString(text.text)) at \(formatNumber(text.position.x)) \(formatNumber(text.position.y)) size=\(formatNumber(text.fontSize)) weight=\(text.bold ? "bold" : "regular") align=\(text.alignment.rawValue) color=\(color(text.color)) source=\(text.sourceRange.start)..\(text.sourceRange.end)\(origin(text.sourceFile, text.callSites, scene.sources))\n"
        )
        printEffects(text.effects, &out)
      }
    }
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// `  transform a b c d e f` and `  clip` with each outline of the
  /// chain, innermost first (`  clip … | …`); nothing for most items.
  private static func printEffects(_ effects: ItemEffects?, _ out: inout ByteWriter) {
    guard let effects else { return }
    if let t = effects.transform {
      out.write("  transform ")
      numbers(&out, [t.a, t.b, t.c, t.d, t.e, t.f])
      out.write("\n")
    }
    for layer in effects.layers {
      switch layer.effect {
      case .shadow(let color, let radius, let x, let y):
        out.writeString(
          "  layer shadow color=\(Self.color(color)) radius=\(formatNumber(radius)) x=\(formatNumber(x)) y=\(formatNumber(y))"
        )
      case .blur(let radius):
        out.writeString("  layer blur radius=\(formatNumber(radius))")
      }
      if let clip = layer.clip { out.writeString(" clip=\(clip.chain.count)") }
      out.write("\n")
    }
    guard let clip = effects.clip else { return }
    out.write("  clip")
    for (index, node) in clip.chain.enumerated() {
      out.write(index == 0 ? " " : " | ")
      out.writeString("\(node.segments.count) segments")
      if let box = boundingBox(of: node.segments) {
        out.write(" in ")
        numbers(&out, [box.x, box.y, box.width, box.height])
      }
    }
    out.write("\n")
  }

  /// ` file="…"` for an item from another file and ` calls=A..B,C..D`
  /// (each use `@"file"` when in another file); nothing outside
  /// components, so scenes without them print as they always did. Files
  /// are named through `Scene.sources`.
  private static func origin(_ file: FileID, _ sites: [CallSite], _ sources: SceneSources) -> String {
    var text = sources.importedName(file).map { " file=\(jsonString($0))" } ?? ""
    guard !sites.isEmpty else { return text }
    text += " calls="
    let uses = sites.map {
      "\($0.range.start)..\($0.range.end)" + (sources.importedName($0.file).map { "@" + jsonString($0) } ?? "")
    }
    text += uses.joined(separator: ",")
    return text
  }

  private static func numbers(_ out: inout ByteWriter, _ values: [Double]) {
    for (index, value) in values.enumerated() {
      if index > 0 { out.write(byte: UInt8(ascii: " ")) }
      out.write(value)
    }
  }

  /// `#rrggbb`, with `/alpha` when not opaque.
  static func color(_ color: IRColor) -> String {
    color.alpha < 1 ? "\(color.hex)/\(formatNumber(color.alpha))" : color.hex
  }

  /// `  stroke PAINT width=W cap=C join=J [miter=M] [dash=[…] phase=P]`.
  private static func printStroke(_ stroke: StrokeIR, _ out: inout ByteWriter) {
    let style = stroke.style
    var line = "  stroke "
    switch stroke.paint {
    case .solid(let solid): line += "solid \(color(solid))"
    case .linearGradient(let gradient):
      line += "linear \(gradient.stops.map { "\(formatNumber($0.offset)) \(color($0.color))" }.joined(separator: ", "))"
    case .radialGradient(let gradient):
      line += "radial \(gradient.stops.map { "\(formatNumber($0.offset)) \(color($0.color))" }.joined(separator: ", "))"
    }
    line += " width=\(formatNumber(style.width)) cap=\(style.cap.rawValue) join=\(style.join.rawValue)"
    if style.join == .miter { line += " miter=\(formatNumber(style.miterLimit))" }
    let dash = style.effectiveDash
    if !dash.isEmpty {
      line += " dash=[\(dash.map(formatNumber).joined(separator: ", "))] phase=\(formatNumber(style.dashPhase))"
    }
    out.writeString(line + "\n")
  }
}
