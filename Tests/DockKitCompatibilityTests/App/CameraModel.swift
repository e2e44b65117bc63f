// App code as an app written for Apple's DockKit spells it: only `import DockKit` reads
// `import DockSimKit`. It must compile unchanged, without warnings.
import DockSimKit
import Foundation
import Observation

/// What the camera UI shows about the dock, updated by ``DockControlService`` (an `@Observable` model
/// in a file that imports the kit).
@Observable
final class CameraModel: @unchecked Sendable {
  // @unchecked: in the app the model lives on the main actor; here the tests read it after the
  // service's tasks have finished.
  var isDocked = false
  var accessoryName = ""
  var accessoryDescription = ""
  var batteryLevel: Double?
  var isCharging = false
  var isLowBattery = false
  var trackedPeople = 0
  var trackedObjects = 0
  var mostSalient: UUID?
  var trackingStateCount = 0
  var lastPose: Vector3D?
  var lastRates: Vector3D?
  /// Seconds between the first and the last motion state (their UNIX timestamps).
  var motionSpan: TimeInterval = 0
  private var firstMotionTime: TimeInterval?
  var motionStateCount = 0
  /// The most salient subject's box (normalized, lower-left origin), for the overlay.
  var salientRect: CGRect?
  var motionErrors: [String] = []
  /// Camera controls the dock's buttons asked for.
  var zoomFactor = 1.0
  var isRecording = false
  var usesFrontCamera = false
  var buttonPresses: [Int] = []
  /// What each source told the model, in order (one log per source: they run in separate tasks).
  var serviceLog: [String] = []
  var dockLog: [String] = []
  var eventLog: [String] = []
  var batteryLog: [String] = []
}

/// The camera side's answers to the dock's controls (as the sample's `CameraCaptureDelegate`).
extension CameraModel {
  func handle(_ event: DockAccessory.AccessoryEvent) {
    switch event {
    case .button(id: let id, pressed: let pressed):
      if pressed { buttonPresses.append(id) }
      eventLog.append("button \(id) \(pressed ? "down" : "up")")
    case .cameraShutter:
      isRecording.toggle()
      eventLog.append(isRecording ? "start recording" : "stop recording")
    case .cameraFlip:
      usesFrontCamera.toggle()
      eventLog.append(usesFrontCamera ? "front camera" : "back camera")
    case .cameraZoom(factor: let factor):
      zoomFactor = max(1, min(10, zoomFactor * factor))
      eventLog.append("zoom ×\(factor)")
    @unknown default:
      eventLog.append("unknown accessory event")
    }
  }

  func update(_ battery: DockAccessory.BatteryState) {
    batteryLevel = battery.batteryLevel
    isCharging = battery.chargeState == .charging
    isLowBattery = battery.lowBattery
    batteryLog.append("battery \(battery.name) \(Int((battery.batteryLevel * 100).rounded()))%")
  }

  func update(_ state: DockAccessory.TrackingState) {
    var people = 0
    var objects = 0
    var best: (id: UUID, rank: Int, rect: CGRect)?
    let subjects: [DockAccessory.TrackedSubjectType] = state.trackedSubjects
    for subject in subjects {
      switch subject {
      case .person(let person):
        people += 1
        _ = person.speakingConfidence
        _ = person.lookingAtCameraConfidence
        if let rank = person.saliencyRank, rank < (best?.rank ?? .max) {
          best = (person.identifier, rank, person.rect)
        }
      case .object(let object):
        objects += 1
        if let rank = object.saliencyRank, rank < (best?.rank ?? .max) {
          best = (object.identifier, rank, object.rect)
        }
      @unknown default:
        break
      }
    }
    trackedPeople = people
    trackedObjects = objects
    mostSalient = best?.id
    salientRect = best?.rect
    trackingStateCount += 1
  }

  func update(_ state: DockAccessory.MotionState) {
    if let error = state.error { motionErrors.append("\(error)") }
    lastPose = state.angularPositions
    lastRates = state.angularVelocities
    let first = firstMotionTime ?? state.timestamp
    firstMotionTime = first
    motionSpan = state.timestamp - first
    motionStateCount += 1
  }
}
