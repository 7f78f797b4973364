// The stages below the core, re-exported: `import PencilCore` keeps giving
// the command line, the language server, the preview and the tests the
// lock and thread pool, source files, diagnostics, syntax tree and formatter, as before the
// stages were targets. The fuzz target compiles every stage as one module
// (scripts/fuzz.sh), where there is nothing to import.
#if !PENCIL_FUZZER
  @_exported import PencilDiagnostics
  @_exported import PencilSupport
  @_exported import PencilSyntax
#endif
