import PencilCore
import PencilDiagnostics
import PencilSema
import PencilSupport

/// Runs one invocation: compiles every input (several at once with `-j`),
/// prints diagnostics in input order, writes outputs and returns the exit
/// status.
struct Driver {
  let settings: JobSettings

  init(options: Options) {
    var options = options
    let terminal = FileIO.isTerminal(2)
    let diagnosticFormat = options.diagnosticFormat ?? (terminal ? .human : .short)
    let noColor = !(FileIO.environment("NO_COLOR").map(\.isEmpty) ?? true)
    // ASCII output follows the terminal it is printed on, when it is.
    let toTerminal = options.output == nil && FileIO.isTerminal(1)
    switch options.colorChoice {
    case .always: options.render.color = true
    case .never: options.render.color = false
    case .auto: options.render.color = toTerminal && !noColor
    }
    if !options.columnsGiven, toTerminal, let width = FileIO.terminalColumns(), width < options.render.columns {
      options.render.columns = max(1, width)
    }
    settings = JobSettings(
      options: options, diagnosticFormat: diagnosticFormat, colors: terminal && !noColor,
      sarifPaths: SARIFPaths(workingDirectory: diagnosticFormat == .sarif ? FileIO.workingDirectory() : nil),
      importRecorder: options.watch ? ImportRecorder() : nil)
  }

  func run() -> Int32 {
    let options = settings.options
    let inputs = options.inputs
    let threads = ThreadPool.workers(options.jobs ?? ThreadPool.processorCount, inputs.count)
    // Set up, before any thread starts, what jobs writing files share.
    OutputFile.prepare(concurrentFiles: threads)
    let output = OrderedOutput(jobs: inputs.count)
    let waits = threads > 1 ? Driver.dependentJobs(options) : []
    // Jobs start in input order, so a job may wait for every earlier one.
    let runJob = { (_: Int, index: Int) in
      if waits.contains(index) { output.waitForTurn(index) }
      var job = FileJob(settings: settings, index: index, output: output)
      job.compile(inputs[index])
      output.finish(index, tally: job.tally)
    }
    ThreadPool.run(
      tasks: inputs.count, threads: threads, stackSize: WorkerThread.compilerStackSize,
      prepareThread: { SignalCleanup.blockInThisThread() }, runJob)
    let total = output.total
    if settings.diagnosticFormat == .json {
      let summary = DiagnosticPrinter.jsonSummary(
        files: inputs.count, errors: total.errors, warnings: total.warnings, others: total.others)
      try? FileIO.writeStandardOutput(Array(summary.utf8))
    } else if settings.diagnosticFormat == .sarif {
      let log = SARIFWriter.document(
        results: total.sarifResults, notifications: total.sarifNotifications, exitCode: total.status)
      try? FileIO.writeStandardOutput(Array(PathBytes.shown(log).utf8))
    }
    return total.status
  }

  /// The jobs that must start only once every earlier one has finished,
  /// because they read or write a file an earlier job writes, or write one
  /// it reads (`a.pencil` and `a`, the same input twice, `a` and `a.svg`):
  /// run at once, they could finish in another order than with `-j 1`.
  /// Paths are compared as spelled, normalized; two spellings through a
  /// symbolic link are not recognized.
  static func dependentJobs(_ options: Options) -> Set<Int> {
    let extensions = (options.outputFormat?.fileExtensions.prefix(1).map { $0 } ?? []) + ["ast", "ir"]
    var written: Set<String> = []
    var touched: Set<String> = []
    var dependent: Set<Int> = []
    for (index, input) in options.inputs.enumerated() where input != "-" {
      let read = ImportPath.normalize(input)
      let writes = extensions.compactMap { FileJob.outputPath(for: read, fileExtension: $0, options: options) }
      if written.contains(read) || writes.contains(where: { touched.contains($0) }) {
        dependent.insert(index)
      }
      written.formUnion(writes)
      touched.insert(read)
      touched.formUnion(writes)
    }
    return dependent
  }
}
