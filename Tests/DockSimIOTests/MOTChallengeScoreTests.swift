import DockSimCore
import DockSimTestSupport
import Foundation
import Testing

@testable import DockSimIO

/// `docksim score`'s library path on py-motmetrics' own published example (TUD-Campus,
/// TUD-Stadtmitte, IoU at 0.5): the figures must equal theirs, and HOTA TrackEval's.
struct MOTChallengeScoreTests {
  static let directory = Fixtures.directory.appendingPathComponent("motchallenge")

  static func sequence(_ name: String) throws -> MOTSequence {
    let base = directory.appendingPathComponent(name)
    return MOTSequence(
      name: name, objects: try MOTChallengeFile.read(path: base.appendingPathComponent("gt.txt").path),
      hypotheses: try MOTChallengeFile.read(path: base.appendingPathComponent("test.txt").path))
  }

  /// py-motmetrics 1.4.0 `test_motchallenge_files`' expected table, as published (6 decimals):
  /// idf1, idp, idr, recall, precision, then counts num_unique_objects, mostly_tracked,
  /// partially_tracked, mostly_lost, num_false_positives, num_misses, num_switches,
  /// num_fragmentations, then mota, motp.
  static let published: [String: (ratios: [Double], counts: [Int], mota: Double, motp: Double)] = [
    "TUD-Campus": (
      [0.557659, 0.729730, 0.451253, 0.582173, 0.941441], [8, 1, 6, 1, 13, 150, 7, 7], 0.526462, 0.277201
    ),
    "TUD-Stadtmitte": (
      [0.644619, 0.819760, 0.531142, 0.608997, 0.939920], [10, 5, 4, 1, 45, 452, 7, 6], 0.564014, 0.345904
    ),
    "OVERALL": (
      [0.624296, 0.799176, 0.512211, 0.602640, 0.940268], [18, 6, 10, 2, 58, 602, 14, 13], 0.555116, 0.330177
    ),
  ]

  /// The same call at full precision (py-motmetrics 1.4.0), and TrackEval 1.3.0's HOTA, DetA, AssA,
  /// LocA (Fixtures/motchallenge/README.md says how they were obtained).
  static let fullPrecision: [String: [String: Double]] = [
    "TUD-Campus": [
      "mota": 0.5264623955431755, "motp": 0.2772010846394618, "idf1": 0.5576592082616179,
      "idp": 0.7297297297297297, "idr": 0.45125348189415043, "recall": 0.5821727019498607,
      "precision": 0.9414414414414415, "hota": 0.3913974378451139, "deta": 0.418047030142763,
      "assa": 0.36912068120832836, "loca": 0.770052227022172,
      "frames": 71, "truth_rows": 359, "track_rows": 222, "matches": 202, "idtp": 162,
    ],
    "TUD-Stadtmitte": [
      "mota": 0.5640138408304498, "motp": 0.34590429554400914, "idf1": 0.6446194225721785,
      "idp": 0.8197596795727636, "idr": 0.5311418685121108, "recall": 0.6089965397923875,
      "precision": 0.9399198931909212, "hota": 0.3978490169927877, "deta": 0.3922675723693166,
      "assa": 0.4088407518112996, "loca": 0.737521177178062,
      "frames": 179, "truth_rows": 1156, "track_rows": 749, "matches": 697, "idtp": 614,
    ],
    "OVERALL": [
      "mota": 0.5551155115511551, "motp": 0.33017705449357054, "idf1": 0.6242960579243765,
      "idp": 0.7991761071060762, "idr": 0.5122112211221123, "recall": 0.6026402640264027,
      "precision": 0.9402677651905252, "hota": 0.3999570912884786, "deta": 0.3976832912424188,
      "assa": 0.4124495298453543, "loca": 0.7324802580659768,
      "frames": 250, "truth_rows": 1515, "track_rows": 971, "matches": 899, "idtp": 776,
    ],
  ]

  static func scores() throws -> [MOTScore] {
    let (each, overall) = MOTScorer.score(
      [try sequence("TUD-Campus"), try sequence("TUD-Stadtmitte")], matching: .iou(threshold: 0.5))
    return each + [overall]
  }

  @Test func tudSequencesEqualPyMotmetricsPublishedTable() throws {
    let scores = try Self.scores()
    #expect(scores.map(\.name) == ["TUD-Campus", "TUD-Stadtmitte", "OVERALL"])
    for score in scores {
      let want = try #require(Self.published[score.name])
      let s = score.mot
      let ratios = [s.idf1, s.idp, s.idr, s.recall, s.precision].map { $0 ?? .nan }
      for (got, expected) in zip(ratios, want.ratios) {
        #expect(abs(got - expected) <= 5e-7, "\(score.name): \(got) vs published \(expected)")
      }
      let counts = [
        s.numUniqueObjects, s.mostlyTracked, s.partiallyTracked, s.mostlyLost, s.numFalsePositives,
        s.numMisses, s.numSwitches, s.numFragmentations,
      ]
      #expect(counts == want.counts, "\(score.name)")
      #expect(abs((s.mota ?? .nan) - want.mota) <= 5e-7, "\(score.name) mota")
      #expect(abs((s.motp ?? .nan) - want.motp) <= 5e-7, "\(score.name) motp")
    }
  }

