/// Collects one plotted series sample by sample while a trace is read, so that the report holds a
/// bounded number of points however long the run was.
///
/// Up to `limit` samples are kept as they are, and the plot is then drawn from exactly those samples
/// (`Decimation` thins them to the plot's width), as if the whole series had been held. Past `limit`,
/// the samples are reduced on the fly: x is cut into equal buckets, starting at the first sample, and
/// each bucket keeps its first, smallest, largest and last sample in time order (the M4 scheme of
/// `Decimation`). When the buckets fill `limit` points their width doubles, two neighbours merging
/// into one, which is exact for M4 (the first of the first, the extremes of both, the last of the
/// last). So a one-frame spike is kept at full height, and the y extent is the series' own. There are
/// at least `limit / 8` buckets over the x range read, a few per pixel of a plot.
///
/// Missing samples (non-finite x or y) and jumps larger than `breakAbove` (an angle wrapping at ±π)
/// end a segment as in `Decimation`. Once reduced, a segment break is kept as a non-finite y between
/// the points on either side, except that a gap of missing samples inside one bucket is closed when
/// buckets merge (it is narrower than a bucket, so below a pixel): this bounds the points even when a
/// series drops out every other frame. Jumps are always kept, so a wrapping angle is never drawn
/// across the plot.
struct SeriesDecimator {
  /// Samples kept as they are (fewer than this) before reducing: about nine minutes at 30 frames a
  /// second.
  static let defaultLimit = 16_384

  /// The collected series: `reduced` says the points were thinned and the segment breaks are already
  /// marked by non-finite values, so the plot must not split it again on jumps.
  struct Collected: Equatable {
    var times: [Double]
    var values: [Double]
    var reduced: Bool
  }

  private struct Sample {
    var x: Double
    var y: Double
    /// Position in the input, to keep the points of a bucket in time order.
    var index: Int
  }

  /// A bucket's points within one segment; `breakBefore` when a segment ended just before it.
  private struct Part {
    var bucket: Int
    var first: Sample
    var low: Sample
    var high: Sample
    var last: Sample
    var breakBefore: Break

    init(bucket: Int, sample: Sample, breakBefore: Break) {
      self.bucket = bucket
      first = sample
      low = sample
      high = sample
      last = sample
      self.breakBefore = breakBefore
    }

    /// Adds a later sample; ties keep the earlier extreme, as `Decimation` does.
    mutating func add(_ s: Sample) {
      if s.y < low.y { low = s }
      if s.y > high.y { high = s }
      last = s
    }

    /// Absorbs the next part of the same (merged) bucket.
    mutating func absorb(_ next: Part) {
      if next.low.y < low.y { low = next.low }
      if next.high.y > high.y { high = next.high }
      last = next.last
    }

    /// First, the extremes in time order, last; each sample once.
    var points: [Sample] {
      var out = [first]
      for s in [low.index <= high.index ? low : high, low.index <= high.index ? high : low, last]
      where s.index != out[out.count - 1].index {
        out.append(s)
      }
      return out
    }
  }

  private enum Break {
    case none
    case missing
    case jump
  }

  let limit: Int
  let breakAbove: Double?
  private var xs: [Double] = []
  private var ys: [Double] = []
  private var parts: [Part] = []
  private var reducing = false
  private var origin = 0.0
  /// Width of a bucket in x units, once reducing.
  private(set) var bucketWidth = 0.0
  private var count = 0
  private var previousY: Double?
  private var pendingBreak = Break.none
  /// Parts held before the buckets merge; grows only when merging frees nothing (jumps everywhere).
  private var capacity = 0

  /// - Parameters:
  ///   - limit: samples kept unreduced, and the most points held once reducing (at least 64).
  ///   - breakAbove: a jump in y larger than this starts a new segment (nil: none).
  init(limit: Int = defaultLimit, breakAbove: Double? = nil) {
    self.limit = max(64, limit)
    self.breakAbove = breakAbove
    capacity = self.limit
  }

  /// Adds the sample (`x`, `y`); `x` must not decrease from one finite sample to the next.
  mutating func append(_ x: Double, _ y: Double) {
    guard reducing else {
      xs.append(x)
      ys.append(y)
      if xs.count >= limit { startReducing() }
      return
    }
    reduce(x, y)
  }

  /// The series as collected: every sample when there were at most `limit`, else the reduced points.
  var collected: Collected {
    guard reducing else { return Collected(times: xs, values: ys, reduced: false) }
    var times: [Double] = []
    var values: [Double] = []
    for part in parts {
      if part.breakBefore != .none, let x = times.last {
        times.append(x)
        values.append(.nan)
      }
      for s in part.points {
        times.append(s.x)
        values.append(s.y)
      }
    }
    return Collected(times: times, values: values, reduced: true)
  }

  private mutating func startReducing() {
    reducing = true
    let finite = xs.indices.filter { xs[$0].isFinite && ys[$0].isFinite }
    origin = finite.first.map { xs[$0] } ?? 0
    let span = (finite.last.map { xs[$0] } ?? origin) - origin
    bucketWidth = span > 0 ? span / Double(limit / 8) : 1
    let (oldX, oldY) = (xs, ys)
    xs = []
    ys = []
    for (x, y) in zip(oldX, oldY) { reduce(x, y) }
  }

  private mutating func reduce(_ x: Double, _ y: Double) {
    defer { count += 1 }
    guard x.isFinite, y.isFinite else {
      if previousY != nil { pendingBreak = .missing }
      previousY = nil
      return
    }
    var split = pendingBreak
    if let previousY, let breakAbove, abs(y - previousY) > breakAbove { split = .jump }
    pendingBreak = .none
    previousY = y
    let sample = Sample(x: x, y: y, index: count)
    let bucket = Int(max(0, ((x - origin) / bucketWidth).rounded(.down)).clamped(maximum: 1e15))
    if split == .none, let last = parts.last, last.bucket == bucket {
      parts[parts.count - 1].add(sample)
    } else {
      parts.append(Part(bucket: bucket, sample: sample, breakBefore: parts.isEmpty ? .none : split))
    }
    // At most four points and a break marker per part.
    while parts.count * 5 >= capacity {
      guard coarsen() else {
        capacity *= 2
        break
      }
    }
  }

  /// Doubles the bucket width, merging neighbours; false when that freed nothing (only jumps left).
  private mutating func coarsen() -> Bool {
    let before = parts.count
    bucketWidth *= 2
    var merged: [Part] = []
    merged.reserveCapacity(before / 2 + 1)
    for var part in parts {
      part.bucket /= 2
      if let last = merged.last, last.bucket == part.bucket, part.breakBefore != .jump {
        merged[merged.count - 1].absorb(part)
      } else {
        merged.append(part)
      }
    }
    parts = merged
    return parts.count < before
  }
}

extension Double {
  fileprivate func clamped(maximum: Double) -> Double { Swift.min(self, maximum) }
}
