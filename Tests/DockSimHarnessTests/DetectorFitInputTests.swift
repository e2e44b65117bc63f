import DockSimCore
import DockSimHarness
import DockSimIO
import Testing

/// The fitter's inputs: MOTChallenge truth and detections to normalized boxes with visibility, the
/// matching, and every bad input named by file, line and field.
struct DetectorFitInputTests {
  static let image = ImageSize(width: 640, height: 480)!
  static let truth =
    "1,1,101,101,100,200,1,-1,-1,-1\n1,2,151,151,100,200,1,-1,-1,-1\n2,1,101,101,100,200,1,-1,-1,-1\n"
  static let detections = "1,-1,101,101,100,200,0.9,-1,-1,-1\n1,-1,301,1,50,50,0.6,-1,-1,-1\n"

  static func sequence(truth: String = truth, detections: String = detections, image: ImageSize = image)
    throws
    -> DetectorFitSequence
  {
    try DetectorFitSequence(
      truthText: truth, truthFile: "gt.txt", detectionsText: detections, detectionsFile: "det.txt",
      imageSize: image)
  }

  @Test func pixelsTopLeftBecomeNormalizedLowerLeft() throws {
    let s = try Self.sequence()
    #expect(s.firstFrame == 1 && s.truth.count == 2 && s.trackIDs == [1, 2])
    let box = s.truth[0][0].box
    // bb_left 101 → 100 (0-based), top 100, 100×200 px of 640×480: the bottom edge at 300 px from the top.
    #expect(
      box == NormalizedRect(x: 100.0 / 640, y: 1 - 300.0 / 480, width: 100.0 / 640, height: 200.0 / 480))
    #expect(s.detections[0].map(\.confidence) == [0.9, 0.6] && s.detections[1].isEmpty)
  }

  /// Box 2's bottom edge is lower (nearer): it hides the lower right of box 1 and nothing hides it.
  @Test func visibilityCountsNearerBoxesAndTheImageEdge() {
    let a = NormalizedRect(x: 0.2, y: 0.3, width: 0.2, height: 0.4)
    let b = NormalizedRect(x: 0.3, y: 0.1, width: 0.2, height: 0.4)
    let outside = NormalizedRect(x: -0.1, y: 0.5, width: 0.2, height: 0.2)
    let hidden = NormalizedRect(x: 0.35, y: 0.2, width: 0.1, height: 0.2)
    let v = DetectorFitSequence.withVisibility([(1, a), (2, b), (3, outside), (4, hidden)])
    #expect(v[1].visibleFraction == 1)
    #expect(v[0].visibleFraction == 0.75, "its lower right quarter is behind box 2")
    #expect(v[2].visibleFraction == 0.5)
    let clipped = v[2].clipped
    #expect(clipped?.x == 0 && clipped?.y == 0.5 && abs((clipped?.width ?? 0) - 0.1) < 1e-12)
    #expect(abs((clipped?.height ?? 0) - 0.2) < 1e-12)
    #expect(v[3].visibleFraction == 0, "entirely inside the nearer box 2")
    #expect(v[3].visibleBox == nil)
    #expect(v[1].visibleBox == b)
    #expect(v[0].visibleBox == v[0].clipped, "an L-shaped visible part still reaches every edge")
    #expect(v[2].visibleBox == clipped, "the image edge cuts the visible part as the box")
    // A box whose left three quarters are behind a nearer, taller one: its visible part is the right
    // quarter, to the lattice's cell.
    let far = NormalizedRect(x: 0.6, y: 0.4, width: 0.16, height: 0.32)
    let near = NormalizedRect(x: 0.5, y: 0.2, width: 0.22, height: 0.6)
    let cut = DetectorFitSequence.withVisibility([(1, far), (2, near)])[0]
    #expect(cut.visibleFraction == 0.25)
    let part = cut.visibleBox
    #expect(abs((part?.x ?? 0) - 0.72) < 1e-12 && abs((part?.width ?? 0) - 0.04) < 1e-12)
    #expect(abs((part?.y ?? 0) - far.y) < 1e-12 && abs((part?.height ?? 0) - far.height) < 1e-12)
  }

  /// Greedy by IoU; a detection goes to one truth box only, equal overlaps to the lower indices.
  @Test func matchingIsOneToOneAndBreaksTiesByOrder() {
    let t = NormalizedRect(x: 0.1, y: 0.1, width: 0.2, height: 0.4)
    let truth = [
      FitTruth(id: 1, box: t, clipped: t, visibleFraction: 1),
      FitTruth(id: 2, box: t, clipped: t, visibleFraction: 1),
    ]
    let d = FitDetection(box: t, confidence: 1)
    #expect(DetectorFitMatching.match(truth: truth, detections: [d]) == [0, nil])
    #expect(DetectorFitMatching.match(truth: truth, detections: [d, d]) == [0, 1])
    let shifted = FitDetection(box: NormalizedRect(x: 0.2, y: 0.1, width: 0.2, height: 0.4), confidence: 1)
    #expect(DetectorFitMatching.match(truth: [truth[0]], detections: [shifted]) == [nil], "IoU 1/3 < 0.5")
  }

  @Test(arguments: ["640x480", "640X480", "1x1"])
  func imageSizesParse(_ text: String) {
    #expect(ImageSize(text) != nil)
  }

  @Test(arguments: [
    "", "640", "640x", "x480", "640*480", "0x480", "640x0", "640x480x3", "-640x480", "640 x 480",
    "６４０x480", "100001x480", "640.5x480",
  ])
  func malformedImageSizesAreRefused(_ text: String) {
    #expect(ImageSize(text) == nil)
  }

  /// Each bad input and where its error must point.
  static let bad:
    [(truth: String, detections: String, file: String, line: Int?, field: String?, says: String)] = [
      ("1,1,1,1,10,10\n", detections, "gt.txt", 1, nil, "expected 7 to 10 cells, got 6"),
      (truth, "1,-1,1,1,10,10,0.5,-1,-1,-1,7\n", "det.txt", 1, nil, "expected 7 to 10 cells, got 11"),
      (truth, "1,-1,nan,1,10,10,0.5\n", "det.txt", 1, "bb_left", "expected a finite number"),
      (truth, "1,-1,1,1,10,inf,0.5\n", "det.txt", 1, "bb_height", "expected a finite number"),
      ("1,1,1,1,10,10,1\n1,1,5,5,10,10,1\n", detections, "gt.txt", 2, "id", "id 1 listed twice in frame 1"),
      ("1,1,1,1,10,0,1\n", detections, "gt.txt", 1, "bb_height", "expected a number > 0"),
      (truth, "1,-1,1,1,0,10,0.5\n", "det.txt", 1, "bb_width", "expected a number > 0"),
      ("0,1,1,1,10,10,1\n", detections, "gt.txt", 1, "frame", "expected a whole number ≥ 1"),
      (truth, "9,-1,1,1,10,10,0.5\n", "det.txt", nil, nil, "do not overlap the truth's 1…2"),
      ("# only a comment\n", detections, "gt.txt", nil, nil, "no boxes"),
      (truth, "", "det.txt", nil, nil, "no boxes"),
      (truth, "2000000,-1,1,1,10,10,0.5\n", "det.txt", nil, nil, "do not overlap"),
      (
        "1,1,1,1,10,10,1\n2000000,1,1,1,10,10,1\n", detections, "gt.txt", nil, nil,
        "span more than 1000000 frames"
      ),
    ]

  @Test(arguments: bad.indices)
  func badInputsAreNamed(_ k: Int) {
    let b = Self.bad[k]
    let error = #expect(throws: InputError.self) {
      try Self.sequence(truth: b.truth, detections: b.detections)
    }
    #expect(error?.file == b.file, "\(String(describing: error))")
    #expect(error?.line == b.line, "\(String(describing: error))")
    #expect(error?.field == b.field, "\(String(describing: error))")
    #expect(error?.message.contains(b.says) == true, "\(String(describing: error))")
  }

  @Test func aMissingFileIsNamed() {
    let error = #expect(throws: InputError.self) {
      try DetectorFitSequence(
        truthPath: "/nonexistent/gt.txt", detectionsPath: "det.txt", imageSize: Self.image)
    }
    #expect(error?.file == "/nonexistent/gt.txt")
  }
}
