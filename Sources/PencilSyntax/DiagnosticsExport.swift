// Every syntax file and every reader of the syntax handles source files,
// ranges and diagnostics, so `import PencilSyntax` brings them along. The
// fuzz target compiles every stage as one module (scripts/fuzz.sh), where
// there is nothing to import.
#if !PENCIL_FUZZER
  @_exported import PencilDiagnostics
#endif
