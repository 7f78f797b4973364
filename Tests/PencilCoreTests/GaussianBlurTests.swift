import Foundation
import XCTest

@testable import PencilRaster

/// The raster blur: SVG's three box blurs of width d = ⌊σ·3·√(2π)/4 + 0.5⌋,
/// checked against the profile the three boxes give a box of ones (each
/// pass summed directly), against the true Gaussian, and for threads.
final class GaussianBlurTests: XCTestCase {
  func testTheBoxWidthsAreTheSpecsForOddAndEvenWidths() {
    // σ = 2: d = ⌊3.76 + 0.5⌋ = 4, even: two boxes offset half a pixel each way, one of 5.
    XCTAssertEqual(GaussianBlur.windows(sigma: 2).map { [$0.before, $0.after] }, [[2, 1], [1, 2], [2, 2]])
    // σ = 3: d = ⌊5.64 + 0.5⌋ = 6; σ = 2.5: d = ⌊4.70 + 0.5⌋ = 5, odd: three of 5.
    XCTAssertEqual(GaussianBlur.windows(sigma: 2.5).map { [$0.before, $0.after] }, [[2, 2], [2, 2], [2, 2]])
    XCTAssertEqual(GaussianBlur.windows(sigma: 3).map { $0.before + $0.after + 1 }, [6, 6, 7])
    XCTAssertEqual(GaussianBlur.windows(sigma: 0.1).count, 0)
    XCTAssertEqual(GaussianBlur.windows(sigma: .nan).count, 0)
  }

  /// A line of `count` values: ones on `ones`, zeros elsewhere, blurred along it.
  private func blurredLine(count: Int, ones: Range<Int>, sigma: Double) -> [Float] {
    var values = (0..<count).map { ones.contains($0) ? Float(1) : 0 }
    GaussianBlur.blur(&values, width: count, height: 1, channels: 1, sigmaX: sigma, sigmaY: 0, threads: 1)
    return values
  }

  func testABoxOfOnesTakesTheThreeBoxesProfileWithinAHalfOf255th() {
    for sigma in [1.0, 2, 2.5, 6, 20] {
      let count = 400
      let ones = 150..<250
      let line = blurredLine(count: count, ones: ones, sigma: sigma)
      // The same three passes summed directly, in Double.
      var expected = (0..<count).map { ones.contains($0) ? 1.0 : 0 }
      for window in GaussianBlur.windows(sigma: sigma) {
        let width = Double(window.before + window.after + 1)
        expected = (0..<count).map { i in
          var sum = 0.0
          for j in (i - window.before)...(i + window.after) where j >= 0 && j < count { sum += expected[j] }
          return sum / width
        }
      }
      let worst = zip(line, expected).map { abs(Double($0) - $1) }.max() ?? 1
      XCTAssertLessThan(worst, 0.5 / 255, "σ \(sigma)")
    }
  }

  func testABoxOfOnesIsWithinThreeHundredthsOfTheTrueGaussian() {
    // The true profile of a box [a, b) of ones: Φ((x + ½ − a)/σ) − Φ((x + ½ − b)/σ).
    for sigma in [2.0, 6, 20] {
      let line = blurredLine(count: 400, ones: 150..<250, sigma: sigma)
      func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }
      var worst = 0.0
      for x in 0..<400 {
        let exact = phi((Double(x) + 0.5 - 150) / sigma) - phi((Double(x) + 0.5 - 250) / sigma)
        worst = max(worst, abs(Double(line[x]) - exact))
      }
      XCTAssertLessThan(worst, 0.03, "σ \(sigma)")
    }
  }

  func testAPointsBlurKeepsItsWeightAndIsTheSameOnAnyNumberOfThreads() {
    let (width, height) = (101, 87)
    var one = [Float](repeating: 0, count: width * height * 2)
    one[(43 * width + 50) * 2] = 255
    one[(43 * width + 50) * 2 + 1] = 100
    var two = one
    GaussianBlur.blur(&one, width: width, height: height, channels: 2, sigmaX: 4, sigmaY: 7, threads: 1)
    GaussianBlur.blur(&two, width: width, height: height, channels: 2, sigmaX: 4, sigmaY: 7, threads: 2)
    XCTAssertEqual(one, two)
    let first = stride(from: 0, to: one.count, by: 2).reduce(0) { $0 + Double(one[$1]) }
    let second = stride(from: 1, to: one.count, by: 2).reduce(0) { $0 + Double(one[$1]) }
    XCTAssertEqual(first, 255, accuracy: 0.01)
    XCTAssertEqual(second, 100, accuracy: 0.01)
    // It spreads further down than across.
    XCTAssertGreaterThan(one[((43 + 12) * width + 50) * 2], one[(43 * width + 50 + 12) * 2])
  }
}
