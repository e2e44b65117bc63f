import Yams

/// Numbers from YAML scalars without Yams' base-60 forms.
///
/// YAML 1.1 reads `1:30` as 90 (sexagesimal), and Yams' integer conversion of such a scalar traps on
/// overflow (`9223372036854775807:30` crashed the loader; found by `docksim-fuzz`, kept in
/// `Tests/Fixtures/fuzz/`). Nobody writes a seed or a duration in base 60, so a scalar with a colon is
/// not a number here: the reader reports what it expected instead.
enum YAMLNumber {
  static func int(_ scalar: Node.Scalar) -> Int? {
    scalar.string.contains(":") ? nil : Int.construct(from: scalar)
  }

  /// An integer or a floating-point scalar as a double.
  static func double(_ scalar: Node.Scalar) -> Double? {
    scalar.string.contains(":") ? nil : int(scalar).map(Double.init) ?? Double.construct(from: scalar)
  }
}
