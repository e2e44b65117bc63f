import DockSimCore

/// Streams `traces/<scenario>.events.csv`: every command of the timeline as the dock applied or refused
/// it. Columns: `frame`, `t_s`, `command`, `result` (`ok`, or the DockKit error that refused it).
public struct EventsCSVSink: TraceSink {
  public static let columns = ["frame", "t_s", "command", "result"]
  private let writer: AtomicFileWriter

  public init(path: String) throws {
    writer = try AtomicFileWriter(path: path)
    try writer.write(CSVFormat.line(EventsCSVSink.columns))
  }

  public mutating func write(_ r: FrameRecord) throws {
    for name in r.commands {
      try writer.write(CSVFormat.line([CSVFormat.cell(r.frame), CSVFormat.cell(r.time.seconds), name, "ok"]))
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
