import DockSimCore

/// Reads MOTChallenge text files (ground truth `gt/gt.txt` or a tracker's result): one box per line,
///
///     frame, id, bb_left, bb_top, bb_width, bb_height, conf[, x, y, z]
///
/// comma separated, no header, frames 1-based, boxes in pixels with a top-left origin. As
/// py-motmetrics 1.4.0's `load_motchallenge`: the boxes are moved by (−1, −1) (MATLAB's 1-based pixels;
/// no effect on IoU but on the written figures), and rows with `conf` below the minimum confidence are
/// dropped (−1 by default, which keeps every row of both files; give 1 for MOT16+ ground truth, whose
/// 7th column is 0 on boxes not to be scored). The 8th to 10th columns are read as numbers and not used.
/// Lines starting with `#` and blank lines are skipped. A negative width or height is read as written,
/// as py-motmetrics reads it: such a box overlaps nothing (`MOTBox.iou` 0), so it is never matched.
public enum MOTChallengeFile {
  /// The column names used in error messages.
  public static let columns = [
    "frame", "id", "bb_left", "bb_top", "bb_width", "bb_height", "conf", "x", "y", "z",
  ]

  /// The rows kept, with their frames, in file order.
  public static func read(path: String, minimumConfidence: Double = -1) throws(InputError) -> [(
    frame: Int, row: MOTRow
  )] {
    try parse(InputCSV.readText(path: path), file: path, minimumConfidence: minimumConfidence)
  }

  /// Parses file text; `file` names it in errors.
  public static func parse(_ text: String, file: String, minimumConfidence: Double = -1) throws(InputError)
    -> [(
      frame: Int, row: MOTRow
    )]
  {
    try records(text, file: file, minimumConfidence: minimumConfidence).map {
      ($0.frame, MOTRow(id: $0.id, box: $0.box))
    }
  }

  /// The text of the MOTChallenge file at `path` (UTF-8, size-limited as every CSV input).
  public static func text(path: String) throws(InputError) -> String {
    try InputCSV.readText(path: path)
  }

  /// One kept line of a MOTChallenge file, with its confidence and line.
  public struct Record: Equatable, Sendable {
    public var frame: Int
    public var id: Int
    /// Pixels, top-left origin, 0-based (moved by (−1, −1) as the reader does).
    public var box: MOTBox
    /// The 7th column as written.
    public var confidence: Double
    /// 1-based line in the file.
    public var line: Int
  }

  /// The rows kept, in file order, with their confidences and lines. `uniqueIDs` refuses an id listed
  /// twice in a frame (ground truth, tracker results); detection files, whose ids are all −1, pass
  /// false.
  public static func records(
    _ text: String, file: String, minimumConfidence: Double = -1, uniqueIDs: Bool = true
  ) throws(InputError) -> [Record] {
    var records: [Record] = []
    /// (frame, id) of every row, to refuse an id listed twice in a frame wherever the rows are.
    var seen: [Int: [Int: Int]] = [:]  // frame → id → line; looked up only, never iterated
    for row in try InputCSV.headerlessRows(text, file: file, cells: 7...columns.count) {
      var values: [Double] = []
      for (k, cell) in row.cells.enumerated() {
        let trimmed = cell.trimmingSpaces
        guard let value = Double(trimmed), value.isFinite else {
          throw row.fail(columns[k], "expected a finite number, got '\(InputCSV.quoted(Substring(cell)))'")
        }
        values.append(value)
      }
      guard values[0] >= 1, values[0] == values[0].rounded(), values[0] < 1e9 else {
        throw row.fail(
          "frame", "expected a whole number ≥ 1 (frames are 1-based), got \(row.cells[0].trimmingSpaces)")
      }
      guard values[1] == values[1].rounded(), abs(values[1]) < 1e15 else {
        throw row.fail("id", "expected a whole number, got \(row.cells[1].trimmingSpaces)")
      }
      let frame = Int(values[0])
      let id = Int(values[1])
      if uniqueIDs {
        if let line = seen[frame]?[id] {
          throw row.fail("id", "id \(id) listed twice in frame \(frame) (also on line \(line))")
        }
        seen[frame, default: [:]][id] = row.line
      }
      guard values[6] >= minimumConfidence else { continue }
      let box = MOTBox(x: values[2] - 1, y: values[3] - 1, width: values[4], height: values[5])
      records.append(Record(frame: frame, id: id, box: box, confidence: values[6], line: row.line))
    }
    return records
  }

  /// Refuses the first record whose box has no area (a width or height 0 or negative, which the reader
  /// reads as py-motmetrics does), naming its line and column: a tracker or a fit needs boxes, while a
  /// scorer, as py-motmetrics, reads them as they are.
  public static func requireAreas(_ records: [Record], file: String) throws(InputError) {
    guard let bad = records.first(where: { $0.box.width <= 0 || $0.box.height <= 0 }) else { return }
    let (field, value) = bad.box.width <= 0 ? ("bb_width", bad.box.width) : ("bb_height", bad.box.height)
    throw InputError(
      file: file, line: bad.line, field: field,
      message: "expected a number > 0 (a box with an area), got \(CSVFormat.cell(value))")
  }

  /// One line of a MOTChallenge file: `frame,id,bb_left,bb_top,bb_width,bb_height,conf,class,-1,-1`,
  /// numbers in shortest round-trip form. `box` is in pixels, top-left origin, 0-based (as the reader
  /// returns it), so 1 is added back to its corner.
  public static func line(frame: Int, id: Int, box: MOTBox, confidence: Double, classID: Int) -> String {
    CSVFormat.line([
      String(frame), String(id), CSVFormat.cell(box.x + 1), CSVFormat.cell(box.y + 1),
      CSVFormat.cell(box.width), CSVFormat.cell(box.height), CSVFormat.cell(confidence), String(classID),
      "-1", "-1",
    ])
  }
}

extension String {
  /// Without leading and trailing spaces and tabs (py-motmetrics reads `1, 2` as `1,2`).
  fileprivate var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return String(s)
  }
}
