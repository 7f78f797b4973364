import PencilDiagnostics
import PencilSyntax

/// The gradients, shapes and components the code of a file can use, by
/// name: its own, those its imports lend, and the prelude's components.
/// Every table is keyed by `Name` (a packed key hashes and compares as
/// integers, not as the name's text). The first definition of a name
/// counts; later ones are reported as duplicates and otherwise ignored.
struct Definitions {
  var gradientStatements: [Name: GradientStatement] = [:]
  /// The checked gradients; one with errors has a statement but no model.
  var gradients: [Name: GradientModel] = [:]
  var shapeStatements: [Name: ShapeStatement] = [:]
  /// The checked plain shapes; one with errors has a statement only.
  var shapes: [Name: UnitPathShape] = [:]
  var parametricShapes: [Name: ParametricShape] = [:]
  var components: [Name: ComponentDefinition] = [:]
  /// The file's own definitions in source order, for what is reported
  /// over all of them (unused ones, components checked alone).
  var gradientDefinitions: [GradientStatement] = []
  var shapeDefinitions: [ShapeStatement] = []
  var componentDefinitions: [ComponentDefinition] = []
  /// What the code has used, for W0002 (unused definitions).
  var usedGradients: Set<Name> = []
  var usedShapes: Set<Name> = []
  /// The file each imported gradient and shape is written in.
  var origins: [DefinitionKey: FileID] = [:]

  /// The file a gradient or shape was imported from; nil when it is this
  /// file's (and for a component, which knows its own file).
  func origin(of kind: DefinitionKey.Kind, _ name: Name) -> FileID? { origins[DefinitionKey(kind, name)] }
}
