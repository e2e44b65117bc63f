/// One CSV line built in place, for the trace sinks, which write tens of lines per frame: the cells go
/// straight into bytes reused from line to line, so a line costs no array of cell strings, no joined
/// string and (through `_writeASCII`) no string per number. The bytes are those of
/// `CSVFormat.line` of the `CSVFormat.cell`s of the same values.
struct CSVRow: TextOutputStream {
  private(set) var bytes: [UInt8] = []
  private var cells = 0

  /// Starts a new line.
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    cells = 0
  }

  /// Ends the line.
  mutating func end() { bytes.append(UInt8(ascii: "\n")) }

  mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

  /// Where `Double.write(to:)` puts its shortest round-trip digits: copied as they are, rather than
  /// through a `String` first.
  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

  private mutating func separate() {
    if cells > 0 { bytes.append(UInt8(ascii: ",")) }
    cells += 1
  }

  /// As `CSVFormat.cell(_: Double?)`: empty for nil and NaN, else the shortest round-trip form.
  mutating func add(_ value: Double?) {
    separate()
    guard let value, !value.isNaN else { return }
    value.write(to: &self)
  }

  mutating func add(_ value: Int64) {
    separate()
    write(value.description)
  }

  mutating func add(_ value: Int) {
    separate()
    write(value.description)
  }

  /// Text that needs no quoting (raw values, flags, fixed words), as is.
  mutating func add(raw text: String) {
    separate()
    write(text)
  }

  /// Any text, quoted as `CSVFormat.cell(_: String)` quotes it.
  mutating func add(text: String) {
    separate()
    write(CSVFormat.cell(text))
  }
}
