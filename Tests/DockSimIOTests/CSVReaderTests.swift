import DockSimIO
import Testing

/// The one CSV reader: positions, line ends, quoting as the writers write it, and every quoting error.
@Suite struct CSVReaderTests {
  @Test func cellsCarryTheirLineAndColumn() throws {
    let records = try CSVReader.records("a,bb,c\n\n1,,\"x,y\"\n", file: "t.csv")
    #expect(records.count == 2)
    #expect(
      records[0]
        == CSVRecord(
          line: 1,
          cells: [.init(text: "a", column: 1), .init(text: "bb", column: 3), .init(text: "c", column: 6)]))
    #expect(records[1].line == 3)
    #expect(records[1].texts == ["1", "", "x,y"])
    #expect(records[1].cells.map(\.column) == [1, 3, 4])
  }

  @Test func crlfAndLoneCarriageReturnEndRecords() throws {
    let records = try CSVReader.records("a,b\r\n1,2\r3,4", file: "t.csv")
    #expect(records.map(\.texts) == [["a", "b"], ["1", "2"], ["3", "4"]])
    #expect(records.map(\.line) == [1, 2, 3])
  }

  @Test func quotedCellsKeepQuotesAndLineBreaks() throws {
    let records = try CSVReader.records("a,b\n\"say \"\"hi\"\"\",\"two\r\nlines\"\nz,\"\"\n", file: "t.csv")
    #expect(records[1].texts == ["say \"hi\"", "two\r\nlines"])
    #expect(records[2].line == 4)
    #expect(records[2].texts == ["z", ""])
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let records = try CSVReader.records("é€,x\n", file: "t.csv")
    #expect(records[0].cells.map(\.column) == [1, 4])
    let error = try #require(throws: InputError.self) {
      try CSVReader.records("é€,a\"b\n", file: "t.csv")
    }
    #expect(error.column == 5)
  }

  @Test func anUnclosedQuoteIsLocated() throws {
    let error = try #require(throws: InputError.self) {
      try CSVReader.records("a,b\n1,\"open\n", file: "t.csv")
    }
    #expect(error.description == "t.csv:2:3: a quoted cell is never closed; expected a closing quote")
  }

  @Test func textAfterAClosingQuoteIsLocated() throws {
    let error = try #require(throws: InputError.self) {
      try CSVReader.records("a,\"b\"c\n", file: "t.csv")
    }
    #expect(
      error.description == "t.csv:1:6: expected a comma or the end of the line after a closing quote, got 'c'"
    )
  }

  @Test func aQuoteInsideAnUnquotedCellIsLocated() throws {
    let error = try #require(throws: InputError.self) {
      try CSVReader.records("a\nxy\"z\n", file: "t.csv")
    }
    #expect(error.description == "t.csv:2:3: unexpected quote inside an unquoted cell; expected \"\" quoting")
  }

  @Test func commentsAreSkippedOnlyWhenAsked() throws {
    let text = "# note\nh\n#x\n1\n"
    var reader = CSVReader(text: text, file: "t.csv", skipsComments: true)
    let header = reader.nextLine()
    #expect(header?.line == 2)
    #expect(try reader.next() == CSVRecord(line: 4, cells: [.init(text: "1", column: 1)]))
    #expect(try reader.next() == nil)
    #expect(try CSVReader.records(text, file: "t.csv").count == 4)
  }

  @Test func nextLineReturnsTheLineUnsplit() throws {
    var reader = CSVReader(text: "\r\n\"a\",b\r\nc\n", file: "t.csv")
    let next = reader.nextLine()
    let line = try #require(next)
    #expect(line.line == 2)
    #expect(line.text == "\"a\",b")
    #expect(try reader.next()?.texts == ["c"])
  }
}
