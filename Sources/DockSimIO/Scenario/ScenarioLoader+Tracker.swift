import DockSimCore
import Yams

extension ScenarioLoader {
  /// The built-in tracker's parameters with `overrides`' `tracker.*` values on top of the defaults,
  /// checked as a scenario's `tracker` section is. Other sections of the overrides are ignored: this
  /// is what a replayed log uses, which has no dock, controller or subjects.
  ///
  /// - Throws: `InputError` naming the override and the field for a bad tracker value.
  public static func trackerParameters(overrides: ScenarioOverrides) throws(InputError)
    -> TrackerParameters
  {
    let sources = overrides.overlays.map { "--params \($0.file)" } + overrides.assignments.map(\.source)
    let root = try overrides.apply(to: .mapping(Node.Mapping([])))
    let file = sources.isEmpty ? "tracker parameters" : sources.joined(separator: ", ")
    let top = NodeReader(node: root, path: "", file: file)
    guard case .mapping(let m) = root else {
      throw InputError(file: file, line: nil, message: "expected a mapping of scenario fields")
    }
    guard let tracker = m["tracker"] else { return TrackerParameters() }
    let section = top.child("tracker", tracker)
    return try TrackerSchema.read(section.mapping(allowed: TrackerSchema.fields))
  }
}
