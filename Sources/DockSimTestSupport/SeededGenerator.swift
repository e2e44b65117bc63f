import DockSimCore

/// A small, fast, reproducible random number generator (DockSim's one `SplitMix64`) so randomized tests
/// draw the same values on every run and platform.
public typealias SeededGenerator = SplitMix64

extension SplitMix64 {
  /// A generator whose sequence is fully determined by `seed`.
  public init(seed: UInt64) {
    self.init(state: seed)
  }
}
