import DockSimCore

/// Detections in MOTChallenge's `det.txt` layout as an observation log, for `docksim replay`:
///
///     frame, -1, bb_left, bb_top, bb_width, bb_height, score[, x, y, z]
///
/// (pixels, top-left origin, frames 1-based, no header; read by `MOTChallengeFile`, so its rules for
/// numbers, comments and the 1-pixel shift apply). Every box is a person's body (`humanBody`) with the
/// 7th column as its confidence. A MOTChallenge file carries no camera: the camera is static (yaw and
/// pitch 0), frame `f` is captured at (f − 1)/fps seconds, and every frame from 1 to the last one with
/// a box is a log frame, with or without boxes, so a tracker steps through the gaps as it would have
/// on the video. Log frame numbers are the file's, so written tracks keep its numbering.
public enum MOTDetections {
  /// Whether `text` is a MOTChallenge file rather than a DockSim log: its first line that is neither
  /// blank nor a `#` comment starts with a number (a DockSim log starts with its header). `text` is
  /// as `InputFile` reads it, a leading byte-order mark already dropped.
  public static func isMOTChallenge(_ text: String) -> Bool {
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      guard let c = trimmed.first else { return false }
      return c.isASCII && (c.isNumber || c == "-" || c == "+" || c == ".")
    }
    return false
  }

  /// The most frames a file may span: a day of video at 12 fps; beyond is not one sequence.
  public static let maximumFrames = 1_000_000

  /// The frames of a `det.txt` text; `file` names it in errors.
  ///
  /// - Parameters:
  ///   - imageSize: the video's size in pixels, to normalize the boxes.
  ///   - framesPerSecond: the video's frame rate, > 0.
  public static func frames(_ text: String, file: String, imageSize: ImageSize, framesPerSecond: Double)
    throws(InputError) -> [LoggedFrame]
  {
    let records = try MOTChallengeFile.records(text, file: file, uniqueIDs: false)
    guard let first = records.first else {
      throw InputError(file: file, message: "no boxes; expected MOTChallenge detection rows")
    }
    var last = first.frame
    try MOTChallengeFile.requireAreas(records, file: file)
    var counts: [Int: Int] = [:]  // frame → boxes; looked up only, never iterated
    for r in records {
      guard r.frame <= maximumFrames else {
        throw InputError(
          file: file, line: r.line, field: "frame",
          message: "expected a frame ≤ \(maximumFrames) (one video sequence), got \(r.frame)")
      }
      let n = counts[r.frame, default: 0] + 1
      guard n <= ObservationLog.maximumObservationsPerFrame else {
        throw InputError(
          file: file, line: r.line, field: "frame",
          message:
            "expected at most \(ObservationLog.maximumObservationsPerFrame) boxes a frame, got more in frame \(r.frame)"
        )
      }
      counts[r.frame] = n
      last = max(last, r.frame)
    }
    var frames: [LoggedFrame] = []
    frames.reserveCapacity(last)
    for f in 1...last {
      frames.append(
        LoggedFrame(
          frame: Int64(f), time: Double(f - 1) / framesPerSecond, pose: CameraPose(yaw: 0, pitch: 0),
          observations: []))
    }
    // File order within a frame is kept: it is the detector's, and a tracker may depend on it.
    for r in records {
      frames[r.frame - 1].observations.append(
        Observation(kind: .humanBody, rect: imageSize.normalized(r.box), confidence: r.confidence))
    }
    return frames
  }
}
