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
      // A block of rows (or of columns) at a time, its lines side by side
      // as the lanes of one pass, so each step of the pass adds and
      // subtracts a run of contiguous values (vectorised), and each lane
      // sees the same additions in the same order as one line alone.
      let block = 32
      if !across.isEmpty {
        let rowTasks = (height + block - 1) / block
        ThreadPool.run(tasks: rowTasks, threads: ThreadPool.workers(threads, rowTasks)) { _, task in
          let y0 = task * block
          let rows = min(block, height - y0)
          var lines = [Float](repeating: 0, count: width * rows * channels)
          var other = lines
          var sums: [Float] = []
          pixels.blurRows(y0, rows, across, &lines, &other, &sums)
        }
      }
      if !down.isEmpty {
        let columnTasks = (width + block - 1) / block
        ThreadPool.run(tasks: columnTasks, threads: ThreadPool.workers(threads, columnTasks)) { _, task in
          let x0 = task * block
          let columns = min(block, width - x0)
          var lines = [Float](repeating: 0, count: height * columns * channels)
          var other = lines
          var sums: [Float] = []
          pixels.blurColumns(x0, columns, down, &lines, &other, &sums)
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

    /// Rows `y0 ..< y0 + rows`, copied to `lines` column by column (the
    /// rows of each column one lane group), blurred across, copied back.
    func blurRows(
      _ y0: Int, _ rows: Int, _ passes: [(before: Int, after: Int)], _ lines: inout [Float], _ other: inout [Float],
      _ sums: inout [Float]
    ) {
      guard let pixels = base.baseAddress else { return }
      let lanes = rows &* channels
      let stride = width &* channels
      lines.withUnsafeMutableBufferPointer { lines in
        guard let lines = lines.baseAddress else { return }
        for row in 0..<rows {
          let source = pixels + (y0 &+ row) &* stride
          let target = lines + row &* channels
          for x in 0..<width {
            for channel in 0..<channels { target[x &* lanes &+ channel] = source[x &* channels &+ channel] }
          }
        }
      }
      for pass in passes {
        GaussianBlur.box(&lines, into: &other, count: width, lanes: lanes, pass, sums: &sums)
        swap(&lines, &other)
      }
      lines.withUnsafeBufferPointer { lines in
        guard let lines = lines.baseAddress else { return }
        for row in 0..<rows {
          let target = pixels + (y0 &+ row) &* stride
          let source = lines + row &* channels
          for x in 0..<width {
            for channel in 0..<channels { target[x &* channels &+ channel] = source[x &* lanes &+ channel] }
          }
        }
      }
    }

    /// Columns `x0 ..< x0 + columns`, copied to `lines` row by row (each
    /// row of the block is one lane group), blurred down, copied back.
    func blurColumns(
      _ x0: Int, _ columns: Int, _ passes: [(before: Int, after: Int)], _ lines: inout [Float], _ other: inout [Float],
      _ sums: inout [Float]
    ) {
      guard let pixels = base.baseAddress else { return }
      let lanes = columns &* channels
      lines.withUnsafeMutableBufferPointer { lines in
        guard let lines = lines.baseAddress else { return }
        for y in 0..<height {
          (lines + y &* lanes).update(from: pixels + (y &* width &+ x0) &* channels, count: lanes)
        }
      }
      for pass in passes {
        GaussianBlur.box(&lines, into: &other, count: height, lanes: lanes, pass, sums: &sums)
        swap(&lines, &other)
      }
      lines.withUnsafeBufferPointer { lines in
        guard let lines = lines.baseAddress else { return }
        for y in 0..<height {
          (pixels + (y &* width &+ x0) &* channels).update(from: lines + y &* lanes, count: lanes)
        }
      }
    }
  }

  /// One box pass along a line of `count` steps of `lanes` values each:
  /// step i gets the mean of steps i − before … i + after (outside: 0).
  /// `sums` is scratch space, kept by the caller.
  package static func box(
    _ input: inout [Float], into output: inout [Float], count: Int, lanes: Int, _ window: (before: Int, after: Int),
    sums: inout [Float]
  ) {
    let scale = 1 / Float(window.before + window.after + 1)
    sums.removeAll(keepingCapacity: true)
    sums.append(contentsOf: repeatElement(0, count: lanes))
    input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        sums.withUnsafeMutableBufferPointer { sums in
          guard let source = source.baseAddress, let target = target.baseAddress, let sums = sums.baseAddress else {
            return
          }
          // The window of step 0: steps 0 ... after (those before are outside).
          for step in 0..<min(count, window.after &+ 1) {
            let line = source + step &* lanes
            for lane in 0..<lanes { sums[lane] += line[lane] }
          }
          for step in 0..<count {
            let line = target + step &* lanes
            for lane in 0..<lanes { line[lane] = sums[lane] * scale }
            let entering = step &+ window.after &+ 1
            let leaving = step &- window.before
            if entering < count {
              let line = source + entering &* lanes
              for lane in 0..<lanes { sums[lane] += line[lane] }
            }
            if leaving >= 0 {
              let line = source + leaving &* lanes
              for lane in 0..<lanes { sums[lane] -= line[lane] }
            }
          }
        }
      }
    }
  }
}
