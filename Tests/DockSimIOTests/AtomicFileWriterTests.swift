import DockSimCore
import Foundation
import Testing

@testable import DockSimIO

struct AtomicFileWriterTests {
  static func directory() throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("docksim-aw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
  }

  @Test func abortLeavesTheOldFileAndNoTemporary() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("out.csv").path
    try AtomicFileWriter.write("old\n", to: path)
    let w = try AtomicFileWriter(path: path)
    try w.write(String(repeating: "x", count: 200_000))
    w.abort()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.csv"])
  }

  /// A named pipe (or a device: `--out /dev/null` as root) is refused, not replaced by a regular file,
  /// and nothing is left beside it.
  @Test func aPipeOrDeviceIsRefusedNotReplaced() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let pipe = dir.appendingPathComponent("pipe").path
    try #require(mkfifo(pipe, 0o644) == 0)
    #expect {
      try AtomicFileWriter.write("x\n", to: pipe)
    } throws: { error in
      (error as? IOFailure)?.message.hasPrefix("is a named pipe (FIFO), not a regular file") == true
    }
    let type = try FileManager.default.attributesOfItem(atPath: pipe)[.type] as? FileAttributeType
    #expect(type != nil && type != .typeRegular, "still a pipe")
    // A link to one (`/dev/stdout`) is refused too: the rename would replace the link.
    let link = dir.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pipe)
    #expect(throws: IOFailure.self) { try AtomicFileWriter.write("x\n", to: link) }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == pipe)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link", "pipe"])
  }

  @Test func commitReplacesWholeAndCreatesDirectories() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("a/b/out.csv").path
    let w = try AtomicFileWriter(path: path)
    #expect(!FileManager.default.fileExists(atPath: path), "nothing visible before commit")
    let big = String(repeating: "0123456789", count: 20_000)
    try w.write(big)
    try w.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == big)
  }

  @Test func droppedWriterCleansUp() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    do {
      let w = try AtomicFileWriter(path: dir.appendingPathComponent("x.csv").path)
      try w.write("partial")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func unwritableDestinationIsAClearError() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let blocker = dir.appendingPathComponent("file")
    try "x".write(to: blocker, atomically: true, encoding: .utf8)
    #expect(throws: (any Error).self) {
      try AtomicFileWriter.write("y", to: blocker.appendingPathComponent("out.csv").path)
    }
  }

  @Test func csvCellsAreShortestRoundTripAndQuoted() {
    #expect(CSVFormat.cell(0.1) == "0.1")
    #expect(CSVFormat.cell(1e-5) == "1e-05")
    #expect(CSVFormat.cell(Double?.none) == "")
    // No file holds `nan`: a value that does not exist is an empty cell.
    #expect(CSVFormat.cell(Double.nan) == "")
    // Counts are integers when whole; a mean of a count keeps its fraction; other metrics as doubles.
    #expect(CSVFormat.cell(3.0, of: .idSwitches) == "3")
    #expect(CSVFormat.cell(0.35, of: .idSwitches) == "0.35")
    #expect(CSVFormat.cell(3.0, of: .framingErrorRMS) == "3.0")
    #expect(CSVFormat.cell(Double?.none, of: .idSwitches) == "")
    #expect(CSVFormat.cell("a,b") == "\"a,b\"")
    #expect(CSVFormat.cell("say \"hi\"") == "\"say \"\"hi\"\"\"")
    for x in [0.1, 1.0 / 3, 6.02e23, -2.5e-300] { #expect(Double(CSVFormat.cell(x)) == x) }
    // Swift holds "\r\n" as one Character: it must still be seen as a line break.
    for text in ["a\nb", "a\rb", "a\r\nb"] { #expect(CSVFormat.cell(text) == "\"\(text)\"") }
  }

  @Test func linesSplitAtLFAndCRLF() {
    #expect(CSVFormat.lines("a,b\r\nc\nd\r\n") == ["a,b", "c", "d", ""])
    #expect(CSVFormat.lines("") == [""])
  }
}
