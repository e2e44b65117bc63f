import Foundation

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
///
/// A reader made with `init(path:expected:skipsComments:chunkSize:)` streams the file: it reads it in
/// chunks of `chunkSize` bytes and holds only the current line (and a quoted cell's text), never the
/// whole file, so a caller that keeps only what it needs of each record reads a trace of any length
/// in bounded memory. Records, positions and errors are the same as for the file's whole text.
public struct CSVReader {
  /// The bytes from absolute offset `base` on that are still needed (the current line onwards).
  private var bytes: [UInt8]
  private var base = 0
  /// Where more bytes come from; nil when `bytes` holds the whole input.
  private var source: FileHandle?
  private let chunkSize: Int
  /// Whether cells must be checked for UTF-8: a file's bytes are, a `String`'s are UTF-8 already.
  private let validates: Bool
  private let file: String
  private let skipsComments: Bool
  /// Absolute offset of the next byte to read.
  private var offset = 0
  /// 1-based line of `offset`.
  private var line = 1
  /// Absolute offset where the current line starts, and of its first non-ASCII byte (columns count
  /// characters, so only a line holding one needs decoding to place a column).
  private var lineStart = 0
  private var firstNonASCII: Int?
  /// A place on the current line whose column is known, where a character certainly begins: counting
  /// columns goes on from it (`column(at:)`). One from an earlier line is ignored (before `lineStart`).
  private var columnMark: (position: Int, column: Int)?

  /// A reader of `text`; `file` names it in errors.
  public init(text: String, file: String, skipsComments: Bool = false) {
    bytes = Array(text.utf8)
    source = nil
    chunkSize = 0
    validates = false
    self.file = file
    self.skipsComments = skipsComments
  }

  /// A reader streaming the file at `path` in chunks of `chunkSize` bytes (at least 1); errors name
  /// the file as `path`. `expected` says what the file should be ("a trace written by docksim run")
  /// and ends the message when the path is not a readable file (`InputFile`'s wording).
  ///
  /// - Throws: `InputError` for an empty path, a missing file, a directory, a device, pipe or socket,
  ///   or a file that cannot be opened.
  public init(
    path: String, expected: String, skipsComments: Bool = false, chunkSize: Int = 1 << 20
  ) throws(InputError) {
    func fail(_ problem: InputFile.Problem) -> InputError {
      InputFile.error(problem, path: path, expected: expected, maximumSize: Int.max)
    }
    guard !path.isEmpty else { throw fail(.emptyPath) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw fail(.missing)
    }
    guard !isDirectory.boolValue else { throw fail(.directory) }
    // Before opening: a FIFO would block.
    if let kind = InputFile.nonRegular(path) { throw fail(.notRegular(kind)) }
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    } catch {
      throw fail(.unreadable(error.localizedDescription))
    }
    bytes = []
    source = handle
    self.chunkSize = max(1, chunkSize)
    validates = true
    file = path
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
  /// A streamed file that cannot be read further ends here (nil), and bytes that are not UTF-8 are
  /// replaced: a header compared this way is refused for it anyway.
  public mutating func nextLine() -> (line: Int, text: String)? {
    guard (try? skipToRecord()) == true else { return nil }
    let number = line
    let start = offset
    try? skipToLineEnd()
    let text = String(decoding: bytes[(start - base)..<(offset - base)], as: UTF8.self)
    try? consumeLineEnd()
    return (number, text)
  }