  @Test func tudSequencesEqualTheReferencesAtFullPrecision() throws {
    for score in try Self.scores() {
      let want = try #require(Self.fullPrecision[score.name])
      let s = score.mot
      let h = score.hota
      let got: [String: Double?] = [
        "mota": s.mota, "motp": s.motp, "idf1": s.idf1, "idp": s.idp, "idr": s.idr, "recall": s.recall,
        "precision": s.precision, "hota": h.hota, "deta": h.detA, "assa": h.assA, "loca": h.locA,
        "frames": Double(s.numFrames), "truth_rows": Double(s.numObjects),
        "track_rows": Double(s.numPredictions), "matches": Double(s.numMatches), "idtp": Double(s.idtp),
      ]
      #expect(Set(got.keys) == Set(want.keys))
      for key in want.keys.sorted() {
        let value = try #require(got[key] ?? nil, "\(score.name) \(key) is nil")
        #expect(abs(value - want[key]!) <= 1e-12, "\(score.name) \(key): \(value) vs \(want[key]!)")
      }
    }
  }

  @Test func theTableHasTheSummaryColumnNamesAndOneRowPerSequence() throws {
    let text = MOTScoreTable.csv(try Self.scores())
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    let header = lines[0].split(separator: ",").map(String.init)
    #expect(header.first == "sequence")
    // Every multi-object column of summary.csv is there under the same name.
    for name in [
      "mota", "motp_distance", "idf1", "idp", "idr", "hota", "deta", "assa", "loca", "id_switches",
      "fragmentations", "mot_false_positives", "mot_misses",
    ] {
      #expect(header.contains(name) && MetricCatalog.names.contains(name), "\(name)")
    }
    let overall = lines[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(overall[0] == "OVERALL")
    #expect(overall[header.firstIndex(of: "id_switches")!] == "14")
    #expect(overall[header.firstIndex(of: "mota")!] == "0.5551155115511551")
  }

  @Test func confidenceFilteringDropsRowsBelowTheMinimum() throws {
    let text = "1,1,10,10,5,5,1,-1,-1,-1\n1,2,20,20,5,5,0,-1,-1,-1\n2,1,10,10,5,5,-1,-1,-1,-1\n"
    #expect(try MOTChallengeFile.parse(text, file: "f").count == 3)
    let kept = try MOTChallengeFile.parse(text, file: "f", minimumConfidence: 1)
    #expect(kept.map(\.row.id) == [1])
    // Boxes move by (−1, −1) as py-motmetrics' loader; the size is kept.
    #expect(kept[0].row.box == MOTBox(x: 9, y: 9, width: 5, height: 5))
  }

  @Test(arguments: [
    ("1,1,10,10,5,5\n", "f:1: expected 7 to 10 cells, got 6"),
    ("1,1,10,10,5,5,1,-1,-1,-1,9\n", "f:1: expected 7 to 10 cells, got 11"),
    ("1,1,nan,10,5,5,1\n", "f:1: bb_left: expected a finite number, got 'nan'"),
    ("1,1,10,inf,5,5,1\n", "f:1: bb_top: expected a finite number, got 'inf'"),
    ("0,1,10,10,5,5,1\n", "f:1: frame: expected a whole number ≥ 1 (frames are 1-based), got 0"),
    ("1.5,1,10,10,5,5,1\n", "f:1: frame: expected a whole number ≥ 1 (frames are 1-based), got 1.5"),
    ("1,x,10,10,5,5,1\n", "f:1: id: expected a finite number, got 'x'"),
    ("1,2.5,10,10,5,5,1\n", "f:1: id: expected a whole number, got 2.5"),
    ("# c\n1,3,10,10,5,5,1\n\n1,3,0,0,5,5,1\n", "f:4: id: id 3 listed twice in frame 1 (also on line 2)"),
  ])
  func badMOTChallengeRowsAreRefusedNamingLineAndColumn(text: String, message: String) {
    #expect(throws: InputError.self) { try MOTChallengeFile.parse(text, file: "f") }
    do {
      _ = try MOTChallengeFile.parse(text, file: "f")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func anEmptyTrackerFileScoresEveryTruthRowAsAMiss() throws {
    let truth = try MOTChallengeFile.parse("1,1,10,10,5,5,1\n2,1,10,10,5,5,1\n", file: "gt")
    let tracks = try MOTChallengeFile.parse("", file: "t")
    let (each, _) = MOTScorer.score(
      [MOTSequence(name: "s", objects: truth, hypotheses: tracks)], matching: .iou(threshold: 0.5))
    #expect(each[0].mot.numMisses == 2)
    #expect(each[0].mot.numFrames == 2)
  }
}
