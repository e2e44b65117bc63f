/// One cell of a CSV file with the column (1-based, in characters) where it starts.
public struct CSVCell: Equatable, Sendable {
  public var text: String
  public var column: Int

  public init(text: String, column: Int) {
    self.text = text
    self.column = column
  }
}

/// One record (row) of a CSV file with the line it starts on.
public struct CSVRecord: Equatable, Sendable {
  /// 1-based line of the record's first character.
  public var line: Int
  public var cells: [CSVCell]

  public init(line: Int, cells: [CSVCell]) {
    self.line = line
    self.cells = cells
  }

  /// The cells' text, for readers that only need positions per record.
  public var texts: [String] { cells.map(\.text) }
}

/// The one CSV reader of DockSim: every table a command reads (summaries, seeds, shards, trials,
/// traces, objects, events, observation logs, reference tracks) is split here.
///
/// It reads CSV as DockSim writes it (`CSVFormat`): `,` between cells, a cell quoted with `"` when it
/// holds a comma, quote or line break, `""` for a quote inside quotes. `\n`, `\r\n` and `\r` end a
/// record; blank lines are skipped, and so are lines starting with `#` when `skipsComments` is set
/// (the files users bring: observation logs, reference tracks). It works on the UTF-8 bytes, so a
/// file of hundreds of megabytes splits in about a second; columns are still counted in characters.
public struct CSVReader {
  private let bytes: [UInt8]
  private let file: String
  private let skipsComments: Bool
  /// Offset of the next byte to read.
  private var offset = 0
  /// 1-based line of `offset`.
  private var line = 1
  /// Offset where the current line starts, and of its first non-ASCII byte (columns count
  /// characters, so only a line holding one needs decoding to place a column).
  private var lineStart = 0
  private var firstNonASCII: Int?

  /// A reader of `text`; `file` names it in errors.
  public init(text: String, file: String, skipsComments: Bool = false) {
    bytes = Array(text.utf8)
    self.file = file
    self.skipsComments = skipsComments
  }

  /// All records of `text`, blank lines skipped.
  ///
  /// - Throws: `InputError` naming the file, line and column of a quoting error.
  public static func records(_ text: String, file: String) throws(InputError) -> [CSVRecord] {
    var reader = CSVReader(text: text, file: file)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  /// The next line as it is, without splitting or unquoting, and its 1-based number; nil at the end.
  /// A reader checks a header this way before splitting it, so that one endless wrong line is
  /// refused without being cut into millions of cells.
  public mutating func nextLine() -> (line: Int, text: String)? {
    guard skipToRecord() else { return nil }
    let number = line
    let start = offset
    while offset < bytes.count, bytes[offset] != newlineByte, bytes[offset] != returnByte { offset += 1 }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    consumeLineEnd()
    return (number, text)
  }

  /// The next record; nil at the end of the text.
  ///
  /// - Throws: `InputError` naming the file, line and column of a quoting error.
  public mutating func next() throws(InputError) -> CSVRecord? {
    guard skipToRecord() else { return nil }
    let recordLine = line
    var cells: [CSVCell] = []
    while true {
      let column = self.column(at: offset)
      let cellLine = line
      var text: [UInt8] = []
      if offset < bytes.count, bytes[offset] == quoteByte {
        offset += 1
        while true {
          guard offset < bytes.count else {
            throw InputError(
              file: file, line: cellLine, column: column,
              message: "a quoted cell is never closed; expected a closing quote")
          }
          let byte = bytes[offset]
          if byte == quoteByte {
            offset += 1
            guard offset < bytes.count, bytes[offset] == quoteByte else { break }
            text.append(quoteByte)
            offset += 1
          } else if byte == newlineByte || byte == returnByte {
            text.append(byte)
            offset += 1
            if byte == returnByte, offset < bytes.count, bytes[offset] == newlineByte {
              text.append(newlineByte)
              offset += 1
            }
            startLine()
          } else {
            if byte >= 0x80, firstNonASCII == nil { firstNonASCII = offset }
            text.append(byte)
            offset += 1
          }
        }
        if offset < bytes.count, !isSeparator(bytes[offset]) {
          throw InputError(
            file: file, line: line, column: self.column(at: offset),
            message:
              "expected a comma or the end of the line after a closing quote, got '\(character(at: offset))'")
        }
      } else {
        let start = offset
        while offset < bytes.count, !isSeparator(bytes[offset]) {
          let byte = bytes[offset]
          if byte == quoteByte {
            throw InputError(
              file: file, line: line, column: self.column(at: offset),
              message: "unexpected quote inside an unquoted cell; expected \"\" quoting")
          }
          if byte >= 0x80, firstNonASCII == nil { firstNonASCII = offset }
          offset += 1
        }
        text = Array(bytes[start..<offset])
      }
      cells.append(CSVCell(text: String(decoding: text, as: UTF8.self), column: column))
      guard offset < bytes.count, bytes[offset] == commaByte else {
        consumeLineEnd()
        return CSVRecord(line: recordLine, cells: cells)
      }
      offset += 1
    }
  }

  /// Skips blank (and comment) lines; false at the end of the text.
  private mutating func skipToRecord() -> Bool {
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == newlineByte || byte == returnByte {
        consumeLineEnd()
      } else if skipsComments, byte == hashByte {
        while offset < bytes.count, bytes[offset] != newlineByte, bytes[offset] != returnByte { offset += 1 }
        consumeLineEnd()
      } else {
        return true
      }
    }
    return false
  }

  /// Steps over `\n`, `\r\n` or `\r` at `offset`, if any, to the next line.
  private mutating func consumeLineEnd() {
    guard offset < bytes.count else { return }
    if bytes[offset] == returnByte {
      offset += 1
      if offset < bytes.count, bytes[offset] == newlineByte { offset += 1 }
    } else if bytes[offset] == newlineByte {
      offset += 1
    } else {
      return
    }
    startLine()
  }

  private mutating func startLine() {
    line += 1
    lineStart = offset
    firstNonASCII = nil
  }

  /// The 1-based column, in characters, of the byte at `position` on the current line.
  private func column(at position: Int) -> Int {
    if let firstNonASCII, firstNonASCII < position {
      return String(decoding: bytes[lineStart..<position], as: UTF8.self).count + 1
    }
    return position - lineStart + 1
  }

  /// The character starting at `position`, for a message.
  private func character(at position: Int) -> String {
    let end = min(bytes.count, position + 16)
    return String(decoding: bytes[position..<end], as: UTF8.self).first.map(String.init) ?? ""
  }

  private func isSeparator(_ byte: UInt8) -> Bool {
    byte == commaByte || byte == newlineByte || byte == returnByte
  }
}

private let commaByte = UInt8(ascii: ",")
private let quoteByte = UInt8(ascii: "\"")
private let newlineByte = UInt8(ascii: "\n")
private let returnByte = UInt8(ascii: "\r")
private let hashByte = UInt8(ascii: "#")
