import DockSimIO
import Testing

/// The one read-back reader: its header rules, its row shape and every typed accessor, each with the
/// values it takes and the ones it refuses, located as file:line:column: field.
@Suite struct CSVTableReaderTests {
  /// The one row of a table whose header is `x` and whose cell is `cell` (quoted when needed).
  private func row(_ cell: String) throws -> CSVTableRow {
    var reader = try CSVTableReader(text: "x,y\n\(cell),0\n", file: "t.csv", expected: "a table")
    return try #require(try reader.next())
  }

  /// The message of what `read` throws, or nil when it throws nothing.
  private func refusal<T>(_ read: () throws -> T) -> String? {
    do {
      _ = try read()
      return nil
    } catch { return String(describing: error) }
  }

  @Test func columnsAreFoundByName() throws {
    var reader = try CSVTableReader(text: "a,b,c\n1,2,3\n", file: "t.csv", expected: "a table")
    #expect(reader.columns == ["a", "b", "c"])
    #expect(try reader.column("c") == 2)
    #expect(reader.columnIndex("d") == nil)
    #expect(try reader.columns(["b", "a"]) == [1, 0])
    let row = try #require(try reader.next())
    #expect(row.line == 2)
    #expect(row[1] == "2")
    #expect(try reader.next() == nil)
  }

