import Foundation
import Testing

@testable import DockSimReport

/// Hostile cells in the files the report reads back, each of which the report once drew or refused
/// vaguely: every one is now refused at its cell by the one read-back reader (`CSVTableReader`).
@Suite struct ReadBackHostileTests {
  /// Writes `text` to `name` in a fresh directory; returns the directory and the file's path.
  static func file(_ name: String, _ text: String) throws -> (URL, String) {
    let dir = try ReportFixture.make(frames: 20)
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (dir, path)
  }

  /// The message of the error `body` throws, or "no error".
  static func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch { return String(describing: error) }
  }

  @Test(arguments: ["inf", "1e999", "-nan", "0x10"])
  func aPlottedTraceValueMustBeFiniteAndDecimal(value: String) throws {
    let dir = try ReportFixture.make(frames: 20)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("traces/a.csv").path
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    var cells = lines[9].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    cells[6] = value
    lines[9] = cells.joined(separator: ",")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let column = cells[0..<6].map(\.count).reduce(0, +) + 6 + 1
    #expect(
      Self.message { _ = try TraceData.read(path: path) }
        == "\(path):10:\(column): camera_yaw_rad: expected a finite number, an empty cell or nan (no value), "
        + "got '\(value)'")
  }

  @Test func anEventTimeThatIsNotFiniteIsNamedAsItIs() throws {
    let (dir, path) = try Self.file("traces/a.events.csv", "frame,t_s,command,result\n30,inf,setLimits,ok\n")
    defer { try? FileManager.default.removeItem(at: dir) }
    // It was refused as "got an empty cell".
    #expect(
      Self.message { _ = try EventRecord.read(path: path) }
        == "\(path):2:4: t_s: expected a finite number, got 'inf'; non-finite values cannot be compared and "
        + "are refused")
  }

  @Test func aFrameNumberInAnExponentIsNotACount() throws {
    let (dir, path) = try Self.file(
      "traces/a.objects.csv",
      "frame,capture_t_s,type,id,kind,u,v,h,visible_fraction,status,primary\n"
        + "1e3,0.0,gt,alice,humanBody,0.5,0.5,0.6,1.0,,\n")
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(
      Self.message { _ = try TrackTimelinePlot.svg(objectsCSV: path, width: 800) }
        == "\(path):2:1: frame: expected a whole number ≥ 0, got '1e3'")
  }

  @Test func aNumberOfRunsWithAFractionIsRefused() throws {
    let (dir, path) = try Self.file(
      "expectations.csv",
      "scenario,metric,min,max,value,result,runs,share,required_share\na,x,,,1,pass,2e1,0.5,0.5\n")
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(
      Self.message { _ = try ExpectationRecord.read(path: path) }
        == "\(path):2:14: runs: expected a whole number ≥ 0, got '2e1'")
  }

  /// `verdict` (issue 29) is read when present: a cannot tell is no failure; an unknown word is refused.
  @Test func theVerdictIsReadAndAnUnknownOneIsRefused() throws {
    let header =
      "scenario,metric,min,max,value,result,runs,share,required_share,share_ci_low,share_ci_high,verdict\n"
    let (dir, path) = try Self.file(
      "expectations.csv",
      header + "a,x,,,1,fail,5,0.6,0.9,0.147,0.947,cannot tell\na,y,,,1,fail,5,0.0,0.9,0.0,0.52,fail\n")
    defer { try? FileManager.default.removeItem(at: dir) }
    let records = try ExpectationRecord.read(path: path)
    #expect(records.map(\.verdict) == ["cannot tell", "fail"] && records.map(\.failed) == [false, true])
    try (header + "a,x,,,1,fail,5,0.6,0.9,0.147,0.947,maybe\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(
      Self.message { _ = try ExpectationRecord.read(path: path) }
        == "\(path):2:36: verdict: expected pass, fail or cannot tell, got 'maybe'")
    // A file written before the column: the verdict is the result.
    try "scenario,metric,min,max,value,result\na,x,,,1,fail\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(try ExpectationRecord.read(path: path).map(\.verdict) == ["fail"])
  }
}
