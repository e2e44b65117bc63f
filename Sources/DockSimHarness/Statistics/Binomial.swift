import Foundation

/// Binomial tail probabilities, summed term by term in log space so that they stay accurate for the
/// seed counts the gate sees (up to a few thousand) without overflow.
public enum Binomial {
  /// P(X ≤ k) for X ~ Binomial(n, p).
  public static func cdf(_ k: Int, n: Int, p: Double) -> Double {
    if k < 0 { return 0 }
    if k >= n { return 1 }
    return min(1, (0...k).reduce(0) { $0 + pmf($1, n: n, p: p) })
  }

  /// P(X ≥ k) for X ~ Binomial(n, p).
  public static func survival(_ k: Int, n: Int, p: Double) -> Double {
    if k <= 0 { return 1 }
    if k > n { return 0 }
    return min(1, (k...n).reduce(0) { $0 + pmf($1, n: n, p: p) })
  }

  /// P(X = k) for X ~ Binomial(n, p), 0 ≤ k ≤ n.
  public static func pmf(_ k: Int, n: Int, p: Double) -> Double {
    if p <= 0 { return k == 0 ? 1 : 0 }
    if p >= 1 { return k == n ? 1 : 0 }
    let logChoose = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    return exp(logChoose + Double(k) * log(p) + Double(n - k) * log1p(-p))
  }
}
