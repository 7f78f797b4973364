import PencilDiagnostics
import PencilGeometry
import PencilIR
import PencilSema

extension Lowering {
  /// Where an item came from: the element's range (or, inside the
  /// prelude, the use of its component) and the uses of the components
  /// it was expanded from, outermost first.
  struct Origin {
    var source: SourceRange?
    /// The file of the elements being lowered (when not the compiled file)
    /// and the uses they come through, boxed once for all the items of a use.
    var expansion: ItemExpansion?
    /// The file the elements' ranges are in, for the problems layout finds.
    var file = FileID.main
    /// How the nearest stack with room to spare aligned the frames
    /// being lowered (see `TextItem.boxAlignment`); nil: none did.
    var boxAlignment: TextAlignment?

    func range(_ element: ElementModel) -> SourceRange { source ?? element.range }
  }
}
