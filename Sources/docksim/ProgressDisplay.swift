import DockSimCore
import DockSimHarness
import DockSimIO
import Foundation

/// One progress line on standard error: a bar redrawn in place on a terminal (at most ten times a
/// second), a plain line every `interval` seconds otherwise (CI logs). Never on standard output,
/// never in a result file, so every output is byte-identical with or without it.
final class ProgressLine: @unchecked Sendable {
  let terminal = isatty(STDERR_FILENO) == 1
  /// Seconds between two lines when standard error is not a terminal.
  let interval: TimeInterval
  /// Seconds between two redraws: what is due next.
  var period: TimeInterval { terminal ? 0.1 : interval }
  private let command: String
  private let lock = NSLock()
  private var lastDraw: Date
  private var drawn = false

  /// `command` prefixes the plain lines ("docksim run"). The first plain line comes after
  /// `interval` seconds, so a short command prints none.
  init(command: String, interval: TimeInterval) {
    self.command = command
    self.interval = interval
    lastDraw = Date()
  }

  /// Draws `text` with a bar filled to `fraction` (0...1) when a redraw is due, or at once with `force`.
  func show(_ text: String, fraction: Double, force: Bool = false) {
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    guard force || now.timeIntervalSince(lastDraw) >= period * 0.99 else { return }
    lastDraw = now
    drawn = true
    if terminal {
      let width = 24
      let filled = min(width, max(0, Int(fraction * Double(width))))
      let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(text)".utf8))
    } else {
      FileHandle.standardError.write(Data("\(command): \(text)\n".utf8))
    }
  }

  /// Ends the bar's line so later output starts on a fresh one.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if terminal && drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    drawn = false
  }

  /// "1m05s" or "42s".
  static func duration(_ seconds: TimeInterval) -> String {
    let s = Int(seconds.rounded())
    return s >= 60 ? "\(s / 60)m\(s % 60 < 10 ? "0" : "")\(s % 60)s" : "\(s)s"
  }

  /// The time left at the pace so far, or "?" before anything is done.
  static func eta(elapsed: TimeInterval, fractionDone: Double) -> String {
    guard fractionDone > 0 else { return "?" }
    return duration(elapsed / fractionDone * max(0, 1 - fractionDone))
  }
}

/// `docksim run`'s progress: frames simulated and runs finished, polled from `RunProgress` on a
/// thread of its own, so a single hour-long scenario shows progress too.
final class RunProgressDisplay: @unchecked Sendable {
  private let progress: RunProgress
  private let line: ProgressLine
  private let stopRequested = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)
  private let began = Date()

  init(_ progress: RunProgress, interval: TimeInterval) {
    self.progress = progress
    line = ProgressLine(command: "docksim run", interval: interval)
  }

  func start() {
    Thread.detachNewThread { [self] in
      while stopRequested.wait(timeout: .now() + line.period) == .timedOut { draw(force: false) }
      stopped.signal()
    }
  }

  /// Stops the polling; on a terminal the bar is left at its last state on a line of its own.
  func stop() {
    stopRequested.signal()
    stopped.wait()
    if line.terminal { draw(force: true) }
    line.finish()
  }

  private func draw(force: Bool) {
    let done = progress.done
    let fraction = Double(done.frames) / Double(max(1, progress.plannedFrames))
    let elapsed = Date().timeIntervalSince(began)
    let percent = Int((fraction * 100).rounded(.down))
    line.show(
      "\(done.runs)/\(progress.plannedRuns) runs, \(percent)% of \(progress.plannedFrames) frames, "
        + "\(ProgressLine.duration(elapsed)) elapsed, ETA \(ProgressLine.eta(elapsed: elapsed, fractionDone: fraction))",
      fraction: fraction, force: force)
  }
}

/// `docksim tune`'s progress: trials done of those planned, the phase and the best so far.
final class TuneProgressDisplay: @unchecked Sendable {
  private let lock = NSLock()
  private let line: ProgressLine
  private let start = Date()
  private var lastPhase: TrialRecord.Phase?
  private var announcedResume = false

  init(interval: TimeInterval) { line = ProgressLine(command: "docksim tune", interval: interval) }

  func update(_ p: TuneProgress) {
    lock.lock()
    defer { lock.unlock() }
    // Rows read back on --resume are replayed first: counting them as done now would restart the
    // count at 1 and make the ETA too hopeful.
    if p.done <= p.resumed {
      if p.done == p.resumed && !announcedResume {
        announcedResume = true
        line.show(
          "resumed: \(p.resumed) trials read back from trials.csv, \(p.planned - p.resumed) left at most",
          fraction: Double(p.done) / Double(max(1, p.planned)), force: true)
      }
      return
    }
    let phaseChanged = p.phase != lastPhase
    lastPhase = p.phase
    let best =
      p.bestObjective.map { "best \(Self.short($0)) (trial \(p.bestTrial ?? 0))" } ?? "no feasible trial yet"
    let ranNow = Double(p.done - p.resumed) / Double(max(1, p.planned - p.resumed))
    let eta = ProgressLine.eta(elapsed: Date().timeIntervalSince(start), fractionDone: ranNow)
    // The total is the budget's training trials plus the validation and sensitivity rows; saying so
    // keeps it from looking like a disagreement with --budget.
    let count =
      p.done <= p.budget && p.phase != .validation && p.phase != .sensitivity
      ? "\(p.done)/\(p.budget) training trials (the budget; \(p.planned) rows with validation and sensitivity)"
      : "\(p.done)/\(p.planned) rows (validation and sensitivity after the \(p.budget) training trials)"
    line.show(
      "\(count), \(p.phase.rawValue), \(best), ETA \(eta)",
      fraction: Double(p.done) / Double(max(1, p.planned)),
      force: phaseChanged || p.done >= p.planned)
  }

  /// Ends the bar's line so later output starts on a fresh one.
  func finish() { line.finish() }

  static func short(_ v: Double) -> String { CSVFormat.cell(SearchSpace.significant(v, digits: 4)) }
}
