import Testing

@testable import DockSimCore

/// `LatencyHistogram`: nearest-rank quantiles within half a bucket of the exact ones, exact minimum and
/// maximum, and buckets that tile the durations without gaps.
struct LatencyHistogramTests {
  /// The exact nearest-rank `q`-quantile of `values`: the ⌈q·n⌉-th smallest.
  static func exactQuantile(_ values: [UInt64], _ q: Double) -> Double {
    let sorted = values.sorted()
    let rank = max(1, min(sorted.count, Int((q * Double(sorted.count)).rounded(.up))))
    return Double(sorted[rank - 1])
  }

  @Test func emptyHasNoQuantile() {
    let h = LatencyHistogram()
    #expect(h.count == 0)
    #expect(h.quantile(0.5) == nil)
    #expect(h.quantile(1) == nil)
  }

  @Test func durationsBelow256NanosecondsAreExact() {
    var h = LatencyHistogram()
    for v in (1...200).reversed() { h.record(UInt64(v)) }
    #expect(h.count == 200)
    #expect(h.minimum == 1 && h.maximum == 200)
    #expect(h.quantile(0.5) == 100)
    #expect(h.quantile(0.99) == 198)
    #expect(h.quantile(0.001) == 1)
    #expect(h.quantile(1) == 200)
  }

  @Test func oneDurationIsEveryQuantile() {
    var h = LatencyHistogram()
    h.record(123_456_789)
    for q in [0.01, 0.5, 0.99, 1] { #expect(h.quantile(q) == 123_456_789) }
  }

  @Test(arguments: [0.01, 0.25, 0.5, 0.9, 0.99, 0.999])
  func quantilesAreWithinHalfABucketOfTheExactOnes(q: Double) {
    // Microseconds to tens of milliseconds, spread over many powers of two (a fixed LCG, not random).
    var state: UInt64 = 0x1234_5678
    var values: [UInt64] = []
    for _ in 0..<10_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(300 + (state >> 33) % 50_000_000 >> ((state >> 20) % 16))
    }
    var h = LatencyHistogram()
    for v in values { h.record(v) }
    let exact = Self.exactQuantile(values, q)
    let got = h.quantile(q)!
    #expect(abs(got - exact) <= exact / 256 + 1, "q \(q): \(got) against \(exact)")
  }

  @Test func evenlySpacedDurations() {
    // 1 µs … 1 ms in 1 µs steps: the p50 is 500 µs and the p99 990 µs, to within 0.4 %.
    var h = LatencyHistogram()
    for i in 1...1000 { h.record(UInt64(i) * 1000) }
    #expect(abs(h.quantile(0.5)! - 500_000) <= 500_000 / 256)
    #expect(abs(h.quantile(0.99)! - 990_000) <= 990_000 / 256)
    #expect(h.quantile(1) == 1_000_000)
    #expect(h.minimum == 1000)
  }

  @Test func quantilesNeverDecreaseAndStayWithinMinimumAndMaximum() {
    var h = LatencyHistogram()
    for v: UInt64 in [5_000, 5_001, 5_002, 9_000_000, 70_000] { h.record(v) }
    var previous = 0.0
    for q in stride(from: 0.05, through: 1, by: 0.05) {
      let value = h.quantile(q)!
      #expect(value >= previous && value >= 5_000 && value <= 9_000_000)
      previous = value
    }
  }

  @Test func hugeDurationsShareTheLastBucketButTheMaximumIsExact() {
    var h = LatencyHistogram()
    h.record(1 << 45)
    h.record(1 << 50)
    #expect(LatencyHistogram.bucket(of: 1 << 50) == LatencyHistogram.bucketCount - 1)
    #expect(h.maximum == 1 << 50)
    #expect(h.quantile(1) == Double(UInt64(1) << 50))
    #expect(h.quantile(0.5)! <= Double(UInt64(1) << 50))
  }

  @Test func bucketsTileTheDurationsAtAtMostOneIn128() {
    var next: UInt64 = 0
    for i in 0..<LatencyHistogram.bucketCount {
      let (lower, width) = LatencyHistogram.range(of: i)
      #expect(lower == next, "bucket \(i) starts where \(i - 1) ends")
      #expect(LatencyHistogram.bucket(of: lower) == i)
      #expect(LatencyHistogram.bucket(of: lower + width - 1) == i)
      #expect(width == 1 || width * 128 <= lower, "bucket \(i) is at most 1/128 of its values wide")
      next = lower + width
    }
    #expect(next == 1 << 40)
  }
}
