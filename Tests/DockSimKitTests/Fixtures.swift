import DockSimIO
import DockSimKit
import Foundation

/// Scenarios for the DockSimKit tests.
enum Fixtures {
  /// The package root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A manager on `Scenarios/walk-across.yaml`.
  /// The camera description an app passes with `track(_:cameraInformation:)`.
  static let camera = DockAccessory.CameraInformation(
    captureDevice: .builtInWideAngleCamera, cameraPosition: .back, orientation: .corrected,
    cameraIntrinsics: nil, referenceDimensions: CGSize(width: 1920, height: 1080))

  static func walkAcross() throws -> DockAccessoryManager {
    try DockAccessoryManager(
      scenario: ScenarioLoader.load(path: root.appendingPathComponent("Scenarios/walk-across.yaml").path))
  }

  /// A still face low and right in the image of a level camera: its box centre is near u = 0.63,
  /// v = 0.24 (lower-left origin), about 0.19 tall.
  static let stillFaceYAML = """
    name: still-face
    seed: 7
    duration_s: 12
    dock:
      initial: { yaw_deg: 0, pitch_deg: 0 }
    camera: { hfov_deg: 68.75, aspect: "16:9" }
    subjects:
      - id: face
        kind: humanFace
        width_m: 0.16
        height_m: 0.22
        path:
          - { t_s: 0, azimuth_deg: 10, distance_m: 1.5, height_m: -0.3 }
    """

  /// Two people standing apart in front of a level camera, faces and bodies visible: the host a
  /// little left of centre, the guest right of it and farther.
  static let twoPeopleYAML = """
    name: two-people
    seed: 11
    duration_s: 10
    dock:
      initial: { yaw_deg: 0, pitch_deg: 0 }
    subjects:
      - id: host
        kind: humanBody
        width_m: 0.5
        height_m: 1.75
        face: true
        path:
          - { t_s: 0, azimuth_deg: -8, distance_m: 2.6, height_m: -0.15 }
      - id: guest
        kind: humanBody
        width_m: 0.48
        height_m: 1.65
        face: true
        path:
          - { t_s: 0, azimuth_deg: 12, distance_m: 2.9, height_m: -0.15 }
    """

  /// A manager on ``twoPeopleYAML``.
  static func twoPeople() throws -> DockAccessoryManager {
    try DockAccessoryManager(scenario: ScenarioLoader.parse(yaml: twoPeopleYAML, file: "two-people.yaml"))
  }

  /// A manager on ``stillFaceYAML``.
  static func stillFace() throws -> DockAccessoryManager {
    try DockAccessoryManager(scenario: ScenarioLoader.parse(yaml: stillFaceYAML, file: "still-face.yaml"))
  }
}
