/// The Clopper–Pearson ("exact") confidence interval of a binomial proportion: the set of rates p
/// under which observing `successes` of `trials` is not in either tail of probability (1 − level)/2.
/// Conservative: its coverage is at least `level` for every true rate.
public enum ClopperPearson {
  /// The interval of the rate for `successes` of `trials`, both ends in [0, 1], at confidence `level`
  /// (0.95: a 95 % interval). 0 successes give a lower end of 0, `trials` successes an upper end of 1.
  ///
  /// Each end is found by bisection on the binomial tail sums (which are monotone in p) to 10⁻¹²,
  /// matching the beta-quantile form (scipy's `beta.ppf`) to about that.
  public static func interval(successes k: Int, trials n: Int, level: Double = 0.95) -> (
    lower: Double, upper: Double
  ) {
    precondition(n > 0 && (0...n).contains(k), "0 ≤ successes ≤ trials, trials > 0")
    let tail = (1 - level) / 2
    // Lower end: the p at which P(X ≥ k) rises to `tail`; upper: where P(X ≤ k) falls to `tail`.
    let lower = k == 0 ? 0 : bisect { Binomial.survival(k, n: n, p: $0) < tail }
    let upper = k == n ? 1 : bisect { Binomial.cdf(k, n: n, p: $0) > tail }
    return (lower, upper)
  }

  /// The p in [0, 1] where `below` turns from true to false.
  private static func bisect(_ below: (Double) -> Bool) -> Double {
    var lo = 0.0
    var hi = 1.0
    while hi - lo > 1e-12 {
      let mid = (lo + hi) / 2
      if below(mid) { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}
