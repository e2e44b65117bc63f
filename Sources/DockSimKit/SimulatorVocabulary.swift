import DockSimCore
import Foundation

// The kit's boundary with the simulator: DockKit's enums (DockSimKit's own types, so that app code
// importing only DockSimKit can name their cases) and the simulator's, one mapping per type in each
// direction. Every switch is exhaustive, so a case added on either side fails to compile here.

extension CGRect {
  /// The simulator's normalized rectangle as DockKit's `CGRect`: the same numbers (which origin they
  /// are measured from is the API's, stated where each is used).
  init(_ rect: NormalizedRect) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}

extension NormalizedRect {
  /// DockKit's `CGRect` as the simulator's normalized rectangle: the same numbers.
  init(_ rect: CGRect) {
    self.init(
      x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
      height: Double(rect.size.height))
  }
}

extension DockKitError {
  /// The error the simulator reported.
  init(_ error: DockSimCore.DockKitError) {
    switch error {
    case .invalidParameter: self = .invalidParameter
    case .notConnected: self = .notConnected
    case .notSupported: self = .notSupported
    case .notSupportedByDevice: self = .notSupportedByDevice
    case .noSubjectFound: self = .noSubjectFound
    case .frameRateTooLow: self = .frameRateTooLow
    case .frameRateTooHigh: self = .frameRateTooHigh
    case .systemTrackingEnabled: self = .systemTrackingEnabled
    case .cameraTCCMissing: self = .cameraTCCMissing
    }
  }

  /// The error as the simulator records it (in `api_violations`).
  var simulated: DockSimCore.DockKitError {
    switch self {
    case .invalidParameter: .invalidParameter
    case .notConnected: .notConnected
    case .notSupported: .notSupported
    case .notSupportedByDevice: .notSupportedByDevice
    case .noSubjectFound: .noSubjectFound
    case .frameRateTooLow: .frameRateTooLow
    case .frameRateTooHigh: .frameRateTooHigh
    case .systemTrackingEnabled: .systemTrackingEnabled
    case .cameraTCCMissing: .cameraTCCMissing
    }
  }
}

extension DockAccessory.FramingMode {
  /// The mode the simulator has in force.
  init(_ mode: DockSimCore.FramingMode) {
    switch mode {
    case .automatic: self = .automatic
    case .center: self = .center
    case .left: self = .left
    case .right: self = .right
    }
  }

  var simulated: DockSimCore.FramingMode {
    switch self {
    case .automatic: .automatic
    case .center: .center
    case .left: .left
    case .right: .right
    }
  }
}

extension DockAccessory.Animation {
  init(_ animation: DockAnimation) {
    switch animation {
    case .yes: self = .yes
    case .no: self = .no
    case .wakeup: self = .wakeup
    case .kapow: self = .kapow
    }
  }

  /// The simulator's animation, whose keyframes the stand plays.
  var simulated: DockAnimation {
    switch self {
    case .yes: .yes
    case .no: .no
    case .wakeup: .wakeup
    case .kapow: .kapow
    }
  }
}

extension DockAccessory.Observation.ObservationType {
  init(_ kind: SubjectKind) {
    switch kind {
    case .humanFace: self = .humanFace
    case .humanBody: self = .humanBody
    case .object: self = .object
    }
  }

  /// The kind of subject the simulator's tracker keeps a detection of this type as.
  var simulated: SubjectKind {
    switch self {
    case .humanFace: .humanFace
    case .humanBody: .humanBody
    case .object: .object
    }
  }
}

extension DockAccessory.AccessoryEvent {
  /// The input a person made at the dock's controls, as the app receives it.
  init(_ input: AccessoryInput) {
    switch input {
    case .button(let id, let pressed): self = .button(id: id, pressed: pressed)
    case .cameraShutter: self = .cameraShutter
    case .cameraFlip: self = .cameraFlip
    case .cameraZoom(let factor): self = .cameraZoom(factor: factor)
    }
  }

  /// The input as the simulator delivers it (and traces it).
  var simulated: AccessoryInput {
    switch self {
    case .button(let id, let pressed): .button(id: id, pressed: pressed)
    case .cameraShutter: .cameraShutter
    case .cameraFlip: .cameraFlip
    case .cameraZoom(let factor): .cameraZoom(factor: factor)
    }
  }
}
