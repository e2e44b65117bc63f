/// The data rows of a CSV file a user brings (observation logs, reference tracks): blank lines and
/// `#` comment lines skipped, the header required exactly, every row's cell count checked.
struct InputCSV {
  /// Larger files are refused before they are read: a one-hour log of 16 people at 30 fps is about
  /// 170 MB, and anything far beyond is the wrong file or would not fit in memory comfortably.
  static let maximumSize = 256 << 20
  /// Characters of a line quoted in a message; the rest is elided so one message stays one short line.
  static let quotedLength = 120

  struct Row {
    let file: String
    /// 1-based line in the file.
    let line: Int
    let cells: [String]

    /// An error at this row, in `column` when one cell is at fault.
    func fail(_ column: String?, _ message: String) -> InputError {
      InputError(file: file, line: line, field: column, message: message)
    }

    /// Cell `i` as a frame number: a non-negative integer in decimal digits (`CSVNumber.count`).
    func frame(_ i: Int, column: String) throws(InputError) -> Int64 {
      guard let frame = try? CSVNumber.count(cells[i]) else {
        throw fail(column, "expected a non-negative integer, got '\(InputCSV.quoted(Substring(cells[i])))'")
      }
      return Int64(frame)
    }

    /// Cell `i` as a finite decimal number within `range` (`CSVNumber.finite`); `what` names the number
    /// in the message ("a finite number", "a finite angle in radians").
    func number(_ i: Int, column: String, _ range: ClosedRange<Double>, what: String = "a finite number")
      throws(InputError) -> Double
    {
      guard let v = try? CSVNumber.finite(cells[i]) else {
        throw fail(column, "expected \(what), got '\(InputCSV.quoted(Substring(cells[i])))'")
      }
      guard range.contains(v) else {
        throw fail(column, "expected a value in \(range.lowerBound)...\(range.upperBound), got \(v)")
      }
      return v
    }

    /// Cell `i` as a finite angle in radians of magnitude at most `limit`; `what` says the range in
    /// the error.
    func angle(_ i: Int, column: String, limit: Double, _ what: String) throws(InputError) -> Double {
      guard let v = try? CSVNumber.finite(cells[i]) else {
        throw fail(
          column, "expected a finite angle in radians, got '\(InputCSV.quoted(Substring(cells[i])))'")
      }
      guard abs(v) <= limit else { throw fail(column, "expected \(what), got \(v)") }
      return v
    }

    /// The azimuth and elevation of a reference or truth row (cells `az` and `az + 1`): the azimuth may
    /// wind past ±π when a subject circles the stand, the elevation cannot pass the poles.
    func direction(at az: Int, columns: [String]) throws(InputError) -> (azimuth: Double, elevation: Double) {
      (
        try angle(az, column: columns[az], limit: 1e4, "an azimuth within ±10000 rad"),
        try angle(az + 1, column: columns[az + 1], limit: Double.pi / 2, "an elevation within ±π/2 rad")
      )
    }
  }

  /// The rows of `text` after its header; `what` names the kind of file in the empty-file error.
  ///
  /// The header is compared before it is split (`CSVReader.nextLine`), so a huge wrong file (one
  /// endless line, millions of blank lines) fails or passes in well under a second.
  static func rows(_ text: String, file: String, columns: [String], what: String) throws(InputError) -> [Row]
  {
    try rows(text, file: file, columns: columns, optional: [], what: what).rows
  }

  /// The rows of `text` after its header, which is `columns` followed by the first `k` of `optional`
  /// (newer columns a file may leave out); returns the rows and `k`. Every row has the header's cells.
  static func rows(_ text: String, file: String, columns: [String], optional: [String], what: String)
    throws(InputError) -> (rows: [Row], optionalColumns: Int)
  {
    var reader = CSVReader(text: text, file: file, skipsComments: true)
    guard let first = reader.nextLine() else {
      throw InputError(file: file, message: "empty \(what), expected a header line")
    }
    for k in 0...optional.count where first.text == (columns + optional.prefix(k)).joined(separator: ",") {
      let count = columns.count + k
      return (try records(&reader, file: file, cells: count...count), k)
    }
    let header = columns.joined(separator: ",")
    let expected =
      optional.isEmpty
      ? header : "\(header) (optionally followed by ,\(optional.joined(separator: ",")))"
    throw InputError(
      file: file, line: first.line,
      message: "expected the header \(expected), got \(quoted(Substring(first.text)))")
  }

  /// The rows of a file without a header line (MOTChallenge text files), each with a cell count in
  /// `cells`; none for a file without data rows.
  static func headerlessRows(_ text: String, file: String, cells: ClosedRange<Int>) throws(InputError)
    -> [Row]
  {
    var reader = CSVReader(text: text, file: file, skipsComments: true)
    return try records(&reader, file: file, cells: cells)
  }

  private static func records(_ reader: inout CSVReader, file: String, cells: ClosedRange<Int>)
    throws(InputError) -> [Row]
  {
    var rows: [Row] = []
    while true {
      guard let record = try reader.next() else { return rows }
      let row = Row(file: file, line: record.line, cells: record.texts)
      guard cells.contains(row.cells.count) else {
        let expected = cells.count == 1 ? "\(cells.lowerBound)" : "\(cells.lowerBound) to \(cells.upperBound)"
        throw row.fail(nil, "expected \(expected) cells, got \(row.cells.count)")
      }
      rows.append(row)
    }
  }

  /// `line` as quoted in a message: at most `quotedLength` characters, longer ones elided with "…".
  static func quoted(_ line: Substring) -> String {
    line.utf8.count <= quotedLength
      ? String(line) : line.prefix(quotedLength) + "… (\(line.utf8.count) bytes)"
  }

  /// The UTF-8 text of the CSV file at `path` (`InputFile`), in the logs' own words: a user brings
  /// these files, and "no such file" says all.
  static func readText(path: String) throws(InputError) -> String {
    switch InputFile.check(path: path, maximumSize: maximumSize) {
    case .success(let text): return text
    case .failure(let problem):
      let message =
        switch problem {
        case .emptyPath, .missing: "no such file"
        case .directory: "is a directory, expected a CSV file"
        case .notRegular(let kind): "is \(kind), expected a CSV file"
        case .tooLarge(let bytes):
          "file is \(bytes) bytes; expected a CSV file of at most \(maximumSize) bytes"
        case .unreadable(let reason): "cannot read: \(reason)"
        case .notUTF8: "not UTF-8 text, expected a CSV file"
        }
      throw InputError(file: path, message: message)
    }
  }
}
