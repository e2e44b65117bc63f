/// An append-only array kept in chunks of a fixed number of elements, for storage that grows with the
/// frames of a run (HOTA's per-frame pairs).
///
/// Unlike an `Array`, which doubles its buffer and copies everything into it, growing allocates one new
/// chunk when the last one is full and never moves what is stored. So appending allocates once per
/// `ChunkedArray.chunkCapacity` elements (plus, far more rarely, the small table of chunks), never
/// copies a large buffer (no transient peak of old + new), and at most one chunk is partly empty.
struct ChunkedArray<Element: Sendable>: Sendable, RandomAccessCollection {
  /// Elements per chunk: 2¹⁴ = 16,384 (64 KB of `UInt32`, 128 KB of `Double`).
  static var chunkShift: Int { 14 }
  static var chunkCapacity: Int { 1 << chunkShift }

  private var chunks: [[Element]] = []
  /// Elements stored.
  private(set) var count = 0

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Element {
    precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
    return chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)]
  }

  mutating func append(_ element: Element) {
    if count & (Self.chunkCapacity - 1) == 0 {
      // The last chunk is full (or there is none): start a new one at its full capacity. An empty
      // array literal allocates nothing; the reservation is the chunk's one allocation.
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkCapacity)
    }
    chunks[chunks.count - 1].append(element)
    count += 1
  }
}
