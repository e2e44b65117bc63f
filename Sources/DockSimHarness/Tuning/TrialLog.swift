import DockSimIO
import Foundation

/// One row of `trials.csv`: a candidate scored on one dataset.
public struct TrialRecord: Sendable, Equatable {
  public enum Phase: String, Sendable, CaseIterable {
    /// The scenarios' own parameters: what the tuning must beat.
    case baseline
    /// The space-filling start.
    case design
    /// The local method.
    case local
    /// A candidate scored again on the validation data.
    case validation
    /// A one-at-a-time probe around the chosen set.
    case sensitivity
  }
  public enum Dataset: String, Sendable { case train, validation }

  public var trial: Int
  public var phase: Phase
  public var dataset: Dataset
  public var score: TrialScore
  /// One value per parameter as YAML scalar text; nil for the baseline (no override).
  public var values: [String]?
  /// One value per metric of `TuneSpec.metricNames`: the mean over the dataset where it applies.
  public var metrics: [Double?]
  /// Why the trial failed, or which earlier trial it repeats.
  public var note: String
}

/// `trials.csv`: written a row at a time as trials finish, in trial order, and read back to resume.
///
/// Numbers use the shortest round-trip form, so a resumed tuning reads back exactly the scores it
/// ranked by and continues exactly as an uninterrupted one would.
public enum TrialLog {
  public static func columns(_ space: SearchSpace) -> [String] {
    ["trial", "phase", "dataset", "status", "objective", "violation"] + space.parameters.map(\.path)
      + TuneSpec.metricNames + ["note"]
  }

  public static func header(_ space: SearchSpace) -> String { CSVFormat.line(columns(space)) }

  public static func line(_ r: TrialRecord, space: SearchSpace) -> String {
    var cells = [
      CSVFormat.cell(r.trial), r.phase.rawValue, r.dataset.rawValue, r.score.status.rawValue,
      CSVFormat.cell(r.score.objective), r.score.status == .failed ? "" : CSVFormat.cell(r.score.violation),
    ]
    cells += (r.values ?? Array(repeating: "", count: space.dimension)).map { CSVFormat.cell($0) }
    cells += r.metrics.map { CSVFormat.cell($0) }
    cells.append(CSVFormat.cell(r.note))
    return CSVFormat.line(cells)
  }

  /// The rows of an existing `trials.csv`, checked against the columns this tuning writes. A last row
  /// without its line break (the process died while writing it) is dropped; `complete` is the text up
  /// to the last whole row.
  public static func read(_ text: String, file: String, space: SearchSpace) throws -> (
    records: [TrialRecord], complete: String
  ) {
    let complete: String
    if text.hasSuffix("\n") {
      complete = text
    } else if let cut = text.lastIndex(of: "\n") {
      complete = String(text[...cut])
    } else {
      complete = ""
    }
    let rows = try CSVRecords.parse(complete, file: file)
    let expected = columns(space)
    guard let head = rows.first else {
      throw TuneError("\(file): the file is empty; expected the trials.csv header")
    }
    let names = head.cells.map(\.text)
    guard names == expected else {
      let firstDiff =
        (0..<min(names.count, expected.count)).first { names[$0] != expected[$0] }
        ?? min(names.count, expected.count)
      let got = firstDiff < names.count ? names[firstDiff] : "nothing"
      let want = firstDiff < expected.count ? expected[firstDiff] : "no more columns"
      throw TuneError(
        "\(file):1: column \(firstDiff + 1): expected '\(want)', got '\(got)'; this trials.csv was written by a tuning with other parameters or another DockSim version"
      )
    }
    let d = space.dimension
    var out: [TrialRecord] = []
    for row in rows.dropFirst() {
      let c = row.cells.map(\.text)
      func bad(_ column: String, _ what: String) -> TuneError {
        TuneError("\(file):\(row.line): \(column): expected \(what)")
      }
      guard c.count == expected.count else { throw bad("row", "\(expected.count) cells, got \(c.count)") }
      guard let trial = Int(c[0]), trial >= 0 else { throw bad("trial", "a trial number") }
      guard let phase = TrialRecord.Phase(rawValue: c[1]) else { throw bad("phase", "a phase name") }
      guard let dataset = TrialRecord.Dataset(rawValue: c[2]) else {
        throw bad("dataset", "train or validation")
      }
      guard let status = TrialScore.Status(rawValue: c[3]) else {
        throw bad("status", "ok, infeasible or failed")
      }
      func number(_ i: Int) throws -> Double? {
        if c[i].isEmpty { return nil }
        guard let v = Double(c[i]) else { throw bad(expected[i], "a number, got '\(c[i])'") }
        return v
      }
      let objective = try number(4)
      let violation = try number(5)
      let values = Array(c[6..<6 + d])
      let metrics = try (6 + d..<expected.count - 1).map(number)
      let score =
        status == .failed
        ? TrialScore.failed : TrialScore(status: status, objective: objective, violation: violation ?? 0)
      out.append(
        TrialRecord(
          trial: trial, phase: phase, dataset: dataset, score: score,
          values: values.allSatisfy(\.isEmpty) ? nil : values, metrics: metrics,
          note: c[expected.count - 1]))
    }
    return (out, complete)
  }
}

/// A tuning problem that is not tied to one scenario field: bad state on disk, a resumed file that
/// does not match, an interruption.
public struct TuneError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
