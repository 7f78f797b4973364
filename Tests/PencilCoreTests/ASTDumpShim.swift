import PencilDiagnostics
import PencilSyntax

@testable import PencilCore

// Until the views land: the AST's `Expr` is its own form.
extension Expr { var form: Expr { self } }
