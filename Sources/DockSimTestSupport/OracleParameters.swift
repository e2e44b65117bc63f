import DockSimCore

extension Fixtures {
  /// The reference fixtures' noise model (`Tests/Fixtures/README.md`): q = 0.5 for the angles, constant
  /// measurement noise (no growth with the box: the fixtures' detector has none), the rest default.
  public static var oracleTrackerParameters: TrackerParameters {
    var p = TrackerParameters()
    p.processNoiseAngle = 0.5
    p.measurementNoiseCenterSlope = 0
    p.measurementNoiseHeightSlope = 0
    return p
  }
}