  /// The next record; nil at the end of the input.
  ///
  /// - Throws: `InputError` naming the file, line and column of a quoting error, of a cell that is
  ///   not UTF-8 (a streamed file), or a file that cannot be read.
  public mutating func next() throws(InputError) -> CSVRecord? {
    guard try skipToRecord() else { return nil }
    let recordLine = line
    var cells: [CSVCell] = []
    while true {
      let column = self.column(at: offset)
      let cellLine = line
      let text: String
      if try has(offset), byte(offset) == quoteByte {
        offset += 1
        var quoted: [UInt8] = []
        var ascii = true
        while true {
          guard try has(offset) else {
            throw InputError(
              file: file, line: cellLine, column: column,
              message: "a quoted cell is never closed; expected a closing quote")
          }
          let byte = byte(offset)
          if byte == quoteByte {
            offset += 1
            guard try has(offset), self.byte(offset) == quoteByte else { break }
            quoted.append(quoteByte)
            offset += 1
          } else if isLineEnd(byte) {
            quoted.append(byte)
            offset += 1
            if byte == returnByte, try has(offset), self.byte(offset) == newlineByte {
              quoted.append(newlineByte)
              offset += 1
            }
            startLine()
          } else {
            if byte >= 0x80 {
              ascii = false
              if firstNonASCII == nil { firstNonASCII = offset }
            }
            quoted.append(byte)
            offset += 1
          }
        }
        if try has(offset), !isSeparator(byte(offset)) {
          throw InputError(
            file: file, line: line, column: self.column(at: offset),
            message:
              "expected a comma or the end of the line after a closing quote, got '\(try character(at: offset))'"
          )
        }
        text = try decode(quoted[...], ascii: ascii, line: cellLine, column: column)
      } else {
        let start = offset
        // Byte by byte within the buffer, reading on only at its end: this loop sees every byte
        // of an unquoted file.
        scan: while true {
          var i = offset - base
          let n = bytes.count
          while i < n {
            let byte = bytes[i]
            if isSeparator(byte) { break }
            if byte == quoteByte {
              offset = base + i
              throw InputError(
                file: file, line: line, column: self.column(at: offset),
                message: "unexpected quote inside an unquoted cell; expected \"\" quoting")
            }
            if byte >= 0x80, firstNonASCII == nil { firstNonASCII = base + i }
            i += 1
          }
          offset = base + i
          if i < n { break scan }
          guard try readMore(through: offset) else { break scan }
        }
        // No byte of the line so far is beyond ASCII, so neither is the cell's.
        text = try decode(
          bytes[(start - base)..<(offset - base)], ascii: firstNonASCII == nil, line: line, column: column)
      }
      cells.append(CSVCell(text: text, column: column))
      guard try has(offset), byte(offset) == commaByte else {
        try consumeLineEnd()
        return CSVRecord(line: recordLine, cells: cells)
      }
      offset += 1
    }
  }

  // MARK: Bytes

  /// The byte at absolute offset `position`, which `has(position)` has made available.
  @inline(__always) private func byte(_ position: Int) -> UInt8 { bytes[position - base] }

  /// Whether the input has a byte at absolute offset `position`, reading on when it is streamed.
  @inline(__always) private mutating func has(_ position: Int) throws(InputError) -> Bool {
    position - base < bytes.count ? true : try readMore(through: position)
  }

  /// Reads chunks until `position` is held or the file ends. Bytes before the current line are
  /// dropped first: nothing refers to them any more (a quoted cell keeps its own copy).
  private mutating func readMore(through position: Int) throws(InputError) -> Bool {
    guard let source else { return false }
    let drop = lineStart - base
    if drop > 0, drop >= bytes.count / 2 {
      bytes.removeFirst(drop)
      base = lineStart
    }
    while position - base >= bytes.count {
      let chunk: Data?
      do {
        chunk = try source.read(upToCount: chunkSize)
      } catch {
        throw InputError(file: file, message: "cannot read the file: \(error.localizedDescription)")
      }
      guard let chunk, !chunk.isEmpty else {
        try? source.close()
        self.source = nil
        return false
      }
      bytes.append(contentsOf: chunk)
    }
    return true
  }

