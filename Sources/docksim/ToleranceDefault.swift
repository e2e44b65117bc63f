import DockSimIO
import Foundation

/// Where `gate`, `report` and `run --report` find the gate's tolerances when `--tolerances` is not
/// given (docs/gate.md): `tolerances.yaml` beside the baseline; else the file `DOCKSIM_TOLERANCES`
/// names, when set; else the repository's `Scenarios/baseline/tolerances.yaml` relative to the working
/// directory, then in the package this binary was built from, so the command works from any directory.
enum ToleranceDefault {
  static let fileName = "tolerances.yaml"
  static let repository = "Scenarios/baseline/tolerances.yaml"
  static let environmentVariable = "DOCKSIM_TOLERANCES"

  /// The package root this binary was compiled in: three levels above this source file
  /// (`Sources/docksim/ToleranceDefault.swift`). A binary copied to another machine finds nothing
  /// there, which the error message then says.
  static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The places looked at for `baseline`, in order, each with what it is. A set environment variable
  /// ends the list: a name given on purpose that is wrong must not be passed over for another file.
  static func candidates(
    baseline: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [(path: String, what: String)] {
    var places: [(String, String)] = []
    if let b = baseline {
      let beside =
        FileSystem.parent(of: b).map { ($0 as NSString).appendingPathComponent(fileName) } ?? fileName
      places.append((beside, "beside the baseline"))
    }
    if let named = environment[environmentVariable], !named.isEmpty {
      places.append((named, "named by \(environmentVariable)"))
      return places
    }
    places.append((repository, "in the working directory"))
    let built = (builtFrom as NSString).appendingPathComponent(repository)
    let here = URL(fileURLWithPath: repository).standardizedFileURL.path
    if URL(fileURLWithPath: built).standardizedFileURL.path != here {
      places.append((built, "in the package docksim was built from"))
    }
    return places
  }

  /// The tolerance file to read: `given`, or the first candidate that exists (the last one when none
  /// does; `requirePresent` then says so before anything is read).
  static func path(given: String?, baseline: String?) -> String {
    if let given { return given }
    let places = candidates(baseline: baseline).map(\.path)
    return places.first { FileManager.default.fileExists(atPath: $0) } ?? places[places.count - 1]
  }

  /// Exits 2 naming every place looked at when the default was wanted and none holds a file (a
  /// `--tolerances` given is left to the tolerance reader, which names it).
  static func requirePresent(given: String?, baseline: String?, command: String) throws {
    guard given == nil, !FileManager.default.fileExists(atPath: path(given: nil, baseline: baseline)) else {
      return
    }
    let places = candidates(baseline: baseline).map { "\($0.path) (\($0.what))" }.joined(separator: ", ")
    throw fail(
      "\(command): --tolerances: no tolerance file found; looked for \(places); "
        + "expected --tolerances FILE, or \(environmentVariable)=FILE")
  }
}
