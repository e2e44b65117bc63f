import DockSimCore

/// The two per-scenario plots drawn by other code (the track timeline and the top-down room view),
/// plugged into the page as closures so that this module compiles and is tested without them.
///
/// Each closure returns one `<svg>…</svg>` element (XHTML-compatible, self-contained), or nil to leave
/// the placeholder with a note. A thrown error stops the report (exit 2, nothing written), like any other
/// unreadable input. `standard` draws DockSim's own `TrackTimelinePlot` and `RoomViewPlot` (what
/// `docksim report` uses); `init()` with no arguments leaves both placeholders, and a user can plug in
/// their own drawings.
public struct ReportSections: Sendable {
  /// Called with the path of `traces/<scenario>.objects.csv` (only when the file exists).
  public var trackTimeline: @Sendable (_ objectsCSVPath: String) throws -> String?
  /// Called with the scenario as loaded by `ScenarioLoader` (only when `--scenarios` or `run` gave
  /// it) and the path of `traces/<scenario>.csv` (only when the file exists).
  public var roomView: @Sendable (_ scenario: Scenario, _ traceCSVPath: String) throws -> String?

  public init(
    trackTimeline: @escaping @Sendable (String) throws -> String? = { _ in nil },
    roomView: @escaping @Sendable (Scenario, String) throws -> String? = { _, _ in nil }
  ) {
    self.trackTimeline = trackTimeline
    self.roomView = roomView
  }

  /// The built-in track timeline and room view.
  public static let standard = ReportSections(
    trackTimeline: { inline(try TrackTimelinePlot.svg(objectsCSV: $0, width: ReportLayout.plotWidth)) },
    roomView: { inline(try RoomViewPlot.svg(scenario: $0, traceCSV: $1, width: ReportLayout.plotWidth)) })

  /// The plots carry the SVG namespace so they stand alone as files; inside the HTML page the parser
  /// implies it, and leaving it out keeps the page free of any `http` string (the self-containment check).
  static func inline(_ svg: String) -> String {
    svg.replacingOccurrences(of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
  }
}

/// Sizes shared by every plot of the page, in CSS pixels.
public enum ReportLayout {
  /// Width of every plot; the page's content column is this wide.
  public static let plotWidth = 960.0
  /// Height of a time plot.
  public static let plotHeight = 300.0
}
