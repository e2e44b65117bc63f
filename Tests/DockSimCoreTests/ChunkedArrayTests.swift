import Testing

@testable import DockSimCore

/// `ChunkedArray`, the chunked storage of HOTA's per-frame pairs: the same elements in the same order as
/// an `Array`, across chunk boundaries.
struct ChunkedArrayTests {
  @Test func emptyHasNoElements() {
    let chunked = ChunkedArray<Double>()
    #expect(chunked.isEmpty)
    #expect(chunked.count == 0)
    #expect(Array(chunked) == [])
  }

  @Test func keepsEveryElementAcrossChunks() {
    let capacity = ChunkedArray<UInt32>.chunkCapacity
    // Exactly full chunks, then one element into a third chunk and some more.
    for count in [1, capacity - 1, capacity, capacity + 1, 2 * capacity, 2 * capacity + 7] {
      var chunked = ChunkedArray<UInt32>()
      var reference: [UInt32] = []
      for k in 0..<count {
        let value = UInt32(truncatingIfNeeded: k &* 2_654_435_761)
        chunked.append(value)
        reference.append(value)
      }
      #expect(chunked.count == count)
      #expect(Array(chunked) == reference)
      #expect(chunked[count - 1] == reference[count - 1])
      if count > capacity { #expect(chunked[capacity] == reference[capacity]) }
    }
  }
}
