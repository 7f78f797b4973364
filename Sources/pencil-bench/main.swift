import PencilCore
import PencilDiagnostics
import PencilQueries
import PencilSVG
import PencilSyntax

// Compile-throughput benchmark: generates a scene of N pencils (10,000 by
// default) and reports MB/s of source and time per phase, the best of
// several runs; `--phase parse` times lexing and parsing alone. Build it in
// release: swift run -c release pencil-bench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func seconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// A scene like the rainbow sample, repeated: varied colour syntaxes, the
/// shine gradient on most pencils, stacks and plain shapes.
func generateScene(pencils: Int) -> String {
  var lines = [
    "// \(pencils) pencils for the compile benchmark", "canvas 4000x3000 background=white",
    "gradient shine hsb leading to trailing {", "  stop s=1.0 b=0.4", "  stop s=1.0 b=0.8", "  stop s=1.0 b=1.0",
    "  stop s=0.6 b=1.0", "  stop s=0.8 b=0.9", "}",
  ]
  let colors = [
    ".red", ".orange", ".yellow", ".green", ".blue", "hsb(0.773, 1.0, 0.51)", "#fa8072", "salmon", "#003366",
  ]
  for index in 0..<pencils {
    let x = (index % 100) * 40
    let y = (index / 100) % 10 * 300
    let color = colors[index % colors.count]
    if index % 10 == 9 {
      lines.append(
        "hstack at \(x),\(y) size 40x300 spacing=2 { pencil color=\(color); rect size 4x300 fill=.systemGray5 }")
    } else {
      lines.append("pencil color=\(color) gradient=shine at \(x),\(y) size 36x300 timber=hsb(0.07, 0.4, 0.9)")
    }
  }
  return lines.joined(separator: "\n") + "\n"
}

/// The same pencils from a loop of a few lines (`--loop`): the language's
/// expansion, not the parser, does the work. `--hues` gives every pencil
/// its own colour, so no two uses of `pencil` share an expansion.
func generateLoopScene(pencils: Int, distinctHues: Bool) -> String {
  let color = distinctHues ? "hsb(i % 1000 / 1000, 0.9, 0.9)" : "colors[i % 9]"
  return [
    "// \(pencils) pencils from one loop, for the compile benchmark", "canvas 4000x3000 background=white",
    "gradient shine hsb leading to trailing {",
    "  stop s=1.0 b=0.4; stop s=1.0 b=0.8; stop s=1.0 b=1.0; stop s=0.6 b=1.0; stop s=0.8 b=0.9", "}",
    "let colors = [.red, .orange, .yellow, .green, .blue, hsb(0.773, 1.0, 0.51), #fa8072, salmon, #003366]",
    "for i in 0..<\(pencils) {",
    "  pencil color=\(color) gradient=shine at i % 100 * 40, floor(i / 100) % 10 * 300 size 36x300", "}", "",
  ].joined(separator: "\n")
}

var pencils = 10_000
var runs = 15
var loop = false
var distinctHues = false
var names = false
var parseOnly = false
var compareTree = false
var splice = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--pencils": pencils = arguments.next().flatMap { Int($0) } ?? pencils
  case "--runs": runs = arguments.next().flatMap { Int($0) } ?? runs
  case "--loop": loop = true
  case "--hues": (loop, distinctHues) = (true, true)
  case "--names": names = true
  case "--phase":
    switch arguments.next() {
    case "parse": parseOnly = true
    case "compile": parseOnly = false
    default:
      print("pencil-bench: --phase takes parse or compile")
      exit(2)
    }
  case "--tree": compareTree = true
  case "--splice": splice = true
  default:
    print(
      "usage: pencil-bench [--pencils N] [--runs N] [--loop | --hues] [--names] [--phase parse|compile] [--tree]"
        + " [--splice]")
    exit(2)
  }
}

let text = loop ? generateLoopScene(pencils: pencils, distinctHues: distinctHues) : generateScene(pencils: pencils)

let bytes = Array(text.utf8)

