import DockSimIO
import Testing

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
