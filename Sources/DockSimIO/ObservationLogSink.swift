import DockSimCore
import Foundation

/// Streams `traces/<scenario>.observations.csv`: what the simulated phone's detector reported in every
/// frame its tracker processed, as an observation log (`ObservationLog`, docs/csv.md) — the capture
/// time, the camera pose the tracker was given for that capture (the sensors' estimate at delivery,
/// `FrameRecord.measuredPose`) and every box with its score, in the detector's order. `docksim replay`
/// reads it back, so another tracker, or the same one with other parameters, runs on exactly the
/// input the run's tracker had.
///
/// A capture is delivered `latency_frames` later, with the pose then known for its instant: each
/// capture waits here until its delivery, and the last captures, never delivered, are not written.
public struct ObservationLogSink: CommittableSink {
  private let writer: AtomicFileWriter
  private var row = CSVRow()
  /// Captures not yet delivered, oldest first: frame, capture time (s), the detector's boxes.
  private var pending: [(frame: Int64, time: Double, observations: [Observation])] = []

  public init(path: String) throws {
    writer = try AtomicFileWriter(path: path)
    try writer.write(CSVFormat.line(ObservationLog.columns + [ObservationLog.scoreColumn]))
  }

  public mutating func write(_ r: FrameRecord) throws {
    pending.append((r.frame, r.time.seconds, r.observations))
    // Deliveries come in capture order, one a frame once the first has arrived.
    guard let pose = r.measuredPose else { return }
    let (frame, time, observations) = pending.removeFirst()
    if observations.isEmpty {
      // A frame without boxes still has its time and pose: one row with the box cells empty.
      start(frame, time, pose)
      for _ in 0..<6 { row.add(raw: "") }
      row.end()
      try writer.write(bytes: row.bytes)
      return
    }
    for o in observations {
      start(frame, time, pose)
      row.add(raw: o.kind.rawValue)
      row.add(o.rect.midX)
      row.add(o.rect.midY)
      row.add(o.rect.width)
      row.add(o.rect.height)
      row.add(o.confidence)
      row.end()
      try writer.write(bytes: row.bytes)
    }
  }

  private mutating func start(_ frame: Int64, _ time: Double, _ pose: CameraPose) {
    row.reset()
    row.add(frame)
    row.add(time)
    row.add(pose.yaw)
    row.add(pose.pitch)
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
