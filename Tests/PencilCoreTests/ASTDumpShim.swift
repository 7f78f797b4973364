import PencilDiagnostics
import PencilSyntax

// Until the views land: the AST's `Expr` is its own form.
extension Expr { var form: Expr { self } }
