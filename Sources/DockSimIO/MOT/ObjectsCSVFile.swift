import DockSimCore

/// Reads a run's `traces/<scenario>.objects.csv` (`ObjectsCSVSink`) back as a sequence to score: its
/// `gt` rows are the ground truth, its `track` rows the hypotheses, kept by the rule the run's metrics
/// applied (`docs/metrics.md`, "What is compared"): a true box or a confirmed or coasting track whose
/// centre lies inside the image. Subjects are numbered in order of first appearance (in a run, the
/// scenario's order), each kind of box of a subject one object, as in the run.
public enum ObjectsCSVFile {
  /// The contents of one objects trace.
  public struct Contents: Sendable {
    /// Scored rows with their frames: centres and boxes in normalized image units, lower-left origin.
    public var objects: [(frame: Int, row: MOTRow)]
    public var hypotheses: [(frame: Int, row: MOTRow)]
    /// The run's `match_threshold`, normalized image units; nil for a file without rows.
    public var matchThreshold: Double?
  }

  public static func read(path: String) throws(InputError) -> Contents {
    try parse(InputCSV.readText(path: path), file: path)
  }

  /// Parses trace text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(InputError) -> Contents {
    let columns = ObjectsCSVSink.columns
    func index(_ name: String) -> Int { columns.firstIndex(of: name)! }
    let (frameColumn, typeColumn, idColumn, kindColumn) = (
      index("frame"), index("type"), index("id"), index("kind")
    )
    let (uColumn, vColumn, wColumn, hColumn) = (index("u"), index("v"), index("w"), index("h"))
    let (statusColumn, thresholdColumn) = (index("status"), index("match_threshold"))
    var contents = Contents(objects: [], hypotheses: [], matchThreshold: nil)
    var subjects: [String: Int] = [:]  // looked up only, never iterated
    var lastFrame = -1
    var idsInFrame: Set<String> = []  // looked up only
    for row in try InputCSV.rows(text, file: file, columns: columns, what: "objects trace") {
      func number(_ k: Int, _ kind: CSVNumber.Kind, empty: String? = nil) throws(InputError) -> Double? {
        do { return try CSVNumber.read(row.cells[k], kind, empty: empty) } catch {
          throw row.fail(columns[k], error.description)
        }
      }
      // As an Int, never through a double: 2^63 - 1 rounds to 2^63, which no Int holds.
      let frame: Int
      do { frame = try CSVNumber.count(row.cells[frameColumn]) } catch {
        throw row.fail(columns[frameColumn], error.description)
      }
      guard frame >= lastFrame else {
        throw row.fail("frame", "expected frames in non-decreasing order, got \(frame) after \(lastFrame)")
      }
      if frame != lastFrame { idsInFrame.removeAll() }
      lastFrame = frame
      guard let threshold = try number(thresholdColumn, .nonNegative), threshold > 0 else {
        throw row.fail("match_threshold", "expected a number > 0, got '\(row.cells[thresholdColumn])'")
      }
      if let known = contents.matchThreshold, known != threshold {
        throw row.fail("match_threshold", "expected the same value on every row (\(known)), got \(threshold)")
      }
      contents.matchThreshold = threshold
      let type = row.cells[typeColumn]
      guard type == "gt" || type == "track" else {
        throw row.fail("type", "expected gt or track, got '\(InputCSV.quoted(Substring(type)))'")
      }
      guard let kind = SubjectKind(rawValue: row.cells[kindColumn]) else {
        throw row.fail(
          "kind",
          "expected humanFace, humanBody or object, got '\(InputCSV.quoted(Substring(row.cells[kindColumn])))'"
        )
      }
      let name = row.cells[idColumn]
      guard !name.isEmpty else { throw row.fail("id", "expected an id, got an empty cell") }
      // A track is its number (the digit rule of counts), so `1` and `01` are one track.
      var track: Int?
      if type == "track" {
        guard let number = try? CSVNumber.count(name) else {
          throw row.fail("id", "expected a track number, got '\(InputCSV.quoted(Substring(name)))'")
        }
        track = number
      }
      // A track number is one hypothesis whatever its kind; a subject has a box per kind.
      let key = track.map { "track,\($0)" } ?? "gt,\(kind.rawValue),\(name)"
      guard idsInFrame.insert(key).inserted else {
        throw row.fail("id", "\(type) \(name) \(kind.rawValue) listed twice in frame \(frame)")
      }
      let notInImage = "not in the image"
      let u = try number(uColumn, .finite, empty: notInImage)
      let v = try number(vColumn, .finite, empty: notInImage)
      let w = try number(wColumn, .nonNegative, empty: "no box")
      let h = try number(hColumn, .nonNegative, empty: "no box")
      let id: Int
      if type == "gt" {
        if subjects[name] == nil { subjects[name] = subjects.count }
        id = TrackingMetrics.motObjectID(subject: subjects[name]!, kind: kind)
      } else {
        guard let track else { continue }
        id = track
        guard let status = TrackStatus(rawValue: row.cells[statusColumn]) else {
          throw row.fail(
            "status",
            "expected tentative, confirmed or coasting, got '\(InputCSV.quoted(Substring(row.cells[statusColumn])))'"
          )
        }
        guard TrackingMetrics.isHypothesis(status) else { continue }
      }
      guard let u, let v, TrackingMetrics.isScored(u: u, v: v) else { continue }
      let width = w ?? .nan
      let height = h ?? .nan
      let scored = MOTRow(
        id: id, box: MOTBox(centerX: u, centerY: v, width: width, height: height), centerX: u, centerY: v,
        kind: kind)
      if type == "gt" {
        contents.objects.append((frame, scored))
      } else {
        contents.hypotheses.append((frame, scored))
      }
    }
    return contents
  }
}
