import DockSimCore
import Foundation

/// The `camera` section: horizontal field of view and image aspect.
enum CameraSchema {
  static var fields: [String] { spec.names }
  static let spec = SectionSpec([
    FieldSpec("hfov_deg", .number(horizontalFOV)),
    FieldSpec("aspect", .anyOf([.number(aspect), .text(pattern: ratioPattern)])),
  ])
  /// `"W:H"`, as `readAspect` splits it.
  static let ratioPattern = #"^\s*[0-9.eE+-]+\s*:\s*[0-9.eE+-]+\s*$"#
  /// Strictly between 1° and 179°: a pinhole's tan(hfov/2) blows up at 180°.
  static let horizontalFOV = NumberBounds.open(1, 179)
  /// From tall portrait (1:4) to wide panorama (4:1).
  static let aspect = NumberBounds.closed(0.25, 4)

  static func read(_ m: MappingReader, default d: PinholeCamera) throws(InputError) -> PinholeCamera {
    let hfov = try m.degrees("hfov_deg", horizontalFOV, defaultRadians: d.horizontalFOV)
    let ratio = try m["aspect"].map { node throws(InputError) in try readAspect(node) } ?? d.aspect
    return PinholeCamera(horizontalFOV: hfov, aspect: ratio)
  }

  /// A number, or `"W:H"`. Unquoted `16:9` is a YAML 1.1 base-60 integer (969), so any scalar holding a
  /// colon is read as a ratio before YAML's typing gets to it.
  private static func readAspect(_ node: NodeReader) throws(InputError) -> Double {
    let expected = "\(aspect.summary) or a ratio \"W:H\" such as \"16:9\""
    guard case .scalar(let scalar) = node.node, scalar.string.contains(":") else {
      let value = try node.number(aspect)
      return value
    }
    let parts = scalar.string.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let h = Double(parts[1].trimmingCharacters(in: .whitespaces)), w.isFinite, h.isFinite, w > 0, h > 0
    else { throw node.mismatch(expected) }
    let value = w / h
    if let broken = aspect.violation(value) { throw node.mismatch("a ratio that is \(broken)") }
    return value
  }
}
