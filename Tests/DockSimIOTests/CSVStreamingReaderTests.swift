import DockSimIO
import Foundation
import Testing

/// The streaming `CSVReader` (a file read in chunks) against the same reader on the whole text: the
/// same records with the same positions, and the same errors, wherever the chunks are cut.
@Suite struct CSVStreamingReaderTests {
  /// Chunk sizes that cut inside every kind of token: a byte at a time, odd sizes, one big chunk.
  static let chunkSizes = [1, 2, 3, 5, 7, 64, 1 << 20]

  /// Inputs covering quoting, line ends, blank lines, non-ASCII columns and a last line without a
  /// newline.
  static let inputs = [
    "a,bb,c\n\n1,,\"x,y\"\n",
    "a,b\r\n1,2\r3,4",
    "a,b\n\"say \"\"hi\"\"\",\"two\r\nlines\"\nz,\"\"\n",
    "é€,x\n€,\"ü,\"\"ö\"\"\"\r\n",
    "\r\n\r\n\n h , t \n\"\"\n,\n",
    "t_s,value\n" + (0..<300).map { "\($0),\(Double($0) * 0.25)" }.joined(separator: "\n"),
    "a,\"b\nc\",d\ne,f,g",
  ]

  /// Inputs with each quoting error, some with the error past the first chunk.
  static let badInputs = [
    "a,b\n1,\"open\n",
    "a,\"b\"c\n",
    "a\nxy\"z\n",
    "é€,a\"b\n",
    "h\n" + String(repeating: "1,2\n", count: 50) + "1,\"x\"y\n",
  ]

  static func file(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "csv-stream-\(UUID().uuidString).csv")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  static func streamed(_ path: String, chunkSize: Int, skipsComments: Bool = false) throws(InputError)
    -> [CSVRecord]
  {
    var reader = try CSVReader(
      path: path, expected: "a CSV file", skipsComments: skipsComments, chunkSize: chunkSize)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  @Test(arguments: inputs) func streamedRecordsMatchTheWholeText(_ text: String) throws {
    let path = try Self.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let whole = try CSVReader.records(text, file: path)
    #expect(!whole.isEmpty)
    for size in Self.chunkSizes {
      #expect(try Self.streamed(path, chunkSize: size) == whole, "chunk size \(size)")
    }
  }

  @Test(arguments: badInputs) func streamedErrorsMatchTheWholeText(_ text: String) throws {
    let path = try Self.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let whole = try #require(throws: InputError.self) { try CSVReader.records(text, file: path) }
    #expect(whole.line != nil && whole.column != nil)
    for size in Self.chunkSizes {
      let streamed = try #require(throws: InputError.self) { try Self.streamed(path, chunkSize: size) }
      #expect(streamed == whole, "chunk size \(size)")
    }
  }

  @Test func commentsAndRawLinesMatchTheWholeText() throws {
    let text = "# note\r\nh,i\n#x\n1,\"2\"\n\n# end"
    let path = try Self.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for size in Self.chunkSizes {
      var whole = CSVReader(text: text, file: path, skipsComments: true)
      var streamed = try CSVReader(path: path, expected: "x", skipsComments: true, chunkSize: size)
      let a = whole.nextLine()
      let b = streamed.nextLine()
      #expect(a?.line == 2 && b?.line == 2 && a?.text == "h,i" && b?.text == "h,i", "chunk size \(size)")
      #expect(try whole.next() == streamed.next())
      #expect(try streamed.next() == nil)
    }
  }

  @Test func aByteThatIsNotUTF8IsLocated() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "csv-stream-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(Array("a,b\n1,x".utf8) + [0xFF] + Array("y\n".utf8)).write(to: url)
    for size in [1, 4, 1 << 20] {
      let error = try #require(throws: InputError.self) { try Self.streamed(url.path, chunkSize: size) }
      #expect(error.file == url.path && error.line == 2 && error.column == 3, "\(error)")
      #expect(error.message.contains("0xFF") && error.message.contains("UTF-8"), "\(error)")
    }
  }

  @Test func aMissingFileOrADirectoryIsNamed() throws {
    let missing = try #require(throws: InputError.self) {
      try CSVReader(path: "/nonexistent/t.csv", expected: "a trace")
    }
    #expect(missing.description == "/nonexistent/t.csv: no such file; expected a trace")
    let directory = FileManager.default.temporaryDirectory.path
    let error = try #require(throws: InputError.self) { try CSVReader(path: directory, expected: "a trace") }
    #expect(error.description == "\(directory): is a directory; expected a trace")
    let empty = try #require(throws: InputError.self) { try CSVReader(path: "", expected: "a trace") }
    #expect(empty.description == "'': empty path; expected a trace")
  }

  @Test func aDeviceIsRefusedBeforeItIsOpened() throws {
    let error = try #require(throws: InputError.self) {
      try CSVReader(path: "/dev/null", expected: "a trace")
    }
    #expect(error.description == "/dev/null: is a character device; expected a trace")
  }

  @Test func anEmptyFileHasNoRecords() throws {
    let path = try Self.file("")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.streamed(path, chunkSize: 3).isEmpty)
  }
}
