import PencilDiagnostics
import PencilFont
import PencilGeometry
import PencilIR

/// What one item draws, decided in paint order before anything is drawn:
/// its paints, and which clip mask it goes through. Cheap and sequential;
/// the flattening that follows (`prepare`) is neither.
struct ItemPlan {
  let item: DisplayItem
  /// nil: no fill (an unfilled line, a clear fill) or no stroke.
  let fill: PaintSampler?
  let stroke: PaintSampler?
  /// The mask's number (see `RasterPlanner.masks`); nil without a clip.
  let mask: Int?
  /// A shadow: its blurred coverage, blended in `fill` (see `ShadowMasks`),
  /// or how to make it when the plan is prepared.
  var shadow: ShadowMask? = nil
  var shadowRecipe: ShadowRecipe? = nil
}

/// An item ready for the bands: its outlines flattened into edge lists.
struct PreparedItem {
  enum Layer {
    case shape(EdgeList, PaintSampler)
    case text(TextCoverage, PaintSampler)
    /// A text of very many glyphs, its coverage already accumulated.
    case textMask(TextMask, PaintSampler)
    /// A shadow's blurred alpha, blended in its colour.
    case shadow(ShadowMask, PaintSampler)
  }
  var layers: [Layer] = []
  /// The edges of every layer.
  var store = EdgeStore()
  var mask: Int?
  /// The device rows that any layer reaches.
  var rows: Range<Int> = 0..<0

  /// The coverage values its text masks and its own shadow hold.
  var maskValues: Int {
    layers.reduce(0) { count, layer in
      switch layer {
      case .textMask(let mask, _): count + mask.values.count
      case .shadow(let mask, _) where mask.owned: count + mask.alpha.size
      default: count
      }
    }
  }
}

/// A text's strokes, each flattened on its own, and the region of their union.
struct TextCoverage {
  let x0: Int
  let y0: Int
  let width: Int
  let height: Int
  let strokes: [EdgeList]
  /// How many glyphs were outlined: those whose ink reaches the canvas.
  let outlinedGlyphs: Int
}

/// Decides each item's paints and clip in paint order: gradient tables
/// are cached across items, and a clip's mask is reused by the items that
/// follow while it covers them, as children of one element share one.
struct RasterPlanner {
  let space: DeviceSpace
  /// A mask's clip and region: where its pixels are computed.
  typealias MaskPlan = (clip: ClipIR, x0: Int, y0: Int, width: Int, height: Int)
  /// Every mask made, in order; an item refers to one by number.
  private(set) var masks: [MaskPlan] = []
  /// Gradient colour tables by stops and opacity: the pencils of a scene
  /// share a few gradients, and a table does not depend on the frame.
  private var gradientTables: [(stops: [GradientStopIR], opacity: Double, table: [UInt32])] = []

  init(space: DeviceSpace) {
    self.space = space
  }

  /// The plan of `item`, or nil when nothing of it can show. Text in a
  /// character the font lacks is reported here, once per item.
  mutating func plan(_ item: DisplayItem, diagnostics: inout [Diagnostic]) -> ItemPlan? {
    switch item {
    case .path(let path):
      var mask: Int?
      if let clip = path.clip {
        guard let index = self.mask(for: clip, within: space.reach(of: path)) else { return nil }
        mask = index
      }
      // An unfilled line or path: nothing to accumulate.
      var fill: PaintSampler?
      if case .solid(let color) = path.paint, color.alpha == 0 {
        fill = nil
      } else {
        fill = sampler(path.paint, opacity: path.opacity, transform: path.transform)
      }
      let stroke = path.stroke.map { sampler($0.paint, opacity: path.opacity, transform: path.transform) }
      return ItemPlan(item: item, fill: fill, stroke: stroke, mask: mask)
    case .text(let text):
      var mask: Int?
      if let clip = text.clip {
        guard let index = self.mask(for: clip, within: space.reach(of: text)) else { return nil }
        mask = index
      }
      return ItemPlan(item: item, fill: PaintSampler(solid: LinearRGBA(text.color)), stroke: nil, mask: mask)
    }
  }

