import DockSimCore

/// Streams `traces/<scenario>.events.csv`: every command of the timeline as the dock applied or refused
/// it. Columns: `frame`, `t_s`, `command`, `result` (`ok`, with the planned duration of a
/// `setOrientation` and what stretched it, or the DockKit error that refused it).
public struct EventsCSVSink: CommittableSink {
  public static let columns = ["frame", "t_s", "command", "result"]
  private let writer: AtomicFileWriter

  public init(path: String) throws {
    writer = try AtomicFileWriter(path: path)
    try writer.write(CSVFormat.line(EventsCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    for entry in r.commands {
      // "name (note)": the note, if any, goes into the result cell. A name has no " (" of its own
      // (`accessoryEvent(button(1, pressed))` has commas and spaces, so every cell is quoted as needed).
      let (name, note) = Self.split(entry)
      try writer.write(
        CSVFormat.line([
          CSVFormat.cell(r.frame), CSVFormat.cell(r.time.seconds), CSVFormat.cell(name),
          CSVFormat.cell(note.map { "ok " + $0 } ?? "ok"),
        ]))
    }
    for v in r.violations {
      try writer.write(
        CSVFormat.line([
          CSVFormat.cell(r.frame), CSVFormat.cell(v.time.seconds), CSVFormat.cell(v.command),
          CSVFormat.cell(v.error.rawValue),
        ]))
    }
  }

  /// A logged command's name and its note (`(planned …)`, `(stretched …)`), split at the first " (".
  static func split(_ entry: String) -> (name: String, note: String?) {
    guard let r = entry.range(of: " (") else { return (entry, nil) }
    return (String(entry[..<r.lowerBound]), String(entry[entry.index(after: r.lowerBound)...]))
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
