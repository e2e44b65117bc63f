import DockSimCore
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
    cells += zip(r.metrics, MetricCatalog.all).map { CSVFormat.cell($0, of: $1) }
    cells.append(CSVFormat.cell(r.note))
    return CSVFormat.line(cells)
  }

  /// The rows of an existing `trials.csv`, checked against the columns this tuning writes. A last row
  /// without its line break (the process died while writing it) is dropped; `complete` is the text up
  /// to the last whole row, with CRLF line ends (a file saved by a Windows editor) made LF as the
  /// writer writes them. Every number is checked as every table read back is (`CSVNumber`), and a
  /// trial written twice for one dataset is refused, naming both lines.
  public static func read(_ text: String, file: String, space: SearchSpace) throws -> (
    records: [TrialRecord], complete: String
  ) {
    let text =
      text.utf8.contains(UInt8(ascii: "\r")) ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    // Cut on bytes: Swift keeps "\r\n" as one Character, equal to neither "\n" nor "\r", so a search for
    // the Character "\n" finds no line end at all in a file saved with CRLF (a Windows editor).
    let complete: String
    if let cut = text.utf8.lastIndex(of: UInt8(ascii: "\n")) {
      complete = String(text[...cut])
    } else {
      complete = ""
    }
    let rows = try CSVReader.records(complete, file: file)
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
    var lineOf: [String: Int] = [:]
    for row in rows.dropFirst() {
      let c = row.cells.map(\.text)
      func bad(_ column: String, _ what: String) -> TuneError {
        TuneError("\(file):\(row.line): \(column): expected \(what)")
      }
      guard c.count == expected.count else { throw bad("row", "\(expected.count) cells, got \(c.count)") }
      // Numbers as every table read back is read (`CSVNumber`): the cell's line and column, its kind.
      func number(_ i: Int, _ kind: CSVNumber.Kind, empty: String? = "not applicable") throws -> Double? {
        do { return try CSVNumber.read(c[i], kind, empty: empty) } catch {
          throw TuneError("\(file):\(row.line):\(row.cells[i].column): \(expected[i]): \(error.description)")
        }
      }
      guard let trialNumber = try number(0, .count, empty: nil), let trial = Int(exactly: trialNumber) else {
        throw bad("trial", "a trial number")
      }
      guard let phase = TrialRecord.Phase(rawValue: c[1]) else { throw bad("phase", "a phase name") }
      guard let dataset = TrialRecord.Dataset(rawValue: c[2]) else {
        throw bad("dataset", "train or validation")
      }
      guard let status = TrialScore.Status(rawValue: c[3]) else {
        throw bad("status", "ok, infeasible or failed")
      }
      // A trial that ran has a finite objective and violation ≥ 0; a failed one has neither.
      let ran = status != .failed
      let objective = try number(4, .finite, empty: ran ? nil : "a failed trial")
      let violation = try number(5, .nonNegative, empty: ran ? nil : "a failed trial")
      let values = Array(c[6..<6 + d])
      let metrics = try (6 + d..<expected.count - 1).map { i throws in try number(i, .finite) }
      // Each trial is written once per dataset; a second row would be silently ignored, or win.
      let key = "\(trial) \(dataset.rawValue)"
      if let first = lineOf[key] {
        throw TuneError(
          "\(file):\(row.line): trial: trial \(trial) (\(dataset.rawValue)) appears again (first on line "
            + "\(first)); expected each trial once per dataset, as `docksim tune` writes it")
      }
      lineOf[key] = row.line
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
