/// Everything that happened in one camera frame, for traces and scoring.
///
/// Angles in radians (DockKit signs for the camera: yaw right, pitch down; elevation up), image values
/// normalized with a lower-left origin. Optional values are absent when not applicable (no
/// observation, no track).
public struct FrameRecord: Sendable {
  public var frame: Int64
  public var time: SimTime
  /// The primary subject's true direction and image position at this frame.
  public var truth: SubjectProjection?
  /// The observation of the primary subject captured this frame (nil if missed).
  public var observation: Observation?
  /// The estimate delivered this frame (from the frame captured `latency` frames earlier).
  public var estimate: Track?
  /// The truth at the estimate's capture time.
  public var truthAtEstimate: SubjectProjection?
  /// True camera pose at this frame.
  public var camera: CameraPose
  /// Measured angular velocity of the axes, rad/s.
  public var cameraVelocity: AxisPair<Double>
  /// The command the controller issued this frame.
  public var command: DockCommand
  /// Distance of the primary subject from the framing target, normalized image units, capped at 1.
  public var framingError: Double

  public init(
    frame: Int64, time: SimTime, truth: SubjectProjection?, observation: Observation?, estimate: Track?,
    truthAtEstimate: SubjectProjection?, camera: CameraPose, cameraVelocity: AxisPair<Double>,
    command: DockCommand, framingError: Double
  ) {
    self.frame = frame
    self.time = time
    self.truth = truth
    self.observation = observation
    self.estimate = estimate
    self.truthAtEstimate = truthAtEstimate
    self.camera = camera
    self.cameraVelocity = cameraVelocity
    self.command = command
    self.framingError = framingError
  }
}

/// Receives frame records as the run produces them (a CSV writer, a plot, a test). Streaming keeps
/// memory flat however long the scenario.
public protocol TraceSink {
  mutating func write(_ record: FrameRecord) throws
}
