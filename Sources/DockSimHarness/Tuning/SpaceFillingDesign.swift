import DockSimCore
import DockSimIO

/// The seeded space-filling start of a tuning: points in the unit cube.
public enum SpaceFillingDesign {
  /// `count` points in [0, 1]^`dimension` drawn from `seed` alone.
  ///
  /// A Latin hypercube splits every axis into `count` equal strata and puts exactly one point in each
  /// stratum of each axis (strata paired at random, a random offset inside each), so even a short
  /// design covers every parameter's whole range; `random` draws every coordinate uniformly.
  public static func points(
    _ kind: TuneSearch.Initial, count: Int, dimension: Int, seed: UInt64
  ) -> [[Double]] {
    var rng = RandomStream(seed: seed, stream: "tune.design")
    var points = Array(repeating: Array(repeating: 0.0, count: dimension), count: count)
    switch kind {
    case .random:
      for i in 0..<count { for j in 0..<dimension { points[i][j] = rng.uniform() } }
    case .latinHypercube:
      for j in 0..<dimension {
        var strata = Array(0..<count)
        // Fisher–Yates with our own stream: Swift's shuffle may change its algorithm between releases.
        if count > 1 {
          for i in stride(from: count - 1, to: 0, by: -1) {
            let k = Int(rng.next() % UInt64(i + 1))
            strata.swapAt(i, k)
          }
        }
        for i in 0..<count { points[i][j] = (Double(strata[i]) + rng.uniform()) / Double(count) }
      }
    }
    return points
  }
}
