import PencilASCII
import PencilDiagnostics
import PencilOutput
import PencilSema

/// What the command line asked for.
struct Options {
  enum Emit: String {
    case ast, tree, ir
  }

  var inputs: [String] = []
  var output: String?
  var format: String?
  var check = false
  var stdinFilename = "<stdin>"
  var emit: Emit?
  var diagnosticFormat: DiagnosticFormat?
  var explain: String?
  /// `pencilc lsp`: serve the Language Server Protocol on standard input/output.
  var languageServer = false
  var render = RenderFlags()
  /// From -f, else the extension of -o, else SVG; nil only with --check
  /// or --emit, which write no picture.
  var outputFormat: OutputFormat?
  var columnsGiven = false
  var colorChoice = ColorChoice.auto
  /// nil: SVG adapts to the viewer's appearance, the others are light.
  var appearance: Appearance?
  /// From -j; nil: as many jobs as there are processors online.
  var jobs: Int?
  /// `--watch`: compile again whenever an input or an import changes.
  var watch = false

  enum ColorChoice: String {
    case auto, always, never
  }
  var showHelp = false
  var showVersion = false
}

struct UsageError: Error {
  var message: String
}

extension Options {
  static let help = """
    OVERVIEW: pencilc compiles .pencil scene files to pictures.

    USAGE: pencilc [options] FILE...
           pencilc explain CODE
           pencilc lsp              (a Language Server on standard input/output)
           pencilc fmt [--check] FILE...|-
           pencilc preview FILE [--port N] [--open]   (a live preview in the browser)

    FILE is a .pencil file, or - for standard input.

    pencilc fmt rewrites each FILE in place in the canonical layout; with
    --check it lists the files it would change instead (exit status 1 if
    any), and - formats standard input to standard output. Files with
    syntax errors are reported and left alone. To compile a file named
    fmt, write ./fmt.

    OPTIONS:
      -o, --output PATH        Write the output here (the format follows the extension;
                               SVG without one, as for /dev/stdout).
                               With several inputs and no -o, each output is written
                               beside its input.
      -f, --format NAME        Output format: \(OutputFormat.allCases.map(\.name).joined(separator: ", ")) (default: svg).
      -j, --jobs N             Compile up to N input files at once (default: the number
                               of processors online; 1 compiles one after another).
                               Diagnostics and outputs are the same for any N.
      --check                  Check the input and write no output.
      --watch                  Compile again whenever an input or a file it imports
                               changes, until Ctrl-C; on errors the last good output
                               stays.
      --emit ast|tree|ir       Write the syntax tree, the lossless syntax tree (one node
                               a line with its own tokens) or the shape IR instead of
                               a picture.
      --diagnostic-format human|short|json|sarif
                               How to print diagnostics (default: human on a terminal,
                               short otherwise). json writes JSON Lines on stdout;
                               sarif one SARIF 2.1.0 log on stdout (for code scanning).
      --stdin-filename NAME    The name of standard input in diagnostics.
      --scale N                Pixels per point for raster output (default 1; 2 for HiDPI).
      --threads N              Raster output: threads to draw and compress with (default:
                               one per processor; the output is the same at any count).
      --max-raster-work N      Raster output: the most pixels the elements may cover in
                               all, each counted by its bounding box (default
                               2000000000; error E0303 above it).
      --ppm-plain              Write plain-text PPM (P3) instead of binary (P6).
      --text-as-paths          SVG: draw text as outlines in the built-in font.
      --appearance light|dark  The appearance system colours and colour sets take
                               (default: light; an SVG without this flag follows the
                               viewer's light or dark mode).
      --columns N              ASCII: width in characters (default 80, or the terminal's
                               width when smaller).
      --cell-aspect R          ASCII: character cell height / width (default 2).
      --charset ascii|blocks   ASCII: 7-bit characters, or Unicode quadrant blocks.
      --color auto|always|never
                               ASCII: 24-bit ANSI colour (auto: on a terminal, unless
                               NO_COLOR is set).
      --invert                 ASCII: light ink for dark terminals (when colour is off).
      -h, --help               Show this help.
      --version                Show the version.

    EXIT STATUS: 0 success (warnings allowed), 1 errors in the input,
                 2 usage errors or unreadable files.

    """

  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var index = 0
    func value(for flag: String) throws -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
      return arguments[index]
    }
    if arguments.first == "lsp" {
      guard arguments.count == 1 || arguments.dropFirst().allSatisfy({ $0 == "--stdio" }) else {
        throw UsageError(message: "usage: pencilc lsp (it talks LSP on standard input and output)")
      }
      options.languageServer = true
      return options
    }
    if arguments.first == "explain" {
      guard arguments.count == 2 else {
        throw UsageError(message: "usage: pencilc explain CODE, e.g. pencilc explain E0102")
      }
      options.explain = arguments[1]
      return options
    }
    var onlyFiles = false
    while index < arguments.count {
      let argument = arguments[index]
      if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
        options.inputs.append(argument)
        index += 1
        continue
      }
      // `-j4` as well as `-j 4`, as make and ninja take it.
      let (flag, inlineValue) =
        argument.hasPrefix("-j") && argument.count > 2
        ? ("-j", String(argument.dropFirst(2))) : splitFlag(argument)
      func flagValue() throws -> String { try inlineValue ?? value(for: flag) }
      switch flag {
      case "--": onlyFiles = true
      case "-o", "--output": options.output = try flagValue()
      case "-f", "--format": options.format = try flagValue()
      case "-j", "--jobs":
        let word = try flagValue()
        guard let jobs = Int(word), jobs >= 1 else {
          throw UsageError(message: "\(flag) takes a whole number of jobs, at least 1, not '\(word)'")
        }
        options.jobs = jobs
      case "--check": options.check = true
      case "--stdin-filename": options.stdinFilename = try flagValue()
      case "--emit":
        let word = try flagValue()
        guard let emit = Emit(rawValue: word) else {
          throw UsageError(message: "--emit takes ast, tree or ir, not '\(word)'")
        }
        options.emit = emit
      case "--diagnostic-format":
        let word = try flagValue()
        guard let format = DiagnosticFormat(rawValue: word) else {
          throw UsageError(message: "--diagnostic-format takes human, short, json or sarif, not '\(word)'")
        }
        options.diagnosticFormat = format
      case "--threads":
        let word = try flagValue()
        guard let threads = Int(word), threads >= 1, threads <= 1024 else {
          throw UsageError(message: "--threads takes a whole number from 1 to 1024, not '\(word)'")
        }
        options.render.threads = threads
      case "--scale":
        let word = try flagValue()
        guard let scale = Double(word), scale.isFinite, scale > 0, scale <= 64 else {
          throw UsageError(message: "--scale takes a number greater than 0 and at most 64, not '\(word)'")
        }
        options.render.scale = scale
      case "--max-raster-work":
        let word = try flagValue()
        guard let work = Int(word), work >= 1, work <= 1_000_000_000_000 else {
          throw UsageError(message: "--max-raster-work takes a whole number from 1 to 1000000000000, not '\(word)'")
        }
        options.render.maximumRasterWork = work
      case "--ppm-plain": options.render.plainPPM = true
      case "--appearance":
        let word = try flagValue()
        guard let appearance = Appearance(rawValue: word) else {
          throw UsageError(message: "--appearance takes light or dark, not '\(word)'")
        }
        options.appearance = appearance
      case "--text-as-paths": options.render.textAsPaths = true
      case "--columns":
        let word = try flagValue()
        guard let columns = Int(word), columns >= 1, columns <= 10_000 else {
          throw UsageError(message: "--columns takes a whole number from 1 to 10000, not '\(word)'")
        }
        options.render.columns = columns
        options.columnsGiven = true
      case "--cell-aspect":
        let word = try flagValue()
        guard let aspect = Double(word), aspect.isFinite, aspect >= 0.25, aspect <= 8 else {
          throw UsageError(message: "--cell-aspect takes a number from 0.25 to 8, not '\(word)'")
        }
        options.render.cellAspect = aspect
      case "--charset":
        let word = try flagValue()
        guard let charset = ASCIICharset(rawValue: word) else {
          throw UsageError(message: "--charset takes ascii or blocks, not '\(word)'")
        }
        options.render.charset = charset
      case "--color", "--colour":
        let word = try flagValue()
        guard let choice = ColorChoice(rawValue: word) else {
          throw UsageError(message: "--color takes auto, always or never, not '\(word)'")
        }
        options.colorChoice = choice
      case "--invert": options.render.invert = true
      case "--watch": options.watch = true
      case "-h", "--help": options.showHelp = true
      case "--version": options.showVersion = true
      default: throw UsageError(message: "unknown option '\(argument)'")
      }
      index += 1
    }
    if !options.showHelp, !options.showVersion, options.inputs.isEmpty {
      throw UsageError(message: "no input files")
    }
    if let format = options.format {
      guard let backend = OutputFormat.named(format) else {
        throw UsageError(
          message: "unknown format '\(format)'; expected \(OutputFormat.allCases.map(\.name).joined(separator: ", "))")
      }
      options.outputFormat = backend
      // `-f png -o out.svg` would write PNG bytes into a file named .svg.
      if let output = options.output, let named = OutputFormat.forPath(output), named.name != backend.name {
        throw UsageError(
          message:
            "-f \(backend.name) writes \(backend.name.uppercased()), but the output '\(output)' has the extension of \(named.name.uppercased()); drop -f, or name the output .\(backend.fileExtensions.first ?? backend.name)"
        )
      }
    } else if let output = options.output {
      // A name without an extension (`-o /dev/null`, `-o picture`) is SVG,
      // like standard output; an unknown extension is more likely a typo.
      let name = output.split(separator: "/").last ?? ""
      options.outputFormat = name.contains(".") ? OutputFormat.forPath(output) : .svg
    } else {
      options.outputFormat = .svg
    }
    if options.outputFormat == nil, !options.check, options.emit == nil, !options.showHelp, !options.showVersion {
      throw UsageError(message: "cannot tell the format of '\(options.output ?? "")' from its extension; use -f")
    }
    if options.inputs.count > 1, options.output != nil {
      throw UsageError(message: "-o takes one input file; without -o each output is written beside its input")
    }
    if options.inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError(message: "standard input can be read only once")
    }
    if options.watch, options.inputs.contains("-") {
      throw UsageError(message: "--watch watches files; standard input cannot be watched")
    }
    return options
  }

  /// JSON or SARIF when the arguments ask for it, read leniently so that
  /// even a command line that fails to parse is answered in that format
  /// (the first request wins).
  static func machineReadableFormat(_ arguments: [String]) -> DiagnosticFormat? {
    for (index, argument) in arguments.enumerated() {
      if argument == "--" { break }
      var word: String?
      if argument.hasPrefix("--diagnostic-format=") {
        word = String(argument.dropFirst("--diagnostic-format=".count))
      } else if argument == "--diagnostic-format", index + 1 < arguments.count {
        word = arguments[index + 1]
      }
      if let word, let format = DiagnosticFormat(rawValue: word), format == .json || format == .sarif {
        return format
      }
    }
    return nil
  }

  /// `--flag=value` → (`--flag`, `value`).
  private static func splitFlag(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