  /// The plan of a shadow's mask in its colour, through the clip of the
  /// elements around its layer; nil when the clip hides it.
  mutating func planShadow(
    _ shadow: ShadowMask?, recipe: ShadowRecipe, color: IRColor, clip: ClipIR?, for item: DisplayItem
  ) -> ItemPlan? {
    var mask: Int?
    if let clip {
      let (x0, y0, x1, y1) = recipe.visible
      let region = (x0 + recipe.dx, y0 + recipe.dy, x1 + recipe.dx, y1 + recipe.dy)
      guard let index = self.mask(for: clip, within: region) else { return nil }
      mask = index
    }
    return ItemPlan(
      item: item, fill: PaintSampler(solid: LinearRGBA(color)), stroke: nil, mask: mask, shadow: shadow,
      shadowRecipe: shadow == nil ? recipe : nil)
  }

  /// The plan of a mask of `clip` over `region`; nil when it shows nothing there.
  mutating func maskPlan(for clip: ClipIR, within region: DeviceSpace.Region) -> MaskPlan? {
    mask(for: clip, within: region).map { masks[$0] }
  }

  /// The mask of `clip` over the pixels the item can reach (`within`):
  /// the last mask when it is of this clip and covers them, else a new
  /// one; nil when nothing of the item can show.
  private mutating func mask(for clip: ClipIR, within item: DeviceSpace.Region?) -> Int? {
    guard let item else { return nil }
    if let mask = masks.last, mask.clip === clip, mask.x0 <= item.x0, mask.y0 <= item.y0,
      mask.x0 + mask.width >= item.x1, mask.y0 + mask.height >= item.y1
    {
      return mask.width > 0 ? masks.count - 1 : nil
    }
    var region: DeviceSpace.Region? = item
    for node in clip.chain {
      guard let box = boundingBox(of: node.segments), let current = region,
        let reach = space.pixelRegion(ofUserBox: box)
      else {
        region = nil
        break
      }
      let x0 = max(current.x0, reach.x0)
      let y0 = max(current.y0, reach.y0)
      let x1 = min(current.x1, reach.x1)
      let y1 = min(current.y1, reach.y1)
      region = x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }
    guard let (x0, y0, x1, y1) = region else {
      masks.append((clip, 0, 0, 0, 0))
      return nil
    }
    masks.append((clip, x0, y0, x1 - x0, y1 - y0))
    return masks.count - 1
  }

  private mutating func sampler(_ paint: Paint, opacity: Double, transform: Affine?) -> PaintSampler {
    let (scaleX, scaleY, origin) = (space.scaleX, space.scaleY, space.origin)
    switch paint {
    case .solid(let color):
      return PaintSampler(solid: LinearRGBA(color, opacity: opacity))
    case .linearGradient(let gradient):
      let table = self.table(for: gradient.stops, opacity: opacity)
      return PaintSampler(
        gradient, table: table, opacity: opacity, scaleX: scaleX, scaleY: scaleY, origin: origin,
        transform: transform)
    case .radialGradient(let gradient):
      let table = self.table(for: gradient.stops, opacity: opacity)
      return PaintSampler(
        gradient, table: table, opacity: opacity, scaleX: scaleX, scaleY: scaleY, origin: origin,
        transform: transform)
    }
  }

  /// The colour table of the stops, shared by linear and radial gradients.
  private mutating func table(for stops: [GradientStopIR], opacity: Double) -> [UInt32] {
    if let cached = gradientTables.first(where: { $0.stops == stops && $0.opacity == opacity }) { return cached.table }
    let table = PaintSampler.table(for: stops, opacity: opacity)
    if gradientTables.count == 16 { gradientTables.removeFirst() }
    gradientTables.append((stops, opacity, table))
    return table
  }
}

