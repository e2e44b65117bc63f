import DockSimCore
import Testing

/// Measurement noise that grows with the box (`measurement_noise_*_slope`): σ = floor + slope · h at the
/// height the track predicts, in the single filter and the batched one alike.
struct BoxRelativeNoiseTests {
  static let model = MeasurementModel(camera: PinholeCamera(horizontalFOV: 1.2, aspect: 4.0 / 3.0))
  static let pose = CameraPose(yaw: 0.05, pitch: -0.02)
  static let sloped = TrackerParameters(
    measurementNoiseCenter: 0.004, measurementNoiseHeight: 0.006, measurementNoiseCenterSlope: 0.02,
    measurementNoiseHeightSlope: 0.05)
  /// The same floors, constant (slopes 0).
  static let constantNoise = TrackerParameters(
    measurementNoiseCenter: 0.004, measurementNoiseHeight: 0.006, measurementNoiseCenterSlope: 0,
    measurementNoiseHeightSlope: 0)

  /// Measurements of one person 0.3 tall, walking right.
  static func z(_ f: Int) -> (u: Double, v: Double, h: Double) {
    (
      0.3 + 0.004 * Double(f) + 0.003 * Double(f % 3), 0.5 - 0.002 * Double(f % 2),
      0.3 + 0.004 * Double(f % 4)
    )
  }

  @Test func theRuleIsTheFloorPlusTheSlopeTimesThePredictedHeight() {
    let n = Self.sloped.measurementNoise(predictedHeight: 0.5)
    #expect(n.center == 0.004 + 0.02 * 0.5 && n.height == 0.006 + 0.05 * 0.5)
    // A prediction with no usable height measures as a box of height 0: the floor.
    for h in [0, -1, Double.nan, .infinity] {
      #expect(Self.sloped.measurementNoise(predictedHeight: h) == (0.004, 0.006))
    }
    // Slopes 0: constant noise, the filter of the reference fixtures.
    #expect(Self.constantNoise.measurementNoise(predictedHeight: 0.5) == (0.004, 0.006))
    #expect(!Self.constantNoise.measurementNoiseScalesWithBox)
    // The default grows with the box, with these slopes (docs/tracker.md, "Real detections").
    #expect(TrackerParameters() == Self.sloped)
    #expect(TrackerParameters().measurementNoiseScalesWithBox)
  }

  /// With the slopes, one update equals an update with constant noise set to floor + slope · h at the
  /// predicted height: the slope only chooses R.
  @Test func anUpdateIsTheConstantNoiseUpdateAtThePredictedHeight() throws {
    var sloped = ExtendedKalmanFilter(model: Self.model, parameters: Self.sloped)
    sloped.initialize(u: 0.3, v: 0.5, height: 0.3, pose: Self.pose)
    try sloped.predict(dt: 1.0 / 30)
    let s = sloped.state
    let h = Self.model.evaluate(
      azimuth: s.azimuth, elevation: s.elevation, logSize: s.logSize, pose: Self.pose
    ).h
    let noise = Self.sloped.measurementNoise(predictedHeight: h)
    var constant = ExtendedKalmanFilter(
      model: Self.model,
      parameters: TrackerParameters(
        measurementNoiseCenter: noise.center, measurementNoiseHeight: noise.height,
        measurementNoiseCenterSlope: 0, measurementNoiseHeightSlope: 0))
    constant.initialize(u: 0.3, v: 0.5, height: 0.3, pose: Self.pose)
    try constant.predict(dt: 1.0 / 30)
    let a = try sloped.update(u: 0.31, v: 0.49, height: 0.32, pose: Self.pose)
    let b = try constant.update(u: 0.31, v: 0.49, height: 0.32, pose: Self.pose)
    #expect(a == b)
    #expect(sloped.state == constant.state)
    // Larger than the floor alone would give: the noise grew with the box.
    var floor = ExtendedKalmanFilter(model: Self.model, parameters: Self.constantNoise)
    floor.initialize(u: 0.3, v: 0.5, height: 0.3, pose: Self.pose)
    try floor.predict(dt: 1.0 / 30)
    #expect(try floor.update(u: 0.31, v: 0.49, height: 0.32, pose: Self.pose) > a)
  }

  /// The batched filter applies the same rule lane by lane: a bank of tracks of different heights
  /// matches the single filter on each.
  @Test func theBatchedFilterMatchesTheSingleFilter() throws {
    let heights = [0.1, 0.3, 0.6, 0.2, 0.45]
    var bank = BatchedEKF(model: Self.model, parameters: Self.sloped)
    var singles: [ExtendedKalmanFilter] = []
    for (k, h) in heights.enumerated() {
      let u = 0.15 + 0.15 * Double(k)
      bank.append(
        Self.model.initialState(u: u, v: 0.5, h: h, pose: Self.pose),
        standardDeviations: Self.sloped.initialStandardDeviations)
      var f = ExtendedKalmanFilter(model: Self.model, parameters: Self.sloped)
      f.initialize(u: u, v: 0.5, height: h, pose: Self.pose)
      singles.append(f)
    }
    var nis: [Double] = []
    for frame in 1...20 {
      try bank.predictAll(dt: 1.0 / 30)
      var z: [(u: Double, v: Double, h: Double)] = []
      for k in heights.indices {
        let m = (
          u: 0.15 + 0.15 * Double(k) + 0.002 * Double(frame), v: 0.5 + 0.003 * Double(frame % 2),
          h: heights[k] * (1 + 0.02 * Double(frame % 3))
        )
        z.append(m)
        try singles[k].predict(dt: 1.0 / 30)
        _ = try singles[k].update(u: m.u, v: m.v, height: m.h, pose: Self.pose)
      }
      try bank.update(
        indices: Array(heights.indices), measurements: z,
        scales: Array(repeating: .one, count: heights.count),
        anchors: Array(repeating: .center, count: heights.count), pose: Self.pose, nis: &nis)
    }
    for k in heights.indices {
      let a = bank.state(k).components
      let b = singles[k].state.components
      for i in 0..<6 { #expect(abs(a[i] - b[i]) <= 1e-12 * max(1, abs(b[i])), "track \(k) component \(i)") }
    }
  }
}
