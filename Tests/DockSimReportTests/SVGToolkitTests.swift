import DockSimReport
import Foundation
import Testing

struct NiceTicksTests {
  /// Every step is 1, 2 or 5 times a power of ten, the ticks cover the data, and there are a few of them.
  @Test(arguments: [
    (0.0, 1.0), (0.0, 12.0), (-0.9, 0.35), (-180.0, 180.0), (3.0, 3.0), (0.0001, 0.00037), (-1500.0, 20.0),
    (0.0, 0.29), (1e-9, 2e-9),
  ])
  func ticksAreNice(lower: Double, upper: Double) {
    let t = NiceTicks(lower: lower, upper: upper, target: 5)
    let mantissa = t.step / pow(10, log10(t.step).rounded(.down))
    #expect([1.0, 2.0, 5.0].contains { abs($0 - mantissa) < 1e-9 }, "step \(t.step)")
    #expect(t.domain.lowerBound <= lower && t.domain.upperBound >= upper)
    #expect((2...12).contains(t.values.count), "\(t.values)")
    for (a, b) in zip(t.values, t.values.dropFirst()) { #expect(abs(b - a - t.step) < 1e-9 * max(1, abs(b))) }
  }

  @Test func examples() {
    #expect(NiceTicks(lower: 0, upper: 12).values == [0, 5, 10, 15])
    #expect(NiceTicks(lower: 0, upper: 0.29).values == [0, 0.1, 0.2, 0.30000000000000004])
    #expect(NiceTicks(lower: -0.9, upper: 0.35).step == 0.5)
    #expect(NiceTicks.niceStep(0.3) == 0.5)
    #expect(NiceTicks.niceStep(1.2) == 2)
    #expect(NiceTicks.niceStep(7) == 10)
  }

  @Test func labelsAreLocaleFreeAndNeverNegativeZero() {
    #expect(SVGNumber.tick(0.1 + 0.2, step: 0.1) == "0.3")
    #expect(SVGNumber.tick(-0.0, step: 1) == "0")
    #expect(SVGNumber.tick(-1e-17, step: 0.05) == "0.00")
    #expect(SVGNumber.tick(1500, step: 500) == "1500")
    #expect(SVGNumber.px(12.34) == "12.3")
    #expect(SVGNumber.px(-0.04) == "0")
    #expect(SVGNumber.px(300) == "300")
  }
}

struct DecimationTests {
  /// A single-sample spike in 100,000 samples of noise survives decimation to 500 buckets at its full
  /// height and time.
  @Test func singleSampleSpikeSurvives() {
    let n = 100_000
    let xs = (0..<n).map { Double($0) * 0.001 }
    var ys = (0..<n).map { sin(Double($0) * 0.01) * 0.1 }
    ys[61_234] = 5
    ys[88_000] = -7
    let segments = Decimation.segments(xs: xs, ys: ys, buckets: 500)
    let points = segments.flatMap { $0 }
    #expect(segments.count == 1)
    #expect(points.count <= 4 * 500)
    #expect(points.contains(PlotPoint(xs[61_234], 5)))
    #expect(points.contains(PlotPoint(xs[88_000], -7)))
    #expect(points.first == PlotPoint(xs[0], ys[0]) && points.last == PlotPoint(xs[n - 1], ys[n - 1]))
    #expect(zip(points, points.dropFirst()).allSatisfy { $0.x <= $1.x }, "time order kept")
  }

  @Test func shortSeriesAreUnchanged() {
    let xs = [0.0, 1, 2, 3]
    let ys = [1.0, 3, 2, 4]
    #expect(Decimation.segments(xs: xs, ys: ys, buckets: 100) == [zip(xs, ys).map { PlotPoint($0, $1) }])
  }

  @Test func missingValuesAndWrapsSplitSegments() {
    let xs = (0..<6).map(Double.init)
    #expect(Decimation.segments(xs: xs, ys: [1, 2, .nan, 3, 4, 5], buckets: 100).map(\.count) == [2, 3])
    #expect(
      Decimation.segments(xs: xs, ys: [170, 175, 179, -179, -175, -170], buckets: 100, breakAbove: 180).map(
        \.count) == [3, 3])
    #expect(Decimation.segments(xs: xs, ys: [Double](repeating: .nan, count: 6), buckets: 10).isEmpty)
  }
}
