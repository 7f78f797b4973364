import PencilGeometry
import PencilIR

/// Shadows and blurs in SVG: each layer's items in `<g filter="url(#fN)">`
/// (inside `<g clip-path>` when the elements around it cut it), the
/// filter's region in user space from the items' reach. The markup is
/// what Chromium, resvg and rsvg-convert draw alike (see docs/dev/
/// testing.md, "Shadows and blur across renderers"): `feDropShadow` is missing
/// from the rsvg-convert of Debian 12 and mis-coloured by resvg in sRGB,
/// so a shadow is blur, offset, flood and composite; filters work in sRGB,
/// as the raster backends blur; a default region would cut the blur.
extension SVGWriter {
  /// Closes the layers the next item (number `index`) is not in and opens
  /// those it is in.
  mutating func enterLayers(_ layers: [LayerIR], item index: Int) {
    var shared = 0
    while shared < min(layers.count, openLayers.count), layers[shared] === openLayers[shared] { shared += 1 }
    guard shared < openLayers.count || shared < layers.count else { return }
    // A clip group open inside a layer closes with it.
    enterClip(nil)
    while openLayers.count > shared {
      let layer = openLayers.removeLast()
      out.write(layer.clip == nil ? "</g>\n" : "</g>\n</g>\n")
    }
    for (depth, layer) in layers.enumerated().dropFirst(shared) {
      if let clip = layer.clip {
        enterClip(clip)
        openClip = nil
      }
      let id = defineFilter(layer, depth: depth, item: index)
      out.write("<g filter=\"url(#f")
      out.write(id)
      out.write(")\">\n")
      openLayers.append(layer)
    }
  }

  /// Writes the layer's `<filter>` (`depth` layers out from item `index`,
  /// the first item in it); returns its number.
  private mutating func defineFilter(_ layer: LayerIR, depth: Int, item index: Int) -> Int {
    filterCount += 1
    let id = filterCount
    let box = layerRegions[ObjectIdentifier(layer)] ?? Rect(x: 0, y: 0, width: 0, height: 0)
    // Whole user units outward: the references round regions differently.
    let region = layer.filterRegion(itemsBox: box)
    let (x0, y0) = (region.x.rounded(.down), region.y.rounded(.down))
    let (x1, y1) = (region.maxX.rounded(.up), region.maxY.rounded(.up))
    out.write("<filter id=\"f")
    out.write(id)
    out.write("\" filterUnits=\"userSpaceOnUse\" x=\"")
    out.write(x0)
    out.write("\" y=\"")
    out.write(y0)
    out.write("\" width=\"")
    out.write(x1 - x0)
    out.write("\" height=\"")
    out.write(y1 - y0)
    out.write("\" color-interpolation-filters=\"sRGB\">")
    switch layer.effect {
    case .blur(let radius):
      out.write("<feGaussianBlur stdDeviation=\"")
      out.write(radius)
      out.write("\"/>")
    case .shadow(let color, let radius, let x, let y):
      // A zero deviation means no blur in SVG 2 and nothing in SVG 1.1.
      if radius > 0 {
        out.write("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"")
        out.write(radius)
        out.write("\"/><feOffset dx=\"")
      } else {
        out.write("<feOffset in=\"SourceAlpha\" dx=\"")
      }
      out.write(x)
      out.write("\" dy=\"")
      out.write(y)
      out.write("\" result=\"o\"/><feFlood flood-color=\"")
      self.color(color)
      out.write("\" flood-opacity=\"")
      out.write(color.alpha)
      out.write("\"")
      // In the dark appearance the shadow takes its dark colour, as fills do.
      appearanceClass(.flood, color, darkVariant?.darkShadowColor(item: index, depth: depth, light: color))
      out.write("/><feComposite in2=\"o\" operator=\"in\"/>")
      out.write("<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>")
    }
    out.write("</filter>\n")
    return id
  }
}
