import PencilGeometry
import PencilIR

/// Transforms and clips in SVG: a transformed path carries
/// `transform="matrix(…)"` (its gradients are in its own user space, so
/// they follow it), transformed text is wrapped in a `<g>`, and a run of
/// items with one clip is wrapped in `<g clip-path="url(#cN)">`, the
/// clips around it chained through `clip-path` on each `<clipPath>`.
extension SVGWriter {
  /// ` transform="matrix(a b c d e f)"`.
  mutating func transformAttribute(_ transform: Affine) {
    out.write(" transform=\"matrix(")
    for (index, value) in [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f].enumerated() {
      if index > 0 { out.write(" ") }
      out.writePrecise(value)
    }
    out.write(")\"")
  }

  /// Closes the open clip group and opens one for `clip` when the item's
  /// clip is not the open one; nil closes the last.
  mutating func enterClip(_ clip: ClipIR?) {
    if let open = openClip, let clip, open === clip { return }
    if openClip == nil, clip == nil { return }
    if openClip != nil { out.write("</g>\n") }
    openClip = clip
    guard let clip else { return }
    let id = defineClip(clip)
    out.write("<g clip-path=\"url(#c")
    out.write(id)
    out.write(")\">\n")
  }

  /// The id of the clip's `<clipPath>`, written (after its parents') on first use.
  private mutating func defineClip(_ clip: ClipIR) -> Int {
    if let known = clipIDs[ObjectIdentifier(clip)] { return known.id }
    let parent = clip.parent.map { defineClip($0) }
    let id = clipIDs.count + 1
    clipIDs[ObjectIdentifier(clip)] = (id, clip)
    out.write("<clipPath id=\"c")
    out.write(id)
    out.write("\"")
    if let parent {
      out.write(" clip-path=\"url(#c")
      out.write(parent)
      out.write(")\"")
    }
    out.write("><path d=\"")
    pathData(clip.segments, IdentityMap())
    out.write("\"/></clipPath>\n")
    return id
  }
}
