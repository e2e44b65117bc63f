import DockSimCore

/// The paired bootstrap percentile interval of a mean difference.
///
/// The differences are one per seed (candidate against baseline on the same derived seed), taken as
/// independent draws from the distribution of differences. Each resample draws as many seeds as there
/// are, with replacement, and takes their mean; the interval's ends are the (1 − level)/2 and
/// (1 + level)/2 quantiles of the resampled means (percentile method). It assumes the seeds are i.i.d.
/// and the sample is large enough for the resampled means to mimic the mean's sampling distribution:
/// with few seeds the interval is too narrow, which is why the gate wants `min_seeds`.
public struct PairedBootstrap: Sendable {
  /// Resamples drawn.
  public var resamples: Int
  /// Seeds the generator; with the same differences the interval is the same on every machine.
  public var seed: UInt64

  public init(resamples: Int = 10_000, seed: UInt64 = 0x646f_636b_7369_6d) {
    precondition(resamples > 0, "at least one resample")
    self.resamples = resamples
    self.seed = seed
  }

  /// The mean of `differences` and its percentile interval at `level`. `stream` names the comparison
  /// (scenario and metric) so that each draws its own numbers, whatever the order comparisons run in.
  /// An empty input gives nil; identical differences give the degenerate interval at their value.
  public func interval(of differences: [Double], level: Double = 0.95, stream: String) -> (
    mean: Double, lower: Double, upper: Double
  )? {
    guard let first = differences.first else { return nil }
    let n = differences.count
    let mean = OverflowSafeMean.of(differences)
    if differences.allSatisfy({ $0 == first }) { return (mean, first, first) }
    // Differences so large that a resample's sum could overflow are drawn scaled by a power of two
    // (`OverflowSafeMean`'s rule) and the interval scaled back; ordinary ones exactly as they are.
    let s = differences.reduce(0) { $0 + abs($1) }.isFinite ? 1 : OverflowSafeMean.scale(count: n)
    let values = s == 1 ? differences : differences.map { $0 * s }
    // Scaled back, a resample's mean is held within the differences' range, where any mean lies.
    let range = s == 1 ? nil : differences.min()!...differences.max()!
    var random = RandomStream(seed: seed, stream: stream)
    var means: [Double] = []
    means.reserveCapacity(resamples)
    for _ in 0..<resamples {
      var sum = 0.0
      for _ in 0..<n {
        // The high word of a 64×64-bit product: uniform over 0..<n up to a bias of n/2⁶⁴.
        sum += values[Int(random.next().multipliedFullWidth(by: UInt64(n)).high)]
      }
      means.append(
        range.map { OverflowSafeMean.clamp(sum / Double(n) / s, $0.lowerBound, $0.upperBound) } ?? sum
          / Double(n))
    }
    means.sort()
    let tail = (1 - level) / 2
    // Nearest rank: the ⌈q·B⌉-th smallest mean for the lower end and its mirror for the upper.
    let low = max(0, Int((tail * Double(resamples)).rounded(.up)) - 1)
    let high = min(resamples - 1, resamples - 1 - low)
    return (mean, means[low], means[high])
  }
}
