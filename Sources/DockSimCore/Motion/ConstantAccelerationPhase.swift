/// One piece of an axis trajectory: constant acceleration from `start` until the next phase starts.
///
/// The polynomial is written about an anchor instant that may lie at either end of the phase, so that a
/// deceleration phase anchored at the stroke's end lands on the target exactly rather than on the
/// rounding error accumulated from the start.
struct ConstantAccelerationPhase: Equatable, Sendable {
  /// When the phase starts, seconds from the plan's start.
  var start: Double
  /// The instant the polynomial is written about, seconds.
  var anchorTime: Double
  /// Position at `anchorTime`, radians.
  var anchorPosition: Double
  /// Velocity at `anchorTime`, rad/s.
  var anchorVelocity: Double
  /// Constant acceleration, rad/s².
  var acceleration: Double
  /// Position at `start`, radians, cached for the path length.
  var startPosition: Double = 0
  /// Angle travelled by the axis before `start`, radians.
  var travelledBefore: Double = 0

  func position(at t: Double) -> Double {
    let tau = t - anchorTime
    return anchorPosition + (anchorVelocity + 0.5 * acceleration * tau) * tau
  }

  func velocity(at t: Double) -> Double { anchorVelocity + acceleration * (t - anchorTime) }

  /// Angle travelled since the plan's start. Exact because every phase is planned so that its velocity
  /// keeps one sign (a stroke accelerates from rest, cruises and stops; braking stops).
  func travelled(at t: Double) -> Double { travelledBefore + abs(position(at: t) - startPosition) }
}
