/// A point of a plotted series, in data units.
public struct PlotPoint: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// Thins a long series to a pixel budget while keeping its shape: the samples are split into `buckets`
/// equal slices of x, and each slice keeps its first, smallest, largest and last sample in time order
/// (the M4 scheme). A one-frame spike is therefore still drawn at full height, which averaging or
/// every-n-th sampling would lose. Non-finite y values (missing data) and jumps larger than
/// `breakAbove` (an angle wrapping at ±180°) split the series into separate segments, never bridged by
/// a line.
public enum Decimation {
  /// The segments of `(xs[i], ys[i])` decimated to at most four points per bucket; `xs` must be
  /// non-decreasing. `buckets` is typically the plot's width in pixels.
  public static func segments(
    xs: [Double], ys: [Double], buckets: Int, breakAbove: Double? = nil
  ) -> [[PlotPoint]] {
    let count = min(xs.count, ys.count)
    guard count > 0 else { return [] }
    var runs: [Range<Int>] = []
    var start: Int?
    for i in 0..<count {
      guard ys[i].isFinite, xs[i].isFinite else {
        if let s = start { runs.append(s..<i) }
        start = nil
        continue
      }
      if let s = start, let limit = breakAbove, abs(ys[i] - ys[i - 1]) > limit {
        runs.append(s..<i)
        start = i
      } else if start == nil {
        start = i
      }
    }
    if let s = start { runs.append(s..<count) }
    guard let x0 = runs.first.map({ xs[$0.lowerBound] }), let x1 = runs.last.map({ xs[$0.upperBound - 1] })
    else { return [] }
    let width = max(x1 - x0, .leastNonzeroMagnitude)
    let n = max(1, buckets)
    return runs.map { run in
      var out: [PlotPoint] = []
      var i = run.lowerBound
      while i < run.upperBound {
        let bucket = min(n - 1, Int((xs[i] - x0) / width * Double(n)))
        var lo = i
        var hi = i
        var j = i
        while j < run.upperBound, min(n - 1, Int((xs[j] - x0) / width * Double(n))) == bucket {
          if ys[j] < ys[lo] { lo = j }
          if ys[j] > ys[hi] { hi = j }
          j += 1
        }
        // First, extremes in time order, last; each index once.
        var keep = [i, min(lo, hi), max(lo, hi), j - 1]
        keep = keep.enumerated().filter { k, v in k == 0 || v != keep[k - 1] }.map(\.element)
        for k in keep where out.last.map({ $0 != PlotPoint(xs[k], ys[k]) }) ?? true {
          out.append(PlotPoint(xs[k], ys[k]))
        }
        i = j
      }
      return out
    }
  }
}
