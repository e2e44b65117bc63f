import Foundation
import Testing

/// `docksim score` on boxes at the edges of what it reads: huge but finite boxes, and rows with a
/// negative width or height, which py-motmetrics reads and `score` promises to read alike.
struct ScoreRobustnessTests {
  static func score(truth: String, tracks: String) throws -> (
    status: Int32, row: [String: String], stderr: String
  ) {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let gt = tmp.appendingPathComponent("gt.txt")
    let t = tmp.appendingPathComponent("t.txt")
    try truth.write(to: gt, atomically: true, encoding: .utf8)
    try tracks.write(to: t, atomically: true, encoding: .utf8)
    let r = try CLI.run(["score", "--truth", gt.path, "--tracks", t.path])
    let (header, rows) = CLI.table(r.stdout)
    let overall = rows.first { $0.first == "OVERALL" } ?? []
    return (r.status, Dictionary(uniqueKeysWithValues: zip(header, overall)), r.stderr)
  }

  /// Two identical files of boxes 1e300 wide: every box is matched to its twin (the areas, 1e600,
  /// overflowed and made every IoU 0, so MOTA was −1).
  @Test func identicalHugeBoxesMatchPerfectly() throws {
    let rows = "1,1,1,1,1e300,2e300,1\n1,2,-1e308,5,1.7e308,1e308,1\n2,1,1e300,1,1e300,1e300,1\n"
    let r = try Self.score(truth: rows, tracks: rows)
    #expect(r.status == 0, "\(r.stderr)")
    for (name, value) in [("mota", 1.0), ("mot_misses", 0), ("mot_false_positives", 0), ("motp_distance", 0)]
    {
      #expect(r.row[name].flatMap(Double.init) == value, "\(name) in \(r.row)")
    }
  }

  /// Huge boxes that overlap by a known share: the track is shifted by a fifth of its width, so the
  /// IoU is 0.8 / (2 − 0.8) = 2/3 in exact arithmetic and the pair matches at distance 1/3 (the areas
  /// overflowed and the distance was 1: no match).
  @Test func hugeOverlappingBoxesGetTheirIoU() throws {
    let truth = "1,1,1,1,1e308,1e308,1\n"
    let tracks = "1,1,2e307,1,1e308,1e308,1\n"
    let r = try Self.score(truth: truth, tracks: tracks)
    #expect(r.status == 0, "\(r.stderr)")
    let motp = try #require(r.row["motp_distance"].flatMap(Double.init))
    #expect(abs(motp - 1.0 / 3.0) < 1e-12, "\(r.row)")
    #expect(r.row["mota"].flatMap(Double.init) == 1, "\(r.row)")
  }

  /// Rows with a negative width or height are read, as py-motmetrics 1.4.0 reads them, and such a box
  /// overlaps nothing (its maximum corner is below its minimum, so `boxiou`'s intersection is 0): a
  /// truth box of that kind is a miss, a track box a false positive. The figures are py-motmetrics
  /// 1.4.0's for these two files, obtained with
  /// `mm.utils.compare_to_groundtruth(mm.io.loadtxt(gt, fmt='mot15-2D'), mm.io.loadtxt(t,
  /// fmt='mot15-2D'), 'iou', distth=0.5)` and `mh.compute(acc, metrics=[…])`, printed with repr.
  @Test func negativeSizesAreReadAsPyMotmetricsReadsThem() throws {
    let truth = """
      1,1,10,10,20,40,1,-1,-1,-1
      1,2,100,10,-20,40,1,-1,-1,-1
      2,1,12,10,20,40,1,-1,-1,-1
      2,2,100,10,20,40,1,-1,-1,-1
      3,1,14,10,20,-40,1,-1,-1,-1
      3,2,102,10,20,40,1,-1,-1,-1

      """
    let tracks = """
      1,1,10,10,20,40,1,-1,-1,-1
      1,2,100,10,20,40,1,-1,-1,-1
      1,3,50,50,-5,10,1,-1,-1,-1
      2,1,12,10,20,40,1,-1,-1,-1
      2,2,101,10,20,40,1,-1,-1,-1
      3,1,14,10,20,40,1,-1,-1,-1
      3,2,102,10,-20,40,1,-1,-1,-1

      """
    let r = try Self.score(truth: truth, tracks: tracks)
    #expect(r.status == 0, "\(r.stderr)")
    // py-motmetrics 1.4.0: mota -0.16666666666666674, motp 0.031746031746031744, idf1
    // 0.46153846153846156, num_false_positives 4, num_misses 3, num_switches 0, recall 0.5,
    // precision 0.42857142857142855.
    let expected: [(String, Double)] = [
      ("mota", -0.16666666666666674), ("motp_distance", 0.031746031746031744), ("idf1", 0.46153846153846156),
      ("mot_false_positives", 4), ("mot_misses", 3), ("id_switches", 0), ("mot_recall", 0.5),
      ("mot_precision", 0.42857142857142855),
    ]
    for (name, value) in expected {
      let got = try #require(r.row[name].flatMap(Double.init), "\(name) in \(r.row)")
      #expect(abs(got - value) <= 1e-15, "\(name): \(got), py-motmetrics \(value)")
    }
  }
}
