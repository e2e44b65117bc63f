import DockSimIO

/// One cell of a CSV file with the column (1-based, in characters) where it starts.
public struct CSVCell: Equatable, Sendable {
  public var text: String
  public var column: Int
}

/// One record (row) of a CSV file with the line it starts on.
public struct CSVRecord: Equatable, Sendable {
  public var line: Int
  public var cells: [CSVCell]
}

/// Splits CSV text as DockSim writes it (`CSVFormat`): `,` between cells, a cell quoted with `"` when it
/// holds a comma, quote or line break, `""` for a quote inside quotes. `\n`, `\r\n` and `\r` end a
/// record; blank lines are skipped.
public enum CSVRecords {
  /// The records of `text`; `file` names it in errors.
  ///
  /// - Throws: `GateInputError` naming the file, line and column of a quoting error.
  public static func parse(_ text: String, file: String) throws(GateInputError) -> [CSVRecord] {
    var scanner = Scanner(file: file)
    for c in text { try scanner.consume(c) }
    return try scanner.finish()
  }

  /// The state of the split: the record and cell being built and where they began.
  private struct Scanner {
    let file: String
    var records: [CSVRecord] = []
    var cells: [CSVCell] = []
    var cell = ""
    var line = 1
    var column = 0
    var recordLine = 1
    var cellColumn = 1
    var inQuotes = false
    var quoted = false
    var afterQuote = false
    var pendingQuote = false

    init(file: String) { self.file = file }

    mutating func consume(_ c: Character) throws(GateInputError) {
      column += 1
      let newline = c == "\n" || c == "\r\n" || c == "\r"
      if pendingQuote {
        pendingQuote = false
        if c == "\"" {
          cell.append("\"")
          return
        }
        inQuotes = false
        afterQuote = true
      }
      if inQuotes {
        if c == "\"" {
          pendingQuote = true
        } else {
          cell.append(c)
          if newline { nextLine() }
        }
        return
      }
      if c == "," {
        endCell()
        cellColumn = column + 1
      } else if newline {
        endRecord()
        nextLine()
        recordLine = line
        cellColumn = 1
      } else if afterQuote {
        throw error("expected a comma or the end of the line after a closing quote, got '\(c)'")
      } else if c == "\"" {
        guard cell.isEmpty else {
          throw error("unexpected quote inside an unquoted cell; expected \"\" quoting")
        }
        inQuotes = true
        quoted = true
      } else {
        cell.append(c)
      }
    }

    mutating func finish() throws(GateInputError) -> [CSVRecord] {
      if pendingQuote {
        inQuotes = false
        afterQuote = true
      }
      guard !inQuotes else {
        throw GateInputError(
          file: file, line: recordLine, column: cellColumn,
          message: "a quoted cell is never closed; expected a closing quote")
      }
      endRecord()
      return records
    }

    private func error(_ message: String) -> GateInputError {
      GateInputError(file: file, line: line, column: column, message: message)
    }

    private mutating func nextLine() {
      line += 1
      column = 0
    }

    private mutating func endCell() {
      cells.append(CSVCell(text: cell, column: cellColumn))
      cell = ""
      quoted = false
      afterQuote = false
    }

    private mutating func endRecord() {
      let blank = cells.isEmpty && cell.isEmpty && !quoted
      if !blank {
        endCell()
        records.append(CSVRecord(line: recordLine, cells: cells))
      }
      cells = []
      cell = ""
      quoted = false
      afterQuote = false
    }
  }
}
