import DockSimIO
import Foundation

/// Where `gate`, `report` and `run --report` find the gate's tolerances when `--tolerances` is not
/// given: `tolerances.yaml` beside the baseline (so the command works from any directory), else the
/// repository's `Scenarios/baseline/tolerances.yaml` relative to the working directory.
enum ToleranceDefault {
  static let fileName = "tolerances.yaml"
  static let repository = "Scenarios/baseline/tolerances.yaml"

  /// The places looked at for `baseline`, in order.
  static func candidates(baseline: String?) -> [String] {
    let beside = baseline.map { b in
      FileSystem.parent(of: b).map { ($0 as NSString).appendingPathComponent(fileName) } ?? fileName
    }
    return [beside, repository].compactMap { $0 }
  }

  /// The tolerance file to read: `given`, or the first candidate that exists (the last one when none
  /// does; `requirePresent` then says so before anything is read).
  static func path(given: String?, baseline: String?) -> String {
    if let given { return given }
    let places = candidates(baseline: baseline)
    return places.first { FileManager.default.fileExists(atPath: $0) } ?? places[places.count - 1]
  }

  /// Exits 2 naming every place looked at when the default was wanted and none holds a file (a
  /// `--tolerances` given is left to the tolerance reader, which names it).
  static func requirePresent(given: String?, baseline: String?, command: String) throws {
    guard given == nil, !FileManager.default.fileExists(atPath: path(given: nil, baseline: baseline)) else {
      return
    }
    let places = candidates(baseline: baseline).joined(separator: " nor ")
    throw fail(
      "\(command): --tolerances: no tolerance file found (neither \(places) exists); "
        + "expected --tolerances FILE")
  }
}
