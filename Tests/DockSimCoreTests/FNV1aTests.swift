import DockSimCore
import Testing

/// The one FNV-1a: the published 64-bit test vectors, and adding in pieces equals hashing the whole.
@Suite struct FNV1aTests {
  @Test func publishedVectors() {
    #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(FNV1a.hash("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test func piecesHashLikeTheWhole() {
    var hash = FNV1a()
    hash.add("foo")
    hash.add("bar")
    #expect(hash.value == FNV1a.hash("foobar"))
  }

  @Test func streamsOfOtherNamesDiffer() {
    var a = RandomStream(seed: 7, stream: "detector")
    var b = RandomStream(seed: 7, stream: "detector.clutter")
    #expect(a.next() != b.next())
  }
}
