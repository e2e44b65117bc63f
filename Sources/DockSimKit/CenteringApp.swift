import Foundation

#if DOCKSIM_APPLE_FRAMEWORKS
  import Spatial
#endif

/// An example app-side tracking loop, as an app with its own controller would write it against
/// DockKit: system tracking off, and every `period` seconds of virtual time it reads the tracking
/// state (standing for the app's own detector — apps never see the truth), commands a proportional
/// angular velocity that moves the most salient subject's box centre to the image centre, and advances.
///
/// Used by the `dock-app-example` executable and by the tests; everything is on the virtual clock.
public struct CenteringApp: Sendable {
  /// How often the app reads and commands, seconds of virtual time.
  public var period: Double
  /// Proportional gain from the subject's angular offset (radians) to the rate command, 1/s.
  public var gain: Double
  /// Largest rate commanded on either axis, rad/s.
  public var maximumRate: Double

  public init(period: Double = 1.0 / 15.0, gain: Double = 4, maximumRate: Double = 2) {
    self.period = period
    self.gain = gain
    self.maximumRate = maximumRate
  }

  /// Runs the loop on `manager` until the scenario's end and returns the run's metrics. The app
  /// sleeps on the manager's clock between steps, at whole multiples of `period` from the start
  /// (integer step count, no drift).
  public func run(_ manager: DockAccessoryManager) async throws -> ScenarioResult {
    let accessory = manager.accessory
    let clock = manager.clock
    try await manager.setSystemTrackingEnabled(false)
    var step: Int64 = 0
    while !manager.isFinished {
      let (yaw, pitch) = command(for: accessory.trackingState, camera: accessory.camera)
      try await accessory.setAngularVelocity(Vector3D(x: pitch, y: yaw, z: 0))
      step += 1
      let next = SimTime(seconds: Double(step) * period)
      do {
        try await clock.sleep(until: SimulationClock.Instant(next))
      } catch is ScenarioEndedError {
        break
      }
    }
    return manager.result
  }

  /// The rate command (yaw, pitch; rad/s, DockKit signs) for a tracking state: zero when nobody is
  /// tracked. Boxes have a **lower-left** origin, so a box above the centre needs a negative pitch
  /// (tilt up) and a box right of it a positive yaw.
  public func command(
    for state: DockAccessory.TrackingState, camera: (horizontalFieldOfView: Double, aspectRatio: Double)
  ) -> (yaw: Double, pitch: Double) {
    guard let subject = state.trackedSubjects.first else { return (0, 0) }
    let tanHalfH = tan(camera.horizontalFieldOfView / 2)
    let tanHalfV = tanHalfH / camera.aspectRatio
    let right = atan(2 * tanHalfH * (subject.rect.midX - 0.5))
    let up = atan(2 * tanHalfV * (subject.rect.midY - 0.5))
    return (clamp(gain * right), clamp(-gain * up))
  }

  private func clamp(_ rate: Double) -> Double { min(max(rate, -maximumRate), maximumRate) }

  /// The app's score line: `framing_error_rms`, `in_frame_ratio` and `api_violations` of `result`,
  /// fixed six decimals, independent of the locale; `nan` for a metric that is absent.
  public static func scoreLine(_ result: ScenarioResult) -> String {
    let keys: [MetricKey] = [.framingErrorRMS, .inFrameRatio, .apiViolations]
    let fields = keys.map { key -> String in
      guard let v = result.metric(key), v.isFinite else { return "\(key.name)=nan" }
      return "\(key.name)=" + String(format: "%.6f", locale: Locale(identifier: "en_US_POSIX"), v)
    }
    return "\(result.name) " + fields.joined(separator: " ")
  }
}
