/// One detection in one camera frame, as a detector reports it: **no identity**.
public struct Observation: Equatable, Sendable {
  public var kind: SubjectKind
  /// Normalized box, lower-left origin.
  public var rect: NormalizedRect
  /// Detector confidence in [0, 1].
  public var confidence: Double
  /// For faces: how likely the person is speaking, 0…1 (DockKit's `speakingConfidence`); nil if unknown.
  public var speakingConfidence: Double?
  public init(
    kind: SubjectKind, rect: NormalizedRect, confidence: Double = 1, speakingConfidence: Double? = nil
  ) {
    self.kind = kind
    self.rect = rect
    self.confidence = confidence
    self.speakingConfidence = speakingConfidence
  }
}

/// The detections of one captured frame, delivered after the inference latency, with the camera pose
/// the phone measured at the capture instant.
public struct ObservationBatch: Equatable, Sendable {
  /// Index of the captured frame.
  public var frame: Int64
  /// When the frame was captured.
  public var captureTime: SimTime
  /// The measured (encoder) camera pose at capture time.
  public var cameraPose: CameraPose
  public var observations: [Observation]
  public init(frame: Int64, captureTime: SimTime, cameraPose: CameraPose, observations: [Observation]) {
    self.frame = frame
    self.captureTime = captureTime
    self.cameraPose = cameraPose
    self.observations = observations
  }
}