  @Test func aMissingColumnIsNamedAtTheHeader() throws {
    let reader = try CSVTableReader(text: "a,b\n1,2\n", file: "t.csv", expected: "a table")
    #expect(refusal { try reader.column("z") } == "t.csv:1: no z column in the header; expected one")
    #expect(
      refusal { try reader.columns(["a", "y", "z"]) }
        == "t.csv:1: no y, z columns in the header; expected them")
    #expect(
      refusal { try reader.requireColumns(["a", "c"], what: "a test table") }
        == "t.csv:1: expected the columns of a test table (a,c), got a,b")
  }

  @Test func theHeaderMustNameEveryColumnOnce() {
    #expect(
      refusal { try CSVTableReader(text: "a,b,a\n", file: "t.csv", expected: "a table") }
        == "t.csv:1:5: column 'a' appears twice in the header; expected unique names")
    #expect(
      refusal { try CSVTableReader(text: "a,,b\n", file: "t.csv", expected: "a table") }
        == "t.csv:1:3: empty column name in the header; expected a name")
    #expect(
      refusal { try CSVTableReader(text: "\n\n", file: "t.csv", expected: "a table") }
        == "t.csv: the file is empty; expected a table with a header line")
  }

  @Test func aRaggedRowIsRefusedWithItsLine() throws {
    var reader = try CSVTableReader(text: "a,b\n1,2\n3\n", file: "t.csv", expected: "a table")
    _ = try reader.next()
    #expect(
      refusal { try reader.next() } == "t.csv:3: expected 2 cells as in the header, got 1")
    var long = try CSVTableReader(text: "a,b\n1,2,3\n", file: "t.csv", expected: "a table")
    #expect(refusal { try long.rows() } == "t.csv:2: expected 2 cells as in the header, got 3")
  }

  @Test func finiteNumbersAreDecimalAndFinite() throws {
    for (text, value) in [
      ("3", 3.0), ("-0.25", -0.25), ("1e-05", 1e-05), ("1e+20", 1e20), ("-0.0", 0), (".5", 0.5),
    ] {
      #expect(try row(text).finite(0) == value)
    }
    let refused: [(String, String)] = [
      (
        "1e999", "expected a finite number, got '1e999'; non-finite values cannot be compared and are refused"
      ),
      ("inf", "expected a finite number, got 'inf'; non-finite values cannot be compared and are refused"),
      ("-nan", "expected a finite number, got '-nan'; non-finite values cannot be compared and are refused"),
      ("nan", "expected a finite number, got 'nan'; non-finite values cannot be compared and are refused"),
      ("\" 3\"", "expected a number, got ' 3'"),
      ("0x10", "expected a decimal number, got '0x10'"),
      ("0x1p3", "expected a decimal number, got '0x1p3'"),
      ("1_000", "expected a number, got '1_000'"),
      ("", "expected a number, got ''"),
      ("1e", "expected a number, got '1e'"),
    ]
    for (cell, message) in refused {
      #expect(refusal { try row(cell).finite(0) } == "t.csv:2:1: x: \(message)")
    }
    #expect(
      refusal { try row("-1").finite(0, .nonNegative) }
        == "t.csv:2:1: x: expected a finite number ≥ 0, got '-1'")
    #expect(try row("2").finite(0, in: 0...2) == 2)
    #expect(
      refusal { try row("3").finite(0, in: 0...2, unit: " rad") }
        == "t.csv:2:1: x: expected a value in 0.0...2.0 rad, got 3")
  }

  @Test func anEmptyCellIsAllowedOnlyWhereItMeansSomething() throws {
    #expect(try row("").finite(0, empty: "not applicable") == nil)
    #expect(try row("4").finite(0, empty: "not applicable") == 4)
    #expect(
      refusal { try row("nan").finite(0, empty: "not applicable") }
        == "t.csv:2:1: x: expected a finite number or an empty cell (not applicable), got 'nan'; "
        + "non-finite values cannot be compared and are refused")
  }

  @Test func nanMeansMissingOnlyWhereAllowedAndOnlySpelledNan() throws {
    #expect(try row("").finiteOrMissing(0).isNaN)
    #expect(try row("nan").finiteOrMissing(0).isNaN)
    #expect(try row("1.5").finiteOrMissing(0) == 1.5)
    for cell in ["-nan", "NaN", "inf", "1e999", "0x10"] {
      #expect(
        refusal { try row(cell).finiteOrMissing(0) }
          == "t.csv:2:1: x: expected a finite number, an empty cell or nan (no value), got '\(cell)'")
    }
    #expect(
      refusal { try row("-2").finiteOrMissing(0, .nonNegative) }
        == "t.csv:2:1: x: expected a non-negative finite number, an empty cell or nan (no value), got '-2'")
  }

  @Test func countsAreDecimalDigitsOnly() throws {
    #expect(try row("0").count(0) == 0)
    #expect(try row("9223372036854775807").count(0) == Int.max)
    #expect(try row("").count(0, empty: "a failed run") == nil)
    for cell in ["-1", "1.0", "1e3", "+2", "\" 3\"", "0x10", "1_000", "", "9223372036854775808", "inf"] {
      let shown = cell == "\" 3\"" ? " 3" : cell
      #expect(
        refusal { try row(cell).count(0) }
          == "t.csv:2:1: x: expected a whole number ≥ 0, got '\(shown)'")
    }
    #expect(
      refusal { try row("x").count(0, empty: "a failed run") }
        == "t.csv:2:1: x: expected a whole number ≥ 0 or an empty cell (a failed run), got 'x'")
  }

  @Test func seedsSpanUInt64() throws {
    #expect(try row("18446744073709551615").seed(0) == UInt64.max)
    for cell in ["18446744073709551616", "-1", "", "1e3", "0x10"] {
      #expect(
        refusal { try row(cell).seed(0) }
          == "t.csv:2:1: x: expected a number that is a seed (a whole number ≥ 0), got '\(cell)'")
    }
  }

  @Test func namesAreSafeAsFileNames() throws {
    #expect(try row("walk-across_2.v1").name(0) == "walk-across_2.v1")
    #expect(
      refusal { try row("../etc").name(0) }
        == "t.csv:2:1: x: expected \(ScenarioName.expected), got '../etc'")
    #expect(
      refusal { try row("..").name(0) }
        == "t.csv:2:1: x: expected a name other than . and .., got '..'")
    #expect(
      refusal { try row("").name(0) }
        == "t.csv:2:1: x: expected a scenario name, got an empty cell")
    #expect(refusal { try row("a/b").name(0) } != nil)
  }

  @Test func digestsAreSixteenLowercaseHexDigits() throws {
    #expect(try row("0123456789abcdef").digest(0) == 0x0123_4567_89ab_cdef)
    for cell in [
      "0123456789ABCDEF", "+123456789abcdef", "123456789abcdef", "0123456789abcdef0", "", "0x23456789abcdef",
    ] {
      #expect(
        refusal { try row(cell).digest(0) }
          == "t.csv:2:1: x: expected 16 lowercase hexadecimal digits, got '\(cell)'")
    }
  }

  @Test func aNumberOfAKindLookedUpByNameIsReadByThatKindsRule() throws {
    #expect(try row("7").number(0, .count, empty: "a failed run") == 7)
    #expect(try row("18446744073709551615").number(0, .seed, empty: "a failed run") == Double(UInt64.max))
    #expect(try row("-2.5").number(0, .finite, empty: "not applicable") == -2.5)
    #expect(try row("").number(0, .nonNegative, empty: "not applicable") == nil)
    #expect(
      refusal { try row("1.5").number(0, .count, empty: "a failed run") }
        == "t.csv:2:1: x: expected a whole number ≥ 0 or an empty cell (a failed run), got '1.5'")
    #expect(
      refusal { try row("-1").number(0, .seed, empty: "a failed run") }
        == "t.csv:2:1: x: expected a number that is a seed (a whole number ≥ 0) or an empty cell (a failed run), "
        + "got '-1'")
    #expect(
      refusal { try row("-0.1").number(0, .nonNegative, empty: "not applicable") }
        == "t.csv:2:1: x: expected a finite number ≥ 0 or an empty cell (not applicable), got '-0.1'")
  }

  @Test func wordsAndFlagsAreFixed() throws {
    #expect(try row("ok").word(0, ["ok", "error"]) == "ok")
    #expect(try row("1").flag(0, true: "1", false: "0"))
    #expect(try !row("fail").flag(0, true: "pass", false: "fail"))
    #expect(
      refusal { try row("OK").word(0, ["ok", "error"]) }
        == "t.csv:2:1: x: expected ok or error, got 'OK'")
    #expect(
      refusal { try row("x").word(0, ["a", "b", "c"]) }
        == "t.csv:2:1: x: expected a, b or c, got 'x'")
  }

  @Test func aStreamedFileReadsAsItsText() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("t.csv", "a,b\n1,\"x,y\"\n")
    var reader = try CSVTableReader(path: path, expected: "a table")
    let row = try #require(try reader.next())
    #expect(row.texts == ["1", "x,y"])
    #expect(
      refusal { try CSVTableReader(path: directory.path + "/none.csv", expected: "a table") }
        != nil)
  }
}
