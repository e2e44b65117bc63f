import Testing

@testable import DockSimIO

/// Observation logs and reference tracks read their numbers under the one number rule (`CSVNumber`):
/// `Double(String)` and `Int64(String)` took hexadecimal times and signed frame numbers.
struct ObservationLogNumberRuleTests {
  static let header = ObservationLog.columns.joined(separator: ",") + "\n"

  /// The description of the error `body` throws, or "no error".
  static func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch { return String(describing: error) }
  }

  @Test(arguments: [
    ("0,0x10,0,0,,,,,\n", "log.csv:2: t_s: expected a finite number, got '0x10'"),
    ("+3,0,0,0,,,,,\n", "log.csv:2: frame: expected a non-negative integer, got '+3'"),
    ("0,0,0,0,humanFace,0.5,0.5,0x1p-2,0.2\n", "log.csv:2: width: expected a finite number, got '0x1p-2'"),
  ])
  func aLogNumberOutsideTheRuleIsRefused(row: String, message: String) {
    #expect(Self.message { _ = try ObservationLog.parse(Self.header + row, file: "log.csv") } == message)
  }

  @Test func aReferenceFrameWithASignIsRefused() {
    #expect(
      Self.message { _ = try ReferenceTrack.parse("frame,az_rad,el_rad\n+1,0,0\n", file: "ref.csv") }
        == "ref.csv:2: frame: expected a non-negative integer, got '+1'")
  }
}

/// The objects trace `score --objects` reads back: a track is its number under the count rule.
struct ObjectsTraceNumberRuleTests {
  static let header = ObjectsCSVSink.columns.joined(separator: ",") + "\n"

  /// `1` and `01` were two ids to the duplicate check and one track to the scoring.
  @Test func aTrackNumberWrittenTwiceInTwoSpellingsIsOneTrackListedTwice() {
    let text =
      Self.header + "0,0.0,track,1,humanBody,0.5,0.5,0.1,0.4,,confirmed,1,0.05\n"
      + "0,0.0,track,01,humanBody,0.4,0.5,0.1,0.4,,confirmed,0,0.05\n"
    #expect(
      ObservationLogNumberRuleTests.message { _ = try ObjectsCSVFile.parse(text, file: "o") }
        == "o:3: id: track 01 humanBody listed twice in frame 0")
  }

  @Test func aSignedTrackNumberIsRefused() {
    let text = Self.header + "0,0.0,track,+1,humanBody,0.5,0.5,0.1,0.4,,confirmed,1,0.05\n"
    #expect(
      ObservationLogNumberRuleTests.message { _ = try ObjectsCSVFile.parse(text, file: "o") }
        == "o:2: id: expected a track number, got '+1'")
  }

  /// Read through a double, the largest Int rounded up to 2^63 and trapped.
  @Test func theLargestFrameNumberIsReadWithoutATrap() throws {
    let text = Self.header + "9223372036854775807,0.0,gt,bob,humanBody,0.5,0.5,0.1,0.4,1.0,,,0.05\n"
    #expect(try ObjectsCSVFile.parse(text, file: "o").objects.map(\.frame) == [Int.max])
  }
}
