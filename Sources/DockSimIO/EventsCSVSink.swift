import DockSimCore

/// Streams `traces/<scenario>.events.csv`: every command of the timeline as the dock applied or refused
/// it. Columns: `frame`, `t_s`, `command`, `result` (`ok`, with the planned duration of a
/// `setOrientation` and what stretched it, or the DockKit error that refused it).
public struct EventsCSVSink: TraceSink {
  public static let columns = ["frame", "t_s", "command", "result"]
  private let writer: AtomicFileWriter

  public init(path: String) throws {
    writer = try AtomicFileWriter(path: path)
    try writer.write(CSVFormat.line(EventsCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    for entry in r.commands {
      // "name (note)": the note, if any, goes into the result cell.
      let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
      let result = parts.count > 1 ? "ok " + parts[1] : "ok"
      try writer.write(
        CSVFormat.line([
          CSVFormat.cell(r.frame), CSVFormat.cell(r.time.seconds), parts[0], CSVFormat.cell(result),
        ]))
    }
    for v in r.violations {
      try writer.write(
        CSVFormat.line([CSVFormat.cell(r.frame), CSVFormat.cell(v.time.seconds), v.command, v.error.rawValue])
      )
    }
  }

  public func commit() throws { try writer.commit() }
  public func abort() { writer.abort() }
}
