/// A receiver of delivered sensor samples: `CameraPoseEstimator`, or a recorder in tests and logs.
public protocol PoseSampleSink {
  /// An encoder sample whose delivery time has come.
  mutating func receive(_ sample: EncoderSample)
  /// A gyroscope sample whose delivery time has come.
  mutating func receive(_ sample: GyroSample)
}
