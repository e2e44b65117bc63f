import DockSimCore
import Testing

@testable import DockSimHarness

/// The canonical text behind the shard digest: its format is pinned, so that a change to it (or a
/// compiler that would change it) is seen here rather than as shards that no longer merge.
@Suite struct CanonicalTextTests {
  struct Inner: Equatable {
    var zeta: Double
    var alpha: [Int]
  }
  enum Mode { case off, on(Double) }
  struct Outer {
    var name: String
    var inner: Inner
    var mode: Mode
    var other: Mode
    var missing: Double?
    var flag: Bool
  }

  @Test func formatIsPinned() {
    let value = Outer(
      name: "a,\"b\"", inner: Inner(zeta: 0.1, alpha: [3, -1]), mode: .on(1e-05), other: .off, missing: nil,
      flag: true)
    #expect(
      CanonicalText.of(value)
        == "{flag=true;inner={alpha=[2:3,-1];zeta=0.1;};missing=nil;mode=on(1e-05);name=5:\"a,\"b\"\";other=off;}"
    )
  }

  @Test func stringsAreLengthPrefixed() {
    #expect(CanonicalText.of(["a,b"]) != CanonicalText.of(["a", "b"]))
    #expect(CanonicalText.of(["a;", "b"]) != CanonicalText.of(["a", ";b"]))
  }

  @Test func dictionariesAreSorted() {
    let a: [String: Int] = ["x": 1, "y": 2, "z": 3]
    let b: [String: Int] = ["z": 3, "y": 2, "x": 1]
    #expect(CanonicalText.of(a) == CanonicalText.of(b))
  }

  @Test func theDigestFollowsTheParameters() {
    let a = SuiteRunnerTests.scenario("s", seed: 1, azimuth: 0.1)
    var b = a
    #expect(ShardManifest.digest(a) == ShardManifest.digest(b))
    b.seed = 2
    #expect(ShardManifest.digest(a) != ShardManifest.digest(b))
    let c = SuiteRunnerTests.scenario("s", seed: 1, azimuth: 0.2)
    #expect(ShardManifest.digest(a) != ShardManifest.digest(c))
  }
}
