import Foundation
import Testing

@testable import DockSimReport

/// The report's streaming decimation: short series pass through untouched; long ones keep every
/// bucket's extremes, their segment breaks, and a bounded number of points.
@Suite struct SeriesDecimatorTests {
  /// A deterministic noisy signal with rare spikes (a linear congruential generator, no seed state
  /// shared with anything else).
  static func noisy(_ count: Int) -> [Double] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { i in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Double(state >> 11) / Double(1 << 53) - 0.5
      return sin(Double(i) / 500) + noise + (i % 9_973 == 0 ? 40 : 0) - (i % 7_919 == 0 ? 30 : 0)
    }
  }

  static func collect(_ ys: [Double], limit: Int, breakAbove: Double? = nil) -> SeriesDecimator {
    var decimator = SeriesDecimator(limit: limit, breakAbove: breakAbove)
    for (i, y) in ys.enumerated() { decimator.append(Double(i) / 30, y) }
    return decimator
  }

  @Test func aSeriesBelowTheLimitIsKeptAsItIs() {
    var ys = Self.noisy(1_000)
    ys[10] = .nan
    let collected = Self.collect(ys, limit: 1_001).collected
    #expect(!collected.reduced)
    #expect(collected.times == (0..<1_000).map { Double($0) / 30 })
    #expect(collected.values.count == ys.count)
    #expect(zip(collected.values, ys).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
  }

  @Test func everyBucketKeepsItsMinimumAndMaximum() throws {
    let ys = Self.noisy(60_000)
    let decimator = Self.collect(ys, limit: 2_048)
    let collected = decimator.collected
    #expect(collected.reduced)
    #expect(collected.values.count <= 2_048)
    let width = decimator.bucketWidth
    #expect(width > 0)
    // Bucket the raw samples the same way and find each one's extremes among the kept points.
    var kept: [Int: (low: Double, high: Double)] = [:]
    for (t, y) in zip(collected.times, collected.values) {
      let b = Int((t / width).rounded(.down))
      kept[b] = (min(kept[b]?.low ?? .infinity, y), max(kept[b]?.high ?? -.infinity, y))
    }
    var raw: [Int: (low: Double, high: Double)] = [:]
    for (i, y) in ys.enumerated() {
      let b = Int((Double(i) / 30 / width).rounded(.down))
      raw[b] = (min(raw[b]?.low ?? .infinity, y), max(raw[b]?.high ?? -.infinity, y))
    }
    #expect(raw.count > 200)
    for b in raw.keys.sorted() {
      #expect(kept[b]?.low == raw[b]?.low && kept[b]?.high == raw[b]?.high, "bucket \(b)")
    }
    #expect(collected.values.max() == ys.max() && collected.values.min() == ys.min())
  }

  @Test func aWrappingAngleIsNeverJoinedAcrossTheWrap() {
    // A sawtooth through ±π, a wrap every 1,000 samples: each line drawn after reducing must stay
    // within one tooth, and every wrap must stay a break.
    let ys = (0..<50_000).map { i in (Double(i % 1_000) / 1_000 * 2 - 1) * Double.pi }
    let collected = Self.collect(ys, limit: 512, breakAbove: .pi).collected
    #expect(collected.reduced)
    var tooth: Int?
    var breaks = 0
    for (t, y) in zip(collected.times, collected.values) {
      guard y.isFinite else {
        breaks += 1
        tooth = nil
        continue
      }
      let mine = Int((t * 30).rounded()) / 1_000
      if let tooth { #expect(tooth == mine, "a line across the wrap at t = \(t)") }
      tooth = mine
    }
    #expect(breaks == 49)
  }

  @Test func aLongGapStaysAGap() {
    var ys = Self.noisy(40_000)
    for i in 10_000..<20_000 { ys[i] = .nan }
    let collected = Self.collect(ys, limit: 1_024).collected
    let gap = collected.values.firstIndex { $0.isNaN }
    #expect(gap != nil)
    if let gap {
      #expect(collected.times[gap - 1] < 10_000.0 / 30 && collected.times[gap + 1] >= 20_000.0 / 30)
    }
  }

  @Test func pointsStayBoundedWhenEveryOtherSampleIsMissing() {
    let ys = (0..<200_000).map { $0 % 2 == 0 ? Double($0 % 77) : .nan }
    let collected = Self.collect(ys, limit: 1_024).collected
    #expect(collected.values.count <= 1_024)
    #expect(collected.values.filter(\.isFinite).max() == 76)
  }
}
