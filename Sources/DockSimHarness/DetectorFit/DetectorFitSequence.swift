import DockSimCore
import DockSimIO
import Foundation

/// One ground-truth box of one frame as the fitter sees it.
public struct FitTruth: Equatable, Sendable {
  /// The track id of the truth file.
  public var id: Int
  /// Normalized image units, lower-left origin, not clipped to the image.
  public var box: NormalizedRect
  /// The part inside the image (what a detector can report); nil when nothing is inside.
  public var clipped: NormalizedRect?
  /// Estimated fraction of the box inside the image and not covered by a nearer truth box, 0…1.
  public var visibleFraction: Double
  /// Estimated bounding box of that visible part (what a detector that boxes only what it sees
  /// reports); nil when nothing is visible.
  public var visibleBox: NormalizedRect?

  /// A truth box whose visible part is `visibleBox`.
  public init(
    id: Int, box: NormalizedRect, clipped: NormalizedRect?, visibleFraction: Double,
    visibleBox: NormalizedRect?
  ) {
    self.id = id
    self.box = box
    self.clipped = clipped
    self.visibleFraction = visibleFraction
    self.visibleBox = visibleBox
  }

  /// A truth box hidden by nothing: its visible part is its part inside the image.
  public init(id: Int, box: NormalizedRect, clipped: NormalizedRect?, visibleFraction: Double) {
    self.init(id: id, box: box, clipped: clipped, visibleFraction: visibleFraction, visibleBox: clipped)
  }
}

/// One detection of one frame: normalized image units, lower-left origin, and its score.
public struct FitDetection: Equatable, Sendable {
  public var box: NormalizedRect
  public var confidence: Double
  public init(box: NormalizedRect, confidence: Double) {
    self.box = box
    self.confidence = confidence
  }
}

/// A MOTChallenge truth file and a detection file of one sequence, in normalized image units with the
/// lower-left origin DockSim uses, frame by frame from the first frame either file names to the last.
public struct DetectorFitSequence: Sendable {
  /// Names the sequence in reports (the truth file's path).
  public var name: String
  /// The MOTChallenge frame number of `truth[0]`.
  public var firstFrame: Int
  /// Per frame: the truth boxes, by increasing id.
  public var truth: [[FitTruth]]
  /// Per frame: the detections, in file order.
  public var detections: [[FitDetection]]
  /// Every id of the truth file, increasing: a box's subject index is its id's position here.
  public var trackIDs: [Int]

  /// More frames than this from the first to the last is not a video sequence (a frame number typed
  /// wrong), and would allocate per frame for nothing: the bound replay reads MOTChallenge files with.
  public static let maximumFrames = MOTDetections.maximumFrames
  /// Samples per side of the visibility lattice, as the scene projector's default: 1/256 resolution.
  static let visibilityGrid = 16

  /// Reads the two files (`MOTChallengeFile`); the truth's ids must be unique per frame, the
  /// detections' are ignored (detectors write −1).
  public init(truthPath: String, detectionsPath: String, imageSize: ImageSize) throws(InputError) {
    let truthText = try MOTChallengeFile.text(path: truthPath)
    let detectionsText = try MOTChallengeFile.text(path: detectionsPath)
    try self.init(
      truthText: truthText, truthFile: truthPath, detectionsText: detectionsText,
      detectionsFile: detectionsPath,
      imageSize: imageSize)
  }

  /// As `init(truthPath:detectionsPath:imageSize:)` from file texts; the file names only name them in
  /// errors.
  public init(
    truthText: String, truthFile: String, detectionsText: String, detectionsFile: String, imageSize: ImageSize
  ) throws(InputError) {
    let truthRows = try MOTChallengeFile.records(truthText, file: truthFile)
    let detectionRows = try MOTChallengeFile.records(detectionsText, file: detectionsFile, uniqueIDs: false)
    try MOTChallengeFile.requireAreas(truthRows, file: truthFile)
    try MOTChallengeFile.requireAreas(detectionRows, file: detectionsFile)
    guard let t0 = truthRows.map(\.frame).min(), let t1 = truthRows.map(\.frame).max() else {
      throw InputError(file: truthFile, message: "no boxes; expected MOTChallenge ground-truth rows")
    }
    guard let d0 = detectionRows.map(\.frame).min(), let d1 = detectionRows.map(\.frame).max() else {
      throw InputError(file: detectionsFile, message: "no boxes; expected MOTChallenge detection rows")
    }
    guard max(t0, d0) <= min(t1, d1) else {
      throw InputError(
        file: detectionsFile,
        message:
          "frames \(d0)…\(d1) do not overlap the truth's \(t0)…\(t1) (\(truthFile)); expected detections of the same sequence"
      )
    }
    let first = min(t0, d0)
    let count = max(t1, d1) - first + 1
    guard count <= Self.maximumFrames else {
      throw InputError(
        file: t1 - t0 >= d1 - d0 ? truthFile : detectionsFile,
        message:
          "frames \(first)…\(first + count - 1) span more than \(Self.maximumFrames) frames; expected one video sequence"
      )
    }
    let normalized = imageSize.normalized
    var boxes = [[(id: Int, box: NormalizedRect)]](repeating: [], count: count)
    for r in truthRows { boxes[r.frame - first].append((r.id, normalized(r.box))) }
    var detections = [[FitDetection]](repeating: [], count: count)
    for r in detectionRows {
      detections[r.frame - first].append(FitDetection(box: normalized(r.box), confidence: r.confidence))
    }
    var truth: [[FitTruth]] = []
    truth.reserveCapacity(count)
    for frame in boxes {
      // Stable by id (ids are unique within a frame), so file order never reaches an output.
      let sorted = frame.sorted { $0.id < $1.id }
      truth.append(Self.withVisibility(sorted))
    }
    self.init(name: truthFile, firstFrame: first, truth: truth, detections: detections)
  }

