import DockSimCore
import Foundation
import Testing

@testable import DockSimReport

/// The trace read record by record for the time plots (`TraceData`): a short trace is kept whole, a
/// long one is reduced with its extremes, the values computed on the way match the whole-file
/// computation, and a bad cell is still located.
@Suite struct StreamedTraceTests {
  static func trace(frames: Int, _ row: (Int) -> String = { _ in "" }) throws -> (URL, String) {
    let dir = try ReportFixture.make(frames: frames)
    let path = dir.appendingPathComponent("traces/a.csv").path
    return (dir, path)
  }

  @Test func aShortTraceIsKeptWhole() throws {
    let (dir, path) = try Self.trace(frames: 300)
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = try TraceData.read(path: path)
    #expect(!trace.subjectAzimuth.reduced)
    #expect(trace.subjectAzimuth.times == (0..<300).map { Double($0) / 30 })
    #expect(trace.subjectAzimuth.values == (0..<300).map { 0.5 * sin(Double($0) / 30) })
    #expect(trace.timeSpan == 0...(299.0 / 30))
    // est_nis has a value from frame 5: 295 values, 266 means of 30, the first at frame 34.
    #expect(trace.estimateNIS?.present == 295)
    #expect(trace.estimateNIS?.series.times.first == 34.0 / 30)
    let first = (5..<35).map { 3 + sin(Double($0) / 30) }.reduce(0, +) / 30
    #expect(trace.estimateNIS?.series.values.count == 266)
    #expect(trace.estimateNIS?.series.values.first == first)
  }

  @Test func theFramesOverTheSpeedCapAreFoundWhileReading() throws {
    let (dir, path) = try Self.trace(frames: 300)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Frame 100 commands 4 rad/s against the default dock's yaw cap.
    let dock = DockParameters()
    let trace = try TraceData.read(path: path, dock: dock)
    #expect(trace.yawOverCap?.frames == 1)
    #expect(trace.yawOverCap?.spans == [(100.0 / 30)...(101.0 / 30)])
    #expect(trace.pitchOverCap?.frames == 0)
    #expect(try TraceData.read(path: path).yawOverCap == nil)
  }

  @Test func aLongTraceIsReducedAndKeepsItsExtremes() throws {
    let (dir, path) = try Self.trace(frames: 3_000)
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = try TraceData.read(path: path, limit: 256)
    let yaw = trace.cameraYaw
    #expect(yaw.reduced)
    #expect(yaw.values.count <= 256)
    let raw = (0..<3_000).map { 0.5 * sin(Double($0) / 30) - 0.02 }
    #expect(yaw.values.max() == raw.max() && yaw.values.min() == raw.min())
    // The one-frame command spike survives.
    #expect(trace.commandYaw.values.contains(4.0))
    #expect(trace.timeSpan == 0...(2_999.0 / 30))
  }

  @Test func aBadCellNamesFileLineColumnAndField() throws {
    let (dir, path) = try Self.trace(frames: 50)
    defer { try? FileManager.default.removeItem(at: dir) }
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    var cells = lines[41].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    cells[12] = "x"
    lines[41] = cells.joined(separator: ",")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let error = try #require(throws: ReportError.self) { try TraceData.read(path: path) }
    let column = cells[0..<12].map(\.count).reduce(0, +) + 12 + 1
    #expect(
      error.description
        == "\(path):42:\(column): framing_error: expected a finite number, an empty cell or nan (no value), got 'x'"
    )
  }

  @Test func aMissingColumnAndATimeGoingBackAreRefused() throws {
    let (dir, path) = try Self.trace(frames: 50)
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "framing_error", with: "framing").write(
      toFile: path, atomically: true, encoding: .utf8)
    let missing = try #require(throws: ReportError.self) { try TraceData.read(path: path) }
    #expect(missing.description == "\(path):1: no framing_error column in the header; expected one")
    var lines = text.split(separator: "\n").map(String.init)
    lines[19] = lines[19].replacingOccurrences(of: "18,0.6,", with: "18,0.1,")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let back = try #require(throws: ReportError.self) { try TraceData.read(path: path) }
    #expect(back.description.hasPrefix("\(path):20:"), "\(back)")
    #expect(back.description.contains("t_s: expected a time not earlier than the row before, got '0.1'"))
  }
}
