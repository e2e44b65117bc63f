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

  /// The parameters of the profile file at `path`.
  ///
  /// - Throws: `InputError` for a missing, oversized, non-UTF-8 or non-regular file, or bad content
  ///   (named as for `parse(yaml:file:)`).
  public static func load(path: String) throws(InputError) -> DetectorParameters {
    let size = DetectorSchema.maximumProfileSize
    switch InputFile.check(path: path, maximumSize: size) {
    case .success(let text): return try parse(yaml: text, file: path)
    case .failure(let problem):
      throw InputFile.error(problem, path: path, expected: "a detector profile", maximumSize: size)
    }
  }
}
