import Foundation

/// The χ² distribution, for the consistency bands of the NEES/NIS plot.
public enum ChiSquare {
  /// The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a), for a > 0, x ≥ 0: the
  /// series for x < a + 1, else Lentz's continued fraction for 1 − P (Numerical Recipes, §6.2), each
  /// to about 1e-15 relative.
  public static func regularizedLowerGamma(_ a: Double, _ x: Double) -> Double {
    precondition(a > 0 && a.isFinite, "shape \(a) must be positive and finite")
    guard x > 0 else { return 0 }
    guard x.isFinite else { return 1 }
    let logPrefactor = a * log(x) - x - lgamma(a)
    if x < a + 1 {
      var term = 1 / a
      var sum = term
      var n = a
      for _ in 0..<10_000 {
        n += 1
        term *= x / n
        sum += term
        if abs(term) < abs(sum) * 1e-16 { break }
      }
      return min(1, sum * exp(logPrefactor))
    }
    let tiny = 1e-300
    var b = x + 1 - a
    var c = 1 / tiny
    var d = 1 / b
    var h = d
    for i in 1...10_000 {
      let an = -Double(i) * (Double(i) - a)
      b += 2
      d = an * d + b
      if abs(d) < tiny { d = tiny }
      c = b + an / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let delta = d * c
      h *= delta
      if abs(delta - 1) < 1e-16 { break }
    }
    return max(0, 1 - exp(logPrefactor) * h)
  }

  /// The cumulative distribution function of χ² with `degreesOfFreedom` at `x`.
  public static func cdf(_ x: Double, degreesOfFreedom k: Double) -> Double {
    regularizedLowerGamma(k / 2, x / 2)
  }

  /// The `p` quantile of χ² with `degreesOfFreedom` (> 0), 0 < p < 1: the x with cdf(x) = p, found
  /// by bisection to 1e-13 relative (the cdf is increasing, so bisection always converges).
  public static func quantile(_ p: Double, degreesOfFreedom k: Double) -> Double {
    precondition(p > 0 && p < 1, "probability \(p) must lie in (0, 1)")
    precondition(k > 0 && k.isFinite, "degrees of freedom \(k) must be positive and finite")
    var lo = 0.0
    var hi = max(k, 1)
    while cdf(hi, degreesOfFreedom: k) < p { hi *= 2 }
    for _ in 0..<400 {
      let mid = (lo + hi) / 2
      if cdf(mid, degreesOfFreedom: k) < p { lo = mid } else { hi = mid }
      if hi - lo <= 1e-13 * hi { break }
    }
    return (lo + hi) / 2
  }

  /// The two-sided `confidence` band of the mean of `count` independent χ² values with
  /// `degreesOfFreedom` each: the quantiles (1 ∓ confidence)/2 of χ²(count · k), divided by `count`.
  /// For W = 30 NIS values of 3 degrees of freedom at 95 %: [2.188, 3.938].
  public static func meanBand(count: Int, degreesOfFreedom k: Double, confidence: Double = 0.95)
    -> ClosedRange<Double>
  {
    precondition(count > 0, "count \(count) must be positive")
    let total = Double(count) * k
    let tail = (1 - confidence) / 2
    return
      (quantile(tail, degreesOfFreedom: total) / Double(count))...(quantile(
        1 - tail, degreesOfFreedom: total) / Double(count))
  }
}

/// Summaries of a sample used by the report's plots.
enum SampleStatistics {
  /// The mean of each run of `window` consecutive values, at the index of the run's last value: an
  /// element per index from `window − 1` on, none before.
  static func movingMean(_ values: [Double], window: Int) -> [Double] {
    var mean = MovingMean(window: window)
    return values.compactMap { mean.add($0) }
  }

  /// The moving mean fed one value at a time, as a trace is read: it holds only the last `window`
  /// values.
  struct MovingMean {
    let window: Int
    /// The last `window` values, the oldest at `oldest` once full.
    private var recent: [Double] = []
    private var oldest = 0

    init(window: Int) {
      precondition(window > 0, "window \(window) must be positive")
      self.window = window
    }

    /// Adds `value`; the mean of the last `window` values, or nil while fewer have been added.
    mutating func add(_ value: Double) -> Double? {
      if recent.count < window {
        recent.append(value)
        guard recent.count == window else { return nil }
      } else {
        recent[oldest] = value
        oldest = (oldest + 1) % window
      }
      // Summed afresh, oldest first, for every window rather than updated, so no rounding drift
      // accumulates over a long run.
      var sum = 0.0
      for k in 0..<window { sum += recent[(oldest + k) % window] }
      return sum / Double(window)
    }
  }
}