extension DeviceSpace {
  /// Flattens what a planned item draws. Independent of every other item,
  /// so items are prepared on all cores at once. `lines` is scratch space;
  /// `store` is an earlier item's, emptied, whose memory is reused.
  func prepare(_ plan: ItemPlan, store: inout EdgeStore, lines: inout [(Point, Point)]) -> PreparedItem {
    var prepared = PreparedItem(mask: plan.mask)
    if let paint = plan.fill,
      let shadow = plan.shadow
        ?? plan.shadowRecipe.map({ $0.mask(from: $0.blurred(space: self, threads: 1, forms: $0.forms), owned: true) })
    {
      prepared.layers = [.shadow(shadow, paint)]
      prepared.rows = shadow.y0..<(shadow.y0 + shadow.height)
      prepared.store = store
      return prepared
    }
    switch plan.item {
    case .path(let path):
      if let paint = plan.fill {
        let (outline, map) = path.outlineAndMap
        if let edges = edges(
          outline, map: map, transform: path.transform, rule: path.fillRule, into: &store, lines: &lines)
        {
          prepared.layers.append(.shape(edges, paint))
        }
      }
      if let paint = plan.stroke, let stroke = path.stroke {
        // The stroke outlined in user space, within the flattening
        // tolerance at this scale, then filled like a shape (nonzero: its
        // pieces overlap only where the stroke covers the pixel anyway).
        // Under a transform the stroke is outlined in the path's own space
        // (so a scale widens it, as in SVG) and the outline is then mapped.
        let stretch = path.transform?.maximumStretch ?? 1
        let tolerance = Flattener.tolerance / max(scaleX * stretch, scaleY * stretch, 1e-9)
        let outline = Stroker.outline(path.userSpaceSegments, style: stroke.style, tolerance: tolerance)
        if !outline.isEmpty,
          let edges = edges(outline, transform: path.transform, rule: .nonzero, into: &store, lines: &lines)
        {
          prepared.layers.append(.shape(edges, paint))
        }
      }
    case .text(let text):
      guard let paint = plan.fill else { break }
      let (count, region) = visibleGlyphs(of: text)
      if count > glyphsAsEdges, let region {
        prepared.layers.append(.textMask(textMask(text, region: region, store: &store, lines: &lines), paint))
      } else if let coverage = textCoverage(text, into: &store, lines: &lines) {
        prepared.layers.append(.text(coverage, paint))
      }
    }
    var rows: Range<Int>?
    for layer in prepared.layers {
      let (y0, height) =
        switch layer {
        case .shape(let edges, _): (edges.y0, edges.height)
        case .text(let text, _): (text.y0, text.height)
        case .textMask(let mask, _): (mask.y0, mask.height)
        case .shadow(let mask, _): (mask.y0, mask.height)
        }
      rows = min(rows?.lowerBound ?? y0, y0)..<max(rows?.upperBound ?? y0 + height, y0 + height)
    }
    prepared.rows = rows ?? 0..<0
    prepared.store = store
    return prepared
  }

  /// Text is drawn stroke by stroke into one coverage mask (see
  /// `BandRenderer`), over the region of all the strokes on the canvas.
  /// A glyph is outlined only when its ink box reaches the canvas, and
  /// its outline lives only while it is flattened: what a text holds is
  /// the edges of its visible glyphs, however much of it lies off the
  /// canvas. (A stroke's own region is what it was in a region of all
  /// the strokes; pixels the union adds have no coverage, which blending
  /// skips, so the picture is the same.)
  private func textCoverage(
    _ text: TextItem, into store: inout EdgeStore, lines: inout [(Point, Point)]
  ) -> TextCoverage? {
    var strokes: [EdgeList] = []
    var region: Region?
    var outlinedGlyphs = 0
    StrokeFont.forEachGlyph(in: text) { glyph, _, origin in
      let ink = glyph.ink(at: origin, fontSize: text.fontSize, bold: text.bold)
      guard deviceRegion(of: ink, text.transform) != nil else { return }
      outlinedGlyphs += 1
      for var outline in StrokeFont.outlines(of: glyph, at: origin, fontSize: text.fontSize, bold: text.bold) {
        if let transform = text.transform { outline = outline.map(transform.apply) }
        guard let stroke = edges(outline, rule: .nonzero, into: &store, lines: &lines) else { continue }
        strokes.append(stroke)
        let (x1, y1) = (stroke.x0 + stroke.width, stroke.y0 + stroke.height)
        region =
          region.map { (min($0.x0, stroke.x0), min($0.y0, stroke.y0), max($0.x1, x1), max($0.y1, y1)) }
          ?? (stroke.x0, stroke.y0, x1, y1)
      }
    }
    guard let (x0, y0, x1, y1) = region else { return nil }
    return TextCoverage(
      x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, strokes: strokes, outlinedGlyphs: outlinedGlyphs)
  }

  /// A clip's mask over its region: each clip of the chain flattened
  /// there, clamped to it.
  func prepare(_ mask: RasterPlanner.MaskPlan, lines: inout [(Point, Point)]) -> ClipMask {
    let region = (mask.x0, mask.y0, mask.x0 + mask.width, mask.y0 + mask.height)
    var store = EdgeStore()
    let nodes = mask.clip.chain.map {
      edges($0.segments, rule: .nonzero, within: region, into: &store, lines: &lines)
    }
    return ClipMask(x0: mask.x0, y0: mask.y0, width: mask.width, height: mask.height, nodes: nodes, store: store)
  }
}
