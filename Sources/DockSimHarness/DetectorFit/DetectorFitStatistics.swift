import DockSimCore
import Foundation

/// The statistics a fit report sets side by side for the data and for the fitted detector simulated on
/// the same truth: what the parameters should reproduce.
public struct DetectorFitStatistics: Equatable, Sendable {
  /// Upper edges of the box-height bins, normalized units (the last bin is open).
  public static let heightEdges = [0.1, 0.2, 0.35, 0.5]
  /// Upper edges of the visible-fraction bins (the last bin ends at 1).
  public static let visibilityEdges = [0.5, 0.7, 0.9]
  /// Upper edges of the miss-run-length bins, frames (the last bin is open).
  public static let runEdges = [1, 2, 5]

  public struct HeightBin: Equatable, Sendable {
    public var count: Int
    /// RMS of the centre error (x and y pooled) and of the height error, normalized units.
    public var centerRMS: Double
    public var heightRMS: Double
  }
  public struct VisibilityBin: Equatable, Sendable {
    public var count: Int
    public var missRate: Double
  }

  public var byHeight: [HeightBin]
  public var byVisibility: [VisibilityBin]
  public var frames: Int
  public var nearFalsePositivesPerFrame: Double
  public var farFalsePositivesPerFrame: Double
  /// Runs of consecutive misses of one track (frames without an observation end a run), by length bin.
  public var missRuns: [Int]
  public var meanMissRun: Double
  public var meanTrueConfidence: Double
  public var meanFalseConfidence: Double
  /// Of the partly hidden boxes a detection covered, the share it covered whole
  /// (`DetectorFitObservations.extent`); nan without any.
  public var wholeExtentShare: Double

  init(_ o: DetectorFitObservations) {
    var h = [(n: Int, c: Double, s: Double)](repeating: (0, 0, 0), count: Self.heightEdges.count + 1)
    for m in o.matches {
      let k = Self.heightEdges.firstIndex { m.height < $0 } ?? Self.heightEdges.count
      h[k].n += 1
      h[k].c += m.du * m.du + m.dv * m.dv
      h[k].s += m.dh * m.dh
    }
    byHeight = h.map {
      HeightBin(
        count: $0.n, centerRMS: $0.n > 0 ? ($0.c / Double(2 * $0.n)).squareRoot() : .nan,
        heightRMS: $0.n > 0 ? ($0.s / Double($0.n)).squareRoot() : .nan)
    }
    var v = [(n: Int, miss: Int)](repeating: (0, 0), count: Self.visibilityEdges.count + 1)
    var runs = [Int](repeating: 0, count: Self.runEdges.count + 1)
    var runTotal = 0
    var runCount = 0
    for t in o.tracks {
      var run = 0
      func close() {
        guard run > 0 else { return }
        runs[Self.runEdges.firstIndex { run <= $0 } ?? Self.runEdges.count] += 1
        runTotal += run
        runCount += 1
        run = 0
      }
      for (k, hit) in t.detected.enumerated() {
        guard let hit else {
          close()
          continue
        }
        let bin = Self.visibilityEdges.firstIndex { t.visibleFraction[k] < $0 } ?? Self.visibilityEdges.count
        v[bin].n += 1
        if !hit {
          v[bin].miss += 1
          run += 1
        } else {
          close()
        }
      }
      close()
    }
    byVisibility = v.map {
      VisibilityBin(count: $0.n, missRate: $0.n > 0 ? Double($0.miss) / Double($0.n) : .nan)
    }
    missRuns = runs
    meanMissRun = runCount > 0 ? Double(runTotal) / Double(runCount) : .nan
    frames = o.frames.count
    var near = 0
    var far = 0
    var falseConfidence = 0.0
    for f in o.frames {
      for fp in f.falsePositives {
        if fp.near { near += 1 } else { far += 1 }
        falseConfidence += fp.confidence
      }
    }
    nearFalsePositivesPerFrame = frames > 0 ? Double(near) / Double(frames) : .nan
    farFalsePositivesPerFrame = frames > 0 ? Double(far) / Double(frames) : .nan
    meanFalseConfidence = near + far > 0 ? falseConfidence / Double(near + far) : .nan
    wholeExtentShare = o.wholeExtentShare(tracks: o.tracks.indices) ?? .nan
    meanTrueConfidence =
      o.matches.isEmpty ? .nan : o.matches.reduce(0) { $0 + $1.confidence } / Double(o.matches.count)
  }
}
