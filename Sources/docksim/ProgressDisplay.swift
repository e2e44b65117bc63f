import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

/// Tuning progress on standard error: a bar redrawn in place on a terminal, plain lines every
/// `interval` seconds otherwise (CI logs). Never on standard output, never in a result file.
final class ProgressDisplay: @unchecked Sendable {
  private let lock = NSLock()
  private let terminal = isatty(STDERR_FILENO) == 1
  private let start = Date()
  private var startDone: Int?
  private var lastDraw = Date.distantPast
  private var lastPhase: TrialRecord.Phase?
  private let interval: TimeInterval

  init(interval: TimeInterval = 10) { self.interval = interval }

  func update(_ p: TuneProgress) {
    lock.lock()
    defer { lock.unlock() }
    if startDone == nil { startDone = p.done - 1 }
    let now = Date()
    let phaseChanged = p.phase != lastPhase
    let due = terminal ? now.timeIntervalSince(lastDraw) >= 0.1 : now.timeIntervalSince(lastDraw) >= interval
    guard due || phaseChanged || p.done >= p.planned else { return }
    lastDraw = now
    lastPhase = p.phase
    let best =
      p.bestObjective.map { "best \(Self.short($0)) (trial \(p.bestTrial!))" } ?? "no feasible trial yet"
    let eta = Self.eta(
      elapsed: now.timeIntervalSince(start), done: p.done - startDone!, left: p.planned - p.done)
    let count = "\(p.done)/\(p.planned)"
    if terminal {
      let width = 24
      let filled = min(width, p.done * width / max(1, p.planned))
      let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      FileHandle.standardError.write(
        Data("\r\u{1B}[K[\(bar)] \(count) \(p.phase.rawValue), \(best), ETA \(eta)".utf8))
    } else {
      FileHandle.standardError.write(
        Data("docksim tune: \(count) trials (\(p.phase.rawValue)), \(best), ETA \(eta)\n".utf8))
    }
  }

  /// Ends the bar's line so later output starts on a fresh one.
  func finish() {
    if terminal && lastPhase != nil { FileHandle.standardError.write(Data("\n".utf8)) }
  }

  static func short(_ v: Double) -> String { CSVFormat.cell(SearchSpace.significant(v, digits: 4)) }

  static func eta(elapsed: TimeInterval, done: Int, left: Int) -> String {
    guard done > 0 else { return "?" }
    let seconds = Int((elapsed / Double(done) * Double(max(0, left))).rounded())
    return seconds >= 60 ? "\(seconds / 60)m\(seconds % 60)s" : "\(seconds)s"
  }
}
