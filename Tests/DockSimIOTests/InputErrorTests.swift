import DockSimIO
import Testing

/// The one located input error: its description leaves out exactly the parts that are unknown.
@Suite struct InputErrorTests {
  @Test func everyPartInOrder() {
    let error = InputError(file: "out/summary.csv", line: 3, column: 17, field: "idf1", message: "expected x")
    #expect(error.description == "out/summary.csv:3:17: idf1: expected x")
  }

  @Test func unknownPartsAreLeftOut() {
    #expect(
      InputError(file: "a.yaml", line: 14, field: "dock", message: "m").description == "a.yaml:14: dock: m")
    #expect(InputError(file: "a.csv", line: 2, message: "m").description == "a.csv:2: m")
    #expect(InputError(file: "a.csv", field: "", message: "m").description == "a.csv: m")
  }

  @Test func aColumnWithoutALineIsDropped() {
    let error = InputError(file: "a.csv", column: 4, message: "m")
    #expect(error.column == nil)
    #expect(error.description == "a.csv: m")
  }

  @Test func aFieldWithoutAColumnIsNamed() {
    let error = InputError(file: "log.csv", line: 5, field: "frame", message: "m")
    #expect(error.column == nil)
    #expect(error.description == "log.csv:5: frame: m")
  }

  @Test func aLogRowErrorNamesItsLineAndColumn() throws {
    let header = ObservationLog.columns.joined(separator: ",")
    let text = header + "\n0,0,0,0,humanBody,0.5,0.5,\"0.1\"x,0.2\n"
    let error = try #require(throws: InputError.self) { try ObservationLog.parse(text, file: "log.csv") }
    #expect(
      error.description
        == "log.csv:2:32: expected a comma or the end of the line after a closing quote, got 'x'")
  }
}
