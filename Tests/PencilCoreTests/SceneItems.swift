@testable import PencilIR

/// A scene's paths and texts, in paint order, for tests that look at one
/// kind of item.
extension Scene {
  var pathItems: [PathItem] { items.compactMap { if case .path(let path) = $0 { path } else { nil } } }
  var textItems: [TextItem] { items.compactMap { if case .text(let text) = $0 { text } else { nil } } }
}
