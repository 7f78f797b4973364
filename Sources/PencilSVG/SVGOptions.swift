import PencilIR
import PencilSupport

/// What the SVG backend is asked for.
public struct SVGOptions: Sendable {
  /// `--text-as-paths`: draw text as outlines in the built-in font instead of `<text>`.
  public var textAsPaths = false
  /// Extra attributes on what draws each item (`pencilc preview`'s source
  /// annotations); nil in normal output, which it leaves byte for byte as it is.
  package var annotator: (any SVGAnnotator)?

  public init(textAsPaths: Bool = false) {
    self.textAsPaths = textAsPaths
  }
}

/// Adds to the SVG without changing the rest of it: the writer hands it
/// the element that first draws each item, and asks it for the ancestors
/// that force an appearance. `pencilc preview` is the one user
/// (PencilPreview's `PreviewAnnotator`); the SVG backend knows nothing of
/// what it writes.
package protocol SVGAnnotator: Sendable {
  /// Called once per document, before any item is written.
  mutating func start(_ scene: Scene)
  /// Attributes, each after a space, on the first element written for the
  /// item at `index` of the scene's items (its `<path>` or `<text>`, or the
  /// `<g>` around transformed or outlined text).
  mutating func annotate(_ item: DisplayItem, at index: Int, to out: inout ByteWriter)
  /// Selector prefixes (such as `.pencil-light `) under which the
  /// appearance classes take their light and their dark values, for a
  /// page that chooses the appearance itself; nil for none.
  var forcedAppearances: (light: StaticString, dark: StaticString)? { get }
}

extension SVGWriter {
  /// The pending item's annotations, on the first element written for it.
  mutating func writeAnnotation() {
    guard let (item, index) = pendingAnnotation else { return }
    pendingAnnotation = nil
    annotator?.annotate(item, at: index, to: &out)
  }
}
