/// A first-in-first-out ring over storage allocated up front, so the per-tick sensor path does not
/// touch the heap. Index 0 is the oldest element.
struct SampleRing<Element: Sendable>: Sendable {
  private var storage: [Element]
  private var head = 0
  private(set) var count = 0

  /// A ring holding up to `capacity` (at least 1) elements; `filler` only occupies unused slots.
  init(capacity: Int, filler: Element) {
    storage = Array(repeating: filler, count: max(1, capacity))
  }

  var isEmpty: Bool { count == 0 }
  var capacity: Int { storage.count }
  var first: Element? { count > 0 ? self[0] : nil }
  var last: Element? { count > 0 ? self[count - 1] : nil }

  subscript(index: Int) -> Element {
    storage[(head + index) % storage.count]
  }

  /// Appends, overwriting the oldest element when full: for bounded histories.
  mutating func appendDroppingOldest(_ element: Element) {
    if count == storage.count {
      storage[head] = element
      head = (head + 1) % storage.count
    } else {
      storage[(head + count) % storage.count] = element
      count += 1
    }
  }

  /// Appends, doubling the storage when full: for queues that must not lose samples. It only
  /// allocates if the caller drains less often than the queue was sized for.
  mutating func appendGrowing(_ element: Element) {
    if count == storage.count {
      var grown = [Element]()
      grown.reserveCapacity(2 * storage.count)
      for i in 0..<count { grown.append(self[i]) }
      for _ in count..<(2 * storage.count) { grown.append(element) }
      storage = grown
      head = 0
    }
    storage[(head + count) % storage.count] = element
    count += 1
  }

  /// Removes and returns the oldest element; the ring must not be empty.
  mutating func removeFirst() -> Element {
    precondition(count > 0, "removeFirst on an empty ring")
    let element = storage[head]
    head = (head + 1) % storage.count
    count -= 1
    return element
  }

  /// The index of the last element for which `isAtOrBefore` holds, or nil when it holds for none.
  /// The ring must be partitioned by it (true for a prefix), as a time-ordered history is.
  func lastIndex(where isAtOrBefore: (Element) -> Bool) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if isAtOrBefore(self[mid]) { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? low - 1 : nil
  }
}