  /// `slice` as text. A whole text is UTF-8 already; a streamed file is checked here, cell by cell,
  /// rather than repaired: a replaced byte inside a name or number would change what the file means.
  /// `ascii` says the caller saw no byte beyond ASCII, the common case, which needs no check.
  private func decode(_ slice: ArraySlice<UInt8>, ascii: Bool, line: Int, column: Int) throws(InputError)
    -> String
  {
    let text = String(decoding: slice, as: UTF8.self)
    // Decoding replaces a bad sequence, so the bytes come back different exactly when one was bad.
    if ascii || !validates || text.utf8.elementsEqual(slice) { return text }
    var decoder = UTF8()
    var iterator = slice.makeIterator()
    var index = slice.startIndex
    while case .scalarValue(let scalar) = decoder.decode(&iterator) { index += UTF8.width(scalar) }
    let bad = index < slice.endIndex ? slice[index] : slice[slice.endIndex - 1]
    throw InputError(
      file: file, line: line, column: column,
      message: "a cell holds byte 0x\(String(bad, radix: 16, uppercase: true)), which is not valid UTF-8; "
        + "expected a UTF-8 text file")
  }

  // MARK: Lines

  /// Skips blank (and comment) lines; false at the end of the input.
  private mutating func skipToRecord() throws(InputError) -> Bool {
    while try has(offset) {
      let byte = byte(offset)
      if isLineEnd(byte) {
        try consumeLineEnd()
      } else if skipsComments, byte == hashByte {
        try skipToLineEnd()
        try consumeLineEnd()
      } else {
        return true
      }
    }
    return false
  }

  /// Moves `offset` to the end of the line (its `\n` or `\r`, or the end of the input).
  private mutating func skipToLineEnd() throws(InputError) {
    while true {
      var i = offset - base
      let n = bytes.count
      while i < n, !isLineEnd(bytes[i]) { i += 1 }
      offset = base + i
      if i < n { return }
      guard try readMore(through: offset) else { return }
    }
  }

  /// Steps over `\n`, `\r\n` or `\r` at `offset`, if any, to the next line.
  private mutating func consumeLineEnd() throws(InputError) {
    guard try has(offset) else { return }
    if byte(offset) == returnByte {
      offset += 1
      if try has(offset), byte(offset) == newlineByte { offset += 1 }
    } else if byte(offset) == newlineByte {
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

  /// The 1-based column, in characters, of the byte at absolute offset `position` on the current line.
  ///
  /// Past a non-ASCII byte the characters must be counted, and counting from the line's start for
  /// every cell made a long line of many cells quadratic (a 32 KB line of commas after an `é` took a
  /// second, a 16 MB one forever; found by fuzzing). So the count goes on from the last column placed
  /// on the line (`columnMark`) when a character boundary is certain there.
  private mutating func column(at position: Int) -> Int {
    guard let firstNonASCII, firstNonASCII < position else { return position - lineStart + 1 }
    var from = (position: lineStart, column: 1)
    if let mark = columnMark, mark.position >= lineStart, mark.position <= position { from = mark }
    let column =
      from.column + String(decoding: bytes[(from.position - base)..<(position - base)], as: UTF8.self).count
    // Between two ASCII bytes other than CR LF a character always ends (Unicode's grapheme rules join
    // only non-ASCII scalars, or CR LF), so counting on from here gives what counting from the line's
    // start gives. The cells' starts follow a comma, so nearly every cell leaves a mark.
    if position > lineStart, position - base < bytes.count, bytes[position - base - 1] < 0x80,
      bytes[position - base] < 0x80, !isLineEnd(bytes[position - base])
    {
      columnMark = (position, column)
    }
    return column
  }

  /// The character starting at `position`, for a message.
  private mutating func character(at position: Int) throws(InputError) -> String {
    var end = position
    while end < position + 16, try has(end) { end += 1 }
    return String(decoding: bytes[(position - base)..<(end - base)], as: UTF8.self).first.map(String.init)
      ?? ""
  }

  private func isSeparator(_ byte: UInt8) -> Bool {
    byte == commaByte || byte == newlineByte || byte == returnByte
  }

  private func isLineEnd(_ byte: UInt8) -> Bool { byte == newlineByte || byte == returnByte }
}

private let commaByte = UInt8(ascii: ",")
private let quoteByte = UInt8(ascii: "\"")
private let newlineByte = UInt8(ascii: "\n")
private let returnByte = UInt8(ascii: "\r")
private let hashByte = UInt8(ascii: "#")
