/// McNemar's exact test on paired pass/fail outcomes: only the discordant pairs carry information
/// about a change, and under "no change" each of them is equally likely to go either way, so the
/// number that went one way is Binomial(discordant, ½).
public enum McNemar {
  /// The one-sided p-value for "more pairs moved `towards` than away": P(X ≥ towards) with
  /// X ~ Binomial(towards + away, ½). 1 when no pair is discordant.
  public static func oneSidedPValue(towards: Int, away: Int) -> Double {
    precondition(towards >= 0 && away >= 0, "counts are non-negative")
    let n = towards + away
    guard n > 0 else { return 1 }
    return Binomial.survival(towards, n: n, p: 0.5)
  }
}
