/// Parameters of the built-in centre-framing controller.
public struct ControllerParameters: Equatable, Sendable {
  /// Proportional gain from pointing error (rad) to velocity (rad/s), 1/s.
  public var gain: Double
  /// Largest change of the commanded velocity per second, rad/s².
  public var maximumAcceleration: Double
  /// Add the subject's estimated angular rate to the command.
  public var feedforward: Bool
  /// How far ahead of the estimate's capture time to aim, on top of the age of the estimate: the
  /// command latency the controller compensates (seconds). Zero disables latency compensation.
  public var lookahead: Double
  /// Pointing errors below this (rad) produce no feedback, so the stand does not hunt on noise.
  public var deadband: Double
  /// Keep the pitch target this far (rad) inside the position range.
  public var limitMargin: Double
  /// Frames of coasting (no measurement) over which the command fades to rest: the stand stops
  /// chasing a prediction nobody has confirmed.
  public var coastFadeFrames: Int

  public init(
    gain: Double = 4, maximumAcceleration: Double = 8, feedforward: Bool = true,
    lookahead: Double = 0.02, deadband: Double = 0.003, limitMargin: Double = 0.02,
    coastFadeFrames: Int = 10
  ) {
    self.gain = gain
    self.maximumAcceleration = maximumAcceleration
    self.feedforward = feedforward
    self.lookahead = lookahead
    self.deadband = deadband
    self.limitMargin = limitMargin
    self.coastFadeFrames = coastFadeFrames
  }
}
