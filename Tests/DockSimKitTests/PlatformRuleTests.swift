import Foundation
import Testing

/// DockSimKit takes Apple's Spatial, AVFoundation and simd types on Apple platforms and its own
/// stand-ins elsewhere, decided by the `DOCKSIM_APPLE_FRAMEWORKS` define that Package.swift sets per
/// platform. Linux builds only the stand-ins' branch, so these checks read the sources for what the
/// Apple branch needs: no file decides by `canImport`, and every file that names a framework's type
/// outside the stand-ins' branch imports that framework under the define.
@Suite("DockSimKit decides by platform, not by canImport")
struct PlatformRuleTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/DockSimKit")

  /// The Apple types DockSimKit names, by the framework that declares them.
  static let frameworkTypes: [String: [String]] = [
    "Spatial": ["Vector3D", "Rotation3D", "EulerAngles", "Angle2D", "RotationAxis3D"],
    "AVFoundation": ["AVCaptureDevice", "AVMediaType", "AVMetadataObject"],
    "simd": ["matrix_float3x3", "simd_float3x3"],
    "CoreVideo": ["CVPixelBuffer"],
  ]

  /// A source's code lines (comments dropped), each with whether it is compiled on Apple platforms
  /// (outside the `!DOCKSIM_APPLE_FRAMEWORKS` branch) and whether it is inside an
  /// `#if DOCKSIM_APPLE_FRAMEWORKS` branch.
  static func lines(of text: String) -> [(code: String, onApple: Bool, appleOnly: Bool)] {
    // One entry per open #if: nil when it does not test the define, else whether its current
    // branch is the Apple one.
    var stack: [Bool?] = []
    var result: [(String, Bool, Bool)] = []
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.range(of: "//").map { String(raw[..<$0.lowerBound]) } ?? String(raw)
      let directive = line.trimmingCharacters(in: .whitespaces)
      if directive.hasPrefix("#if") {
        let condition = directive.dropFirst(3).trimmingCharacters(in: .whitespaces)
        switch condition {
        case "DOCKSIM_APPLE_FRAMEWORKS": stack.append(true)
        case "!DOCKSIM_APPLE_FRAMEWORKS": stack.append(false)
        default: stack.append(nil)
        }
        continue
      }
      if directive.hasPrefix("#else") || directive.hasPrefix("#elseif") {
        if let last = stack.last, let apple = last { stack[stack.count - 1] = !apple }
        continue
      }
      if directive.hasPrefix("#endif") {
        _ = stack.popLast()
        continue
      }
      let onApple = !stack.contains(false)
      result.append((line, onApple, stack.contains(true)))
    }
    return result
  }

  static func files() throws -> [(name: String, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    return try names.map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
  }

  /// What breaks the rule in one source file.
  static func violations(in text: String) -> [String] {
    let lines = Self.lines(of: text)
    var found: [String] = []
    // Conditions are directives, which `lines(of:)` leaves out.
    let probes = text.split(separator: "\n").contains { line in
      (line.range(of: "//").map { line[..<$0.lowerBound] } ?? line).contains("canImport")
    }
    if probes { found.append("decides by canImport") }
    for (framework, types) in Self.frameworkTypes.sorted(by: { $0.key < $1.key }) {
      let named = lines.contains { line in
        line.onApple && !line.code.hasPrefix("import") && types.contains { line.code.contains($0) }
      }
      let imported = lines.contains {
        $0.appleOnly && $0.code.trimmingCharacters(in: .whitespaces) == "import \(framework)"
      }
      if named && !imported { found.append("names \(framework)'s types without importing it") }
    }
    return found
  }

  @Test("no canImport; each framework type used on Apple platforms is imported there")
  func frameworksByPlatform() throws {
    let files = try Self.files()
    #expect(files.count >= 10)
    for (name, text) in files {
      #expect(Self.violations(in: text) == [], "\(name)")
    }
  }

  @Test("the check catches a canImport probe and a use without the import; stand-ins are not Apple's")
  func checkCatchesBreaches() {
    let probe = """
      #if canImport(Spatial)
        import Spatial
      #endif
      """
    #expect(Self.violations(in: probe) == ["decides by canImport"])
    let unimported = """
      import Foundation
      // Vector3D in a comment is fine.
      func f(_ v: Vector3D) {}
      """
    #expect(Self.violations(in: unimported) == ["names Spatial's types without importing it"])
    let outside = """
      import Spatial
      #if os(Linux)
        import AVFoundation
      #endif
      func f(_ v: Vector3D, _ d: AVCaptureDevice) {}
      """
    #expect(
      Self.violations(in: outside) == [
        "names AVFoundation's types without importing it", "names Spatial's types without importing it",
      ])
    let good = """
      #if DOCKSIM_APPLE_FRAMEWORKS
        import Spatial
      #else
        public struct Vector3D {}
        public struct AVCaptureDevice {}
      #endif
      func f(_ v: Vector3D) {}
      """
    #expect(Self.violations(in: good) == [])
  }
}