/// `--names`: the language server's compile, which records what every name
/// resolved to, against the same compile without, alternating, best of each.
@MainActor func compareNameRecording() {
  var plain = Double.infinity
  var indexing = Double.infinity
  var places = 0
  for run in 0..<runs {
    // Which goes first alternates, so neither always finds the other's
    // memory freed just before it.
    for order in [run % 2 == 0, run % 2 != 0] {
      let start = seconds()
      if order {
        _ = Pencil.compile(SourceFile(name: "bench.pencil", bytes: bytes), appearance: .light)
        plain = min(plain, seconds() - start)
      } else {
        let (_, index) = Pencil.compileIndexingNames(SourceFile(name: "bench.pencil", bytes: bytes), importer: nil)
        indexing = min(indexing, seconds() - start)
        places = index.resolutions.count
      }
    }
  }
  print(
    "compile \(whole(plain * 10_000) / 10) ms, with names \(whole(indexing * 10_000) / 10) ms (\(places) uses):"
      + " ratio \(whole(indexing / plain * 100)) %")
}
/// `--phase parse`: the lexer and parser alone over the scene, best of the
/// runs, in MB/s of source (issue 22's goal: 150 MB/s).
@MainActor func measureLexAndParse() {
  var best = Double.infinity
  var statements = 0
  for _ in 0..<runs {
    let start = seconds()
    let parsed = SyntaxMeasurement.parse(SourceFile(name: "bench.pencil", bytes: bytes), buildingTree: false)
    best = min(best, seconds() - start)
    guard parsed.diagnostics == 0 else {
      print("the generated scene has syntax errors")
      exit(1)
    }
    statements = parsed.statements
  }
  let rate = Double(bytes.count) / 1_000_000 / best
  print("scene: \(pencils) pencils, \(bytes.count) bytes of source, \(statements) top-level statements")
  print("lex + parse, best of \(runs) runs, one core: \(whole(best * 10_000) / 10) ms")
  print("throughput: \(whole(rate * 10) / 10).\(whole(rate * 10) % 10) MB/s of source lexed and parsed")
}
/// `--tree`: lex and parse alone, the compiler's way (a tree per top-level
/// statement, its memory reused) against the whole file's lossless tree,
/// alternating, best of each.
@MainActor func compareTreeBuilding() {
  var plain = Double.infinity
  var building = Double.infinity
  var nodes = 0
  for run in 0..<runs {
    for order in [run % 2 == 0, run % 2 != 0] {
      let start = seconds()
      let parsed = SyntaxMeasurement.parse(SourceFile(name: "bench.pencil", bytes: bytes), buildingTree: !order)
      if order { plain = min(plain, seconds() - start) } else { building = min(building, seconds() - start) }
      nodes = max(nodes, parsed.nodes)
    }
  }
  let megabytes = Double(bytes.count) / 1_000_000
  func rate(_ time: Double) -> String { "\(whole(time * 10_000) / 10) ms, \(whole(megabytes / time)) MB/s" }
  print(
    "lex + parse of \(bytes.count) bytes: a tree per statement \(rate(plain)); the whole file's lossless tree \(rate(building))"
  )
  print("tree: \(nodes) nodes; ratio \(whole(building / plain * 100)) %")
}
if compareTree {
  compareTreeBuilding()
  exit(0)
}
if splice {
  compareSpliceWithWholeParse(bytes, runs: runs)
  exit(0)
}
let svg = SVGBackend()
var best: [String: Double] = [:]
var outputSize = 0
if names {
  compareNameRecording()
  exit(0)
}
if parseOnly {
  measureLexAndParse()
  exit(0)
}
var phases: [String] = []
for _ in 0..<runs {
  let start = seconds()
  let compilation = Pencil.compile(SourceFile(name: "bench.pencil", bytes: bytes))
  guard let scene = compilation.scene else {
    print("the generated scene has errors")
    exit(1)
  }
  let renderStart = seconds()
  var diagnostics: [Diagnostic] = []
  let output = Pencil.render(scene, with: svg, diagnostics: &diagnostics) ?? []
  let end = seconds()
  outputSize = output.count
  phases = compilation.timings.map(\.phase)
  for timing in compilation.timings { best[timing.phase] = min(best[timing.phase] ?? .infinity, timing.seconds) }
  best["svg"] = min(best["svg"] ?? .infinity, end - renderStart)
  best["total"] = min(best["total"] ?? .infinity, end - start)
}

let megabytes = Double(bytes.count) / 1_000_000
/// A measured ratio as a whole number: a phase too fast to time would
/// divide by zero, so anything not finite prints as 0 instead of trapping.
func whole(_ value: Double) -> Int { value.isFinite && abs(value) < 1e15 ? Int(value) : 0 }
@MainActor func milliseconds(_ phase: String) -> String {
  let value = (best[phase] ?? 0) * 1000
  return String(whole(value)) + "." + String(whole(value * 10) % 10) + " ms"
}
let kind = loop ? (distinctHues ? "from a loop, each its own hue" : "from a loop") : "written out"
print("scene: \(pencils) pencils \(kind), \(bytes.count) bytes of source, \(outputSize) bytes of SVG")
print("best of \(runs) runs, one core:")
for phase in phases + ["svg", "total"] {
  print("  \(phase + String(repeating: " ", count: max(0, 16 - phase.count))) \(milliseconds(phase))")
}
let throughput = megabytes / (best["total"] ?? 1)
if loop {
  // Expansion happens while checking: its rate is the scene's elements
  // over that phase, and over the whole compile to SVG.
  let elements = Double(pencils)
  func rate(_ seconds: Double?) -> String { String(whole(elements / (seconds ?? 1) / 1000)) + "k elements/s" }
  print("expansion: \(rate(best["parse and check"])); whole compile to SVG: \(rate(best["total"]))")
} else {
  print("throughput: \(whole(throughput * 10) / 10).\(whole(throughput * 10) % 10) MB/s of source to SVG")
}
