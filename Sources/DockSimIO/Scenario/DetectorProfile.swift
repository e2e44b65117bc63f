import DockSimCore

/// Detector profile files: a mapping whose one field is `detector`, with the fields of a scenario's
/// `detector` section except `profile` (docs/scenarios.md "detector"). `docksim fit-detector` writes
/// them; scenarios name them in `detector.profile` or overlay them with `--params`.
public enum DetectorProfile {
  /// The parameters of a profile's text, unset fields at the built-in defaults; `file` names it in
  /// errors.
  ///
  /// - Throws: `InputError` naming `file`, the line and the field, as for scenarios.
  public static func parse(yaml: String, file: String) throws(InputError) -> DetectorParameters {
    try DetectorSchema.parseProfile(yaml: yaml, file: file)
  }
}
