/// Which sensors `CameraPoseEstimator` uses to bridge the gap between the newest delivered encoder
/// sample and a frame's capture time.
public enum PoseEstimatorMode: String, Equatable, Sendable, CaseIterable {
  /// Encoders only: extrapolate with the velocity differenced from the last encoder samples. The
  /// gyroscope is ignored and no bias is learned.
  case encoders
  /// Encoders for the absolute angle, the bias-corrected gyroscope for the motion since the newest
  /// encoder sample (DockKit-like sensor fusion).
  case encodersAndGyro
}
