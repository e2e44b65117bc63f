/// The multi-object tracking metrics of one scored sequence (or of all together), under the names of
/// `MetricCatalog.motScore`.
public struct MOTScore: Sendable {
  /// The sequence's name; `MOTScorer.overallName` for the row of all sequences.
  public var name: String
  public var mot: MOTSummary
  public var hota: HOTASummary

  /// The metrics in `MetricCatalog.motScore` order; nil where a ratio does not apply.
  public var metrics: [MetricValue] {
    let s = mot
    return MetricValue.multiObjectTracking(mot, hota) + [
      MetricValue(.motRecall, s.recall), MetricValue(.motPrecision, s.precision),
      MetricValue(.mostlyTracked, Double(s.mostlyTracked)),
      MetricValue(.partiallyTracked, Double(s.partiallyTracked)),
      MetricValue(.mostlyLost, Double(s.mostlyLost)),
      MetricValue(.uniqueObjects, Double(s.numUniqueObjects)),
      MetricValue(.scoredFrames, Double(s.numFrames)), MetricValue(.truthRows, Double(s.numObjects)),
      MetricValue(.trackRows, Double(s.numPredictions)),
    ]
  }
}

/// Scores sequences of ground truth and tracks (`MOTSequence`) with `MOTAccumulator` and
/// `HOTAAccumulator` under a chosen matching: what `docksim score` computes.
public enum MOTScorer {
  /// The name of the row of all sequences together (py-motmetrics' `generate_overall`).
  public static let overallName = "OVERALL"

  /// Each sequence's metrics, and those of all sequences accumulated as one (counts summed, ratios
  /// recomputed from the sums, IDF1's and HOTA's alignments per sequence), as py-motmetrics'
  /// `generate_overall` and TrackEval's combined sequences.
  public static func score(_ sequences: [MOTSequence], matching: MOTMatching) -> (
    sequences: [MOTScore], overall: MOTScore
  ) {
    var scores: [MOTScore] = []
    var all = Accumulators(matching)
    // Ids and frames of each sequence shifted past the previous one's, keeping their order, so that
    // the overall accumulators see one long sequence whose ids never meet across sequences.
    var objectBase = 0
    var hypothesisBase = 0
    var frameBase = 0
    for sequence in sequences {
      var one = Accumulators(matching)
      for frame in sequence.frames { one.observe(frame) }
      scores.append(MOTScore(name: sequence.name, mot: one.mot.summary(), hota: one.hota.summary()))

      let objectIDs = sequence.frames.flatMap { $0.objects.map(\.id) }
      let hypothesisIDs = sequence.frames.flatMap { $0.hypotheses.map(\.id) }
      let objectShift = objectBase - (objectIDs.min() ?? 0)
      let hypothesisShift = hypothesisBase - (hypothesisIDs.min() ?? 0)
      let frameShift = frameBase - (sequence.frames.first?.frame ?? 0)
      for var frame in sequence.frames {
        frame.frame += frameShift
        for k in frame.objects.indices { frame.objects[k].id += objectShift }
        for k in frame.hypotheses.indices { frame.hypotheses[k].id += hypothesisShift }
        all.observe(frame)
      }
      objectBase += (objectIDs.max() ?? 0) - (objectIDs.min() ?? 0) + 1
      hypothesisBase += (hypothesisIDs.max() ?? 0) - (hypothesisIDs.min() ?? 0) + 1
      frameBase += (sequence.frames.last?.frame ?? 0) - (sequence.frames.first?.frame ?? 0) + 1
    }
    return (scores, MOTScore(name: overallName, mot: all.mot.summary(), hota: all.hota.summary()))
  }

  /// The CLEAR/identity and HOTA accumulators of one matching.
  private struct Accumulators {
    let matching: MOTMatching
    var mot: MOTAccumulator
    var hota: HOTAAccumulator
    private var objectIDs: [Int] = []
    private var hypothesisIDs: [Int] = []
    private var groundTruth: [(id: Int, u: Double, v: Double)] = []
    private var hypotheses: [(id: Int, u: Double, v: Double)] = []

    init(_ matching: MOTMatching) {
      self.matching = matching
      switch matching {
      case .iou(let threshold):
        mot = MOTAccumulator(matchThreshold: threshold)
        hota = HOTAAccumulator()
      case .center(let threshold):
        mot = MOTAccumulator(matchThreshold: threshold)
        hota = HOTAAccumulator(matchThreshold: threshold)
      }
    }

    mutating func observe(_ frame: MOTSequenceFrame) {
      switch matching {
      case .iou:
        objectIDs = frame.objects.map(\.id)
        hypothesisIDs = frame.hypotheses.map(\.id)
        let o = frame.objects
        let h = frame.hypotheses
        mot.observe(frame: frame.frame, objects: objectIDs, hypotheses: hypothesisIDs) { i, j in
          o[i].kind == h[j].kind ? MOTBox.iouDistance(o[i].box, h[j].box) : .nan
        }
        hota.observe(frame: frame.frame, objects: objectIDs, hypotheses: hypothesisIDs) { i, j in
          o[i].kind == h[j].kind ? MOTBox.iou(o[i].box, h[j].box) : 0
        }
      case .center:
        // Through the run's own placement by kind, so that a DockSim run's objects trace scores to the
        // very bits of its summary.csv.
        groundTruth = frame.objects.map(Self.point)
        hypotheses = frame.hypotheses.map(Self.point)
        mot.observe(frame: frame.frame, groundTruth: groundTruth, hypotheses: hypotheses)
        hota.observe(frame: frame.frame, groundTruth: groundTruth, hypotheses: hypotheses)
      }
    }

    private static func point(_ row: MOTRow) -> (id: Int, u: Double, v: Double) {
      guard let kind = row.kind else { return (row.id, row.centerX, row.centerY) }
      let p = TrackingMetrics.motPosition(u: row.centerX, v: row.centerY, kind: kind)
      return (row.id, p.u, p.v)
    }
  }
}

extension MetricValue {
  /// The CLEAR MOT, identity and HOTA figures `summary.csv` and `docksim score` share, in
  /// `MetricCatalog` order: MOTA, MOTP, IDF1, IDP, IDR, HOTA, DetA, AssA, LocA, then the counts of
  /// identity switches, fragmentations, false positives and misses.
  public static func multiObjectTracking(_ s: MOTSummary, _ h: HOTASummary) -> [MetricValue] {
    [
      MetricValue(.mota, s.mota), MetricValue(.motpDistance, s.motp), MetricValue(.idf1, s.idf1),
      MetricValue(.idp, s.idp), MetricValue(.idr, s.idr), MetricValue(.hota, h.hota),
      MetricValue(.detA, h.detA), MetricValue(.assA, h.assA), MetricValue(.locA, h.locA),
      MetricValue(.idSwitches, Double(s.numSwitches)),
      MetricValue(.fragmentations, Double(s.numFragmentations)),
      MetricValue(.motFalsePositives, Double(s.numFalsePositives)),
      MetricValue(.motMisses, Double(s.numMisses)),
    ]
  }
}
