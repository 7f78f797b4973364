// The libFuzzer target: every input goes through FuzzHarness.check, which
// compiles it, prints its diagnostics in every format, renders it with
// every backend (options from a `//!` first line) and checks the outputs.
// A broken invariant aborts with a message naming it, so libFuzzer saves
// the input as a crash.
//
// Built by scripts/fuzz.sh, in one swiftc invocation with every file of
// the stage and backend targets (PencilSupport, PencilDiagnostics, PencilSyntax,
// PencilCore, PencilFont, PencilSVG, PencilRaster, PencilPNG, PencilASCII),
// the preview's SVG annotations, Tests/PencilCoreTests/Inflate.swift and
// the other files here, as module PencilFuzz with -D PENCIL_FUZZER; the
// targets' own names are empty stub modules, so their imports resolve:
//
//     swiftc -sanitize=fuzzer,address -swift-version 6 -parse-as-library -O -D PENCIL_FUZZER \
//       -module-name PencilFuzz -package-name pencilc -I .build/fuzz/stubs \
//       Sources/{PencilDiagnostics,PencilSyntax,PencilCore,...}/**/*.swift Fuzz/*.swift \
//       Tests/PencilCoreTests/Inflate.swift -o .build/fuzz/pencil-fuzz

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func pencilFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let failures = FuzzHarness.check(bytes)
  guard failures.isEmpty else {
    var message = "\n==pencil-fuzz== INVARIANT BROKEN (\(failures.count)):\n"
    for failure in failures.prefix(20) { message += "==pencil-fuzz==   \(failure)\n" }
    // Descriptor 2, not `stderr`: Swift 6 refuses C's mutable global.
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    abort()
  }
  return 0
}
