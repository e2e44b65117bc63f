import DockSimIO
import Foundation

/// Where `gate`, `report` and `run --report` find the gate's tolerances when `--tolerances` is not
/// given: `tolerances.yaml` beside the baseline (so the command works from any directory), else the
/// repository's `Scenarios/baseline/tolerances.yaml` relative to the working directory.
enum ToleranceDefault {
  static let fileName = "tolerances.yaml"
  static let repository = "Scenarios/baseline/tolerances.yaml"

  /// The tolerance file to read: `given`, or the default for `baseline`. Exits 2 naming both places
  /// when neither holds a file.
  static func path(given: String?, baseline: String?, command: String) throws -> String {
    if let given { return given }
    let beside = baseline.map { b in
      FileSystem.parent(of: b).map { ($0 as NSString).appendingPathComponent(fileName) } ?? fileName
    }
    for candidate in [beside, repository].compactMap({ $0 })
    where FileManager.default.fileExists(atPath: candidate) {
      return candidate
    }
    let places = [beside, repository].compactMap { $0 }.joined(separator: " nor ")
    throw fail(
      "\(command): --tolerances: no tolerance file found (neither \(places) exists); "
        + "expected --tolerances FILE")
  }
}
