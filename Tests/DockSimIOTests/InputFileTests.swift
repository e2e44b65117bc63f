import DockSimIO
import Foundation
import Testing

/// The one check of an input file: each way a path can fail, and the shared wording.
@Suite struct InputFileTests {
  let directory: String

  init() throws {
    directory = NSTemporaryDirectory() + "InputFileTests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = directory + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func problem(_ path: String, maximumSize: Int = 1 << 20) -> InputFile.Problem? {
    if case .failure(let problem) = InputFile.check(path: path, maximumSize: maximumSize) { return problem }
    return nil
  }

  @Test func aRegularUTF8FileIsRead() throws {
    let path = try write(Array("a,é\n".utf8), "ok.csv")
    #expect(try InputFile.text(path: path, expected: "x", maximumSize: 10) == "a,é\n")
  }

  /// A leading UTF-8 byte-order mark is dropped (spreadsheets write one), so a header reads as its
  /// words; one anywhere else is content and stays.
  @Test func aLeadingByteOrderMarkIsDropped() throws {
    let path = try write([0xEF, 0xBB, 0xBF] + Array("frame,t_s\n".utf8), "bom.csv")
    #expect(try InputFile.check(path: path, maximumSize: 1 << 20).get() == "frame,t_s\n")
    let inside = try write(Array("a,".utf8) + [0xEF, 0xBB, 0xBF] + Array("b\n".utf8), "inside.csv")
    #expect(try InputFile.check(path: inside, maximumSize: 1 << 20).get() == "a,\u{FEFF}b\n")
  }

  @Test func eachProblemIsTold() throws {
    #expect(problem("") == .emptyPath)
    #expect(problem(directory + "/none") == .missing)
    #expect(problem(directory) == .directory)
    #expect(problem("/dev/null") == .notRegular("a character device"))
    let big = try write(Array(repeating: 0x41, count: 11), "big.csv")
    #expect(problem(big, maximumSize: 10) == .tooLarge(bytes: 11))
    let latin1 = try write([0x61, 0x0A, 0x62, 0xE9, 0x0A], "latin1.csv")
    #expect(problem(latin1) == .notUTF8(byte: 0xE9, offset: 3, line: 2))
  }

  @Test func aNamedPipeIsRefusedWithoutBlocking() throws {
    let path = directory + "/fifo"
    try #require(mkfifo(path, 0o600) == 0)
    #expect(problem(path) == .notRegular("a named pipe (FIFO)"))
  }

  @Test func theSharedWordingEndsWithWhatWasExpected() throws {
    func message(_ path: String, _ limit: Int = 10) throws -> String {
      let error = try #require(throws: InputError.self) {
        try InputFile.text(path: path, expected: "a summary CSV", maximumSize: limit)
      }
      return error.description
    }
    #expect(try message("") == "'': empty path; expected a summary CSV")
    #expect(try message(directory + "/none") == "\(directory)/none: no such file; expected a summary CSV")
    #expect(try message(directory) == "\(directory): is a directory; expected a summary CSV")
    #expect(try message("/dev/null") == "/dev/null: is a character device; expected a summary CSV")
    let big = try write(Array(repeating: 0x41, count: 11), "big.csv")
    #expect(try message(big) == "\(big): file is 11 bytes; expected a summary CSV of at most 10 bytes")
    let bad = try write([0x0A, 0xFF], "bad.csv")
    #expect(
      try message(bad) == "\(bad):2: byte 0xFF at offset 1 is not valid UTF-8; expected a UTF-8 text file")
  }
}
