import PencilSupport

/// A Gaussian blur as SVG's `feGaussianBlur` describes it and browsers draw
/// it: three box blurs each way, of width d = ⌊σ·3·√(2π)/4 + 0.5⌋ (for an
/// even d, two boxes offset half a pixel each way and one of d + 1), on
/// premultiplied channels, with nothing outside the buffer. The sums are
/// kept in `Float` and rounded once by the caller. Rows are blurred in
/// parallel, then columns in blocks, so the cost is linear in the pixels
/// whatever the radius.
package enum GaussianBlur {
  /// The three windows of one axis for standard deviation `sigma` (in
  /// pixels): how many pixels each reaches before and after the one it
  /// writes. Empty below a deviation of 0.25 pixels: no blur.
  package static func windows(sigma: Double) -> [(before: Int, after: Int)] {
    guard sigma.isFinite, sigma >= 0.25 else { return [] }
    let d = clampedInt((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down), 1, 1 << 20)
    if d % 2 == 1 { return Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3) }
    return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
  }

  /// Blurs `values` (rows of `width` pixels of `channels` floats each) in
  /// place, `sigmaX` pixels across and `sigmaY` down.
  package static func blur(
    _ values: inout [Float], width: Int, height: Int, channels: Int, sigmaX: Double, sigmaY: Double, threads: Int
  ) {
    guard width > 0, height > 0, values.count == width * height * channels else { return }
    let across = windows(sigma: sigmaX)
    let down = windows(sigma: sigmaY)
    values.withUnsafeMutableBufferPointer { buffer in
      let pixels = Pixels(base: buffer, width: width, height: height, channels: channels)
      if !across.isEmpty {
        let workers = ThreadPool.workers(threads, height)
        // Rows, a band each task.
        let rowsPerTask = max(1, (height + 4 * workers - 1) / (4 * workers))
        let rowTasks = (height + rowsPerTask - 1) / rowsPerTask
        ThreadPool.run(tasks: rowTasks, threads: workers) { _, task in
          var line = [Float](repeating: 0, count: width * channels)
          var other = line
          for y in (task * rowsPerTask)..<min(height, (task + 1) * rowsPerTask) {
            pixels.blurRow(y, across, &line, &other)
          }
        }
      }
      if !down.isEmpty {
        // Columns, a block of them each task, walked down the rows together.
        let block = 32
        let columnTasks = (width + block - 1) / block
        ThreadPool.run(tasks: columnTasks, threads: ThreadPool.workers(threads, columnTasks)) { _, task in
          let x0 = task * block
          let columns = min(block, width - x0)
          var lines = [Float](repeating: 0, count: height * columns * channels)
          var other = lines
          pixels.blurColumns(x0, columns, down, &lines, &other)
        }
      }
    }
  }

  /// The buffer, shared by the threads: each writes its own rows, then
  /// its own columns.
  struct Pixels: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Float>
    let width: Int
    let height: Int
    let channels: Int

    func blurRow(_ y: Int, _ passes: [(before: Int, after: Int)], _ line: inout [Float], _ other: inout [Float]) {
      let stride = width * channels
      for index in 0..<stride { line[index] = base[y * stride + index] }
      for pass in passes {
        GaussianBlur.box(&line, into: &other, count: width, lanes: channels, pass)
        swap(&line, &other)
      }
      for index in 0..<stride { base[y * stride + index] = line[index] }
    }

    /// Columns `x0 ..< x0 + columns`, copied to `lines` row by row (each
    /// row of the block is one lane group), blurred down, copied back.
    func blurColumns(
      _ x0: Int, _ columns: Int, _ passes: [(before: Int, after: Int)], _ lines: inout [Float], _ other: inout [Float]
    ) {
      let lanes = columns * channels
      for y in 0..<height {
        let source = (y * width + x0) * channels
        for lane in 0..<lanes { lines[y * lanes + lane] = base[source + lane] }
      }
      for pass in passes {
        GaussianBlur.box(&lines, into: &other, count: height, lanes: lanes, pass)
        swap(&lines, &other)
      }
      for y in 0..<height {
        let target = (y * width + x0) * channels
        for lane in 0..<lanes { base[target + lane] = lines[y * lanes + lane] }
      }
    }
  }

  /// One box pass along a line of `count` steps of `lanes` values each:
  /// step i gets the mean of steps i − before … i + after (outside: 0).
  package static func box(
    _ input: inout [Float], into output: inout [Float], count: Int, lanes: Int, _ window: (before: Int, after: Int)
  ) {
    let scale = 1 / Float(window.before + window.after + 1)
    input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        var sums = [Float](repeating: 0, count: lanes)
        sums.withUnsafeMutableBufferPointer { sums in
          // The window of step 0: steps 0 ... after (those before are outside).
          for step in 0..<min(count, window.after + 1) {
            for lane in 0..<lanes { sums[lane] += source[step * lanes + lane] }
          }
          for step in 0..<count {
            let row = step * lanes
            for lane in 0..<lanes { target[row + lane] = sums[lane] * scale }
            let entering = step + window.after + 1
            let leaving = step - window.before
            if entering < count {
              for lane in 0..<lanes { sums[lane] += source[entering * lanes + lane] }
            }
            if leaving >= 0 {
              for lane in 0..<lanes { sums[lane] -= source[leaving * lanes + lane] }
            }
          }
        }
      }
    }
  }
}