  /// A sequence from boxes already in normalized units (the simulated side of a fit, tests).
  public init(name: String, firstFrame: Int, truth: [[FitTruth]], detections: [[FitDetection]]) {
    self.name = name
    self.firstFrame = firstFrame
    self.truth = truth
    self.detections = detections
    trackIDs = Array(Set(truth.joined().map(\.id))).sorted()
  }

  /// Truth boxes (id and unclipped normalized box) with their clipped part, visible fraction and the
  /// bounding box of their visible part.
  ///
  /// A box is covered by every box whose bottom edge is lower in the image (nearer the camera on a
  /// ground plane), ties covering neither; the fraction is sampled on a 16×16 lattice as
  /// `SceneProjector` samples its scenes, and the visible part is bounded by the lattice cells of the
  /// visible samples, clipped to the image.
  public static func withVisibility(_ boxes: [(id: Int, box: NormalizedRect)]) -> [FitTruth] {
    let n = visibilityGrid
    return boxes.map { own in
      let b = own.box
      var visible = 0
      var cells = (x0: n, y0: n, x1: -1, y1: -1)
      for iy in 0..<n {
        let v = b.y + (Double(iy) + 0.5) / Double(n) * b.height
        for ix in 0..<n {
          let u = b.x + (Double(ix) + 0.5) / Double(n) * b.width
          guard u >= 0, u <= 1, v >= 0, v <= 1 else { continue }
          let hidden = boxes.contains { other in
            other.box.y < b.y && u >= other.box.x && u <= other.box.x + other.box.width && v >= other.box.y
              && v <= other.box.y + other.box.height
          }
          if !hidden {
            visible += 1
            cells = (min(cells.x0, ix), min(cells.y0, iy), max(cells.x1, ix), max(cells.y1, iy))
          }
        }
      }
      let x0 = max(0, b.x)
      let y0 = max(0, b.y)
      let x1 = min(1, b.x + b.width)
      let y1 = min(1, b.y + b.height)
      let clipped = x1 > x0 && y1 > y0 ? NormalizedRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
      var visibleBox: NormalizedRect?
      if visible > 0, cells == (0, 0, n - 1, n - 1) {
        // Every edge cell shows something: the visible part reaches every edge of the clipped box.
        visibleBox = clipped
      } else if visible > 0, clipped != nil {
        let cell = (width: b.width / Double(n), height: b.height / Double(n))
        let vx0 = max(x0, b.x + Double(cells.x0) * cell.width)
        let vy0 = max(y0, b.y + Double(cells.y0) * cell.height)
        let vx1 = min(x1, b.x + Double(cells.x1 + 1) * cell.width)
        let vy1 = min(y1, b.y + Double(cells.y1 + 1) * cell.height)
        if vx1 > vx0, vy1 > vy0 {
          visibleBox = NormalizedRect(x: vx0, y: vy0, width: vx1 - vx0, height: vy1 - vy0)
        }
      }
      return FitTruth(
        id: own.id, box: b, clipped: clipped, visibleFraction: Double(visible) / Double(n * n),
        visibleBox: visibleBox)
    }
  }

  /// The truth boxes of frame index `k` as the detector model sees them: subject index the id's
  /// position in `trackIDs`, the unclipped box, the bounding box of the visible part.
  public func truthBoxes(frame k: Int) -> [TruthBox] {
    truth[k].map { t in
      let index = trackIDs.firstIndex(of: t.id) ?? 0
      return TruthBox(
        subjectIndex: index, subjectID: String(t.id), kind: .humanBody,
        direction: Direction(azimuth: 0, elevation: 0), depth: 1, angularHeight: 0, centerU: t.box.midX,
        centerV: t.box.midY, box: t.box, visibleFraction: t.visibleFraction, visibleBox: t.visibleBox,
        speaking: false)
    }
  }
}
