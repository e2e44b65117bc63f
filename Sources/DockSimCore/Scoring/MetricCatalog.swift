/// The one list of metrics: every built-in run reports `scenario`'s keys in this order (the columns of
/// `summary.csv`), and recorded-log scoring reports `recordedLog`'s. Tables, the gate's tolerance
/// file, expectations, tuning objectives and the report all take their metrics from here.
public enum MetricCatalog {
  /// The metrics of a scenario run, in `summary.csv` column order.
  public static let scenario: [MetricKey] = [
    .framingErrorRMS, .framingErrorP95, .framingErrorMax, .inFrameRatio,
    .estimationErrorRMS, .cameraLag, .commandAccelRMS,
    .speedCapViolations, .speedCapViolationSeconds, .positionLimitViolations, .positionLimitViolationSeconds,
    .mota, .motpDistance, .idf1, .idp, .idr, .hota, .detA, .assA, .locA, .idSwitches, .fragmentations,
    .motFalsePositives, .motMisses,
    .primarySwitches, .wrongSubjectSeconds, .wrongSubjectLongest, .primaryOnNobodySeconds,
    .primaryOnNobodyLongest, .noPrimaryVisibleSeconds,
    .outOfFrameSeconds,
    .outOfFrameLongest, .reacquisitions, .reacquisitionTimeMean, .reacquisitionTimeMax,
    .neesMean, .nisMean,
    .apiViolations, .apiRateViolations, .motionCallRateViolations, .trackRateViolations,
    .framingChanges, .timeToFrameMean, .timeToFrameMax, .timeToFrameUnfinished,
    .orientationMoves, .orientationFinalErrorMax, .orientationDurationErrorMax,
    .animations, .animationAmplitudeErrorMax, .animationDurationErrorMax,
  ]

  /// The metrics of a recorded log replayed in a tuning (`docs/tuning.md`), after the scenario ones.
  public static let recordedLog: [MetricKey] = [.logErrorRMS, .logCoverage, .logNISMean, .logNISConsistency]

  /// The metrics that count events (or objects, frames and rows, in `docksim score`): whole numbers per run, means over seeds in a repeated scenario's
  /// row, never negative (other metrics may be: MOTA, the camera lag). Read back as numbers ≥ 0.
  public static let counts: Set<MetricKey> = [
    .speedCapViolations, .positionLimitViolations, .idSwitches, .fragmentations, .motFalsePositives,
    .motMisses, .primarySwitches, .reacquisitions, .apiViolations, .apiRateViolations,
    .motionCallRateViolations, .trackRateViolations, .framingChanges, .timeToFrameUnfinished,
    .orientationMoves, .animations,
    // `docksim score`'s own counts.
    .mostlyTracked, .partiallyTracked, .mostlyLost, .uniqueObjects, .scoredFrames, .truthRows, .trackRows,
  ]

  /// The column names of `scenario`, in order.
  public static let names = scenario.map(\.name)

  /// Every metric an expectation, a tolerance or a tuning objective may name.
  public static let all = scenario + recordedLog

  /// The key named `name` (a `summary.csv` column or a recorded-log metric), if there is one.
  public static func key(named name: String) -> MetricKey? { all.first { $0.name == name } }
}
