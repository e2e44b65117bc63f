/// The CLEAR MOT and identity metrics of a run (see `docs/metrics.md`, "Multi-object tracking
/// metrics"). Counts are of frames or ground-truth/hypothesis rows; distances are in normalized image
/// units. A ratio is nil when its denominator is 0 (not applicable).
public struct MOTSummary: Equatable, Sendable {
  /// Frames observed, including empty ones.
  public var numFrames: Int
  /// Ground-truth rows (object present in a frame).
  public var numObjects: Int
  /// Hypothesis rows (track present in a frame).
  public var numPredictions: Int
  /// Distinct ground-truth ids.
  public var numUniqueObjects: Int
  /// Paired rows: MATCH + SWITCH.
  public var numDetections: Int
  /// MATCH pairs only.
  public var numMatches: Int
  /// SWITCH pairs (identity switches).
  public var numSwitches: Int
  /// Unpaired hypothesis rows (FP).
  public var numFalsePositives: Int
  /// Unpaired ground-truth rows (FN).
  public var numMisses: Int
  /// Changes from matched to missed within each object's first-to-last matched span, summed.
  public var numFragmentations: Int
  /// 1 − (FN + FP + IDSW) / numObjects.
  public var mota: Double?
  /// Mean distance of the MATCH and SWITCH pairs, normalized image units: lower is better. Not the
  /// IoU-style MOTP; written as `motp_distance`.
  public var motp: Double?
  /// 2·IDTP / (numObjects + numPredictions).
  public var idf1: Double?
  /// IDTP / (IDTP + IDFP).
  public var idp: Double?
  /// IDTP / (IDTP + IDFN).
  public var idr: Double?
  /// Identity true positives: the largest total co-occurrence of a one-to-one object-to-track map.
  public var idtp: Int
  /// numPredictions − IDTP.
  public var idfp: Int
  /// numObjects − IDTP.
  public var idfn: Int
  /// numDetections / numPredictions.
  public var precision: Double?
  /// numDetections / numObjects.
  public var recall: Double?
  /// Objects paired in at least 80 % of their rows.
  public var mostlyTracked: Int
  /// Objects paired in at least 20 % and less than 80 % of their rows.
  public var partiallyTracked: Int
  /// Objects paired in less than 20 % of their rows.
  public var mostlyLost: Int

  /// The metrics as named results, in this order, named as in `docs/metrics.md` (the py-motmetrics
  /// names, except `motp_distance`).
  public var metricValues: [MetricValue] {
    [
      MetricValue(MetricKey("num_frames"), Double(numFrames)),
      MetricValue(MetricKey("num_objects"), Double(numObjects)),
      MetricValue(MetricKey("num_predictions"), Double(numPredictions)),
      MetricValue(MetricKey("num_unique_objects"), Double(numUniqueObjects)),
      MetricValue(MetricKey("num_detections"), Double(numDetections)),
      MetricValue(MetricKey("num_matches"), Double(numMatches)),
      MetricValue(MetricKey("num_switches"), Double(numSwitches)),
      MetricValue(MetricKey("num_false_positives"), Double(numFalsePositives)),
      MetricValue(MetricKey("num_misses"), Double(numMisses)),
      MetricValue(MetricKey("num_fragmentations"), Double(numFragmentations)),
      MetricValue(.mota, mota),
      MetricValue(.motpDistance, motp),
      MetricValue(.idf1, idf1),
      MetricValue(.idp, idp),
      MetricValue(.idr, idr),
      MetricValue(MetricKey("idtp"), Double(idtp)),
      MetricValue(MetricKey("idfp"), Double(idfp)),
      MetricValue(MetricKey("idfn"), Double(idfn)),
      MetricValue(MetricKey("precision"), precision),
      MetricValue(MetricKey("recall"), recall),
      MetricValue(MetricKey("mostly_tracked"), Double(mostlyTracked)),
      MetricValue(MetricKey("partially_tracked"), Double(partiallyTracked)),
      MetricValue(MetricKey("mostly_lost"), Double(mostlyLost)),
    ]
  }
}
