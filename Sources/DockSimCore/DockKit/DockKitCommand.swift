/// A command an app sends to the dock, as in DockKit, in a scenario timeline or through the API.
/// Angles in radians, rates in rad/s, DockKit signs (yaw right, pitch down); points and regions
/// normalized with an **upper-left** origin.
public enum DockKitCommand: Equatable, Sendable {
  /// `DockAccessoryManager.setSystemTrackingEnabled(_:)`.
  case setSystemTracking(Bool)
  /// `setFramingMode(_:)`.
  case setFramingMode(FramingMode)
  /// `setRegionOfInterest(_:)`; nil resets to the whole image.
  case setRegionOfInterest(NormalizedRect?)
  /// `selectSubjects(_:)` with the scenario ids of the people meant (the simulator passes the ids of the
  /// tracks on them, as an app would pass the identifiers it read from `trackingStates`); empty
  /// returns to automatic selection.
  case selectSubjects([String])
  /// `selectSubjects(_:)` with track identifiers, as an app read them from `trackingStates`.
  case selectTracks([Int])
  /// `selectSubject(at:)`.
  case selectSubject(x: Double, y: Double)
  /// `setAngularVelocity(_:)`, rad/s per axis.
  case setAngularVelocity(yaw: Double, pitch: Double)
  /// `setLimits(_:)`: per-axis limits; nil leaves that axis at its hardware limits.
  case setLimits(yaw: AxisLimit?, pitch: AxisLimit?)
  /// `setOrientation(_:duration:relative:)`: a target pose (rad) reached over `duration` seconds.
  case setOrientation(yaw: Double, pitch: Double, duration: Double, relative: Bool)
  /// `animate(motion:)`.
  case animate(DockAnimation)
  /// `track(_:cameraInformation:)`: the app's own observations (lower-left origin) for the current frame.
  case track([Observation])
  /// The phone put on (true) or taken off (false) the dock.
  case setDocked(Bool)
  /// The dock's tracking button pressed: toggles system tracking.
  case pressTrackingButton
  /// Scenario only: the dock's charger plugged in (true) or out.
  case setCharging(Bool)
  /// Scenario only: a person uses the dock's controls (a button, the shutter, flip, zoom); delivered
  /// to the app as an accessory event while the phone is docked.
  case accessoryInput(AccessoryInput)
  /// Scenario only: an app model that calls `track` at `rate` Hz with the detector's observations of
  /// `kinds` (its own model); a rate of 0 stops it.
  case customTracking(rate: Double, kinds: [SubjectKind])

  /// A short name for logs and metrics.
  public var name: String {
    switch self {
    case .setSystemTracking: return "setSystemTracking"
    case .setFramingMode: return "setFramingMode"
    case .setRegionOfInterest: return "setRegionOfInterest"
    case .selectSubjects: return "selectSubjects"
    case .selectTracks: return "selectSubjects"
    case .selectSubject: return "selectSubject(at:)"
    case .setAngularVelocity: return "setAngularVelocity"
    case .setLimits: return "setLimits"
    case .setOrientation: return "setOrientation"
    case .animate(let a): return "animate(\(a.rawValue))"
    case .track: return "track"
    case .setDocked(let on): return on ? "dock" : "undock"
    case .pressTrackingButton: return "trackingButton"
    case .setCharging(let on): return on ? "plugIn" : "unplug"
    case .accessoryInput(let input): return "accessoryEvent(\(input.name))"
    case .customTracking: return "customTrackingApp"
    }
  }
}

/// A command at a time in a scenario's timeline.
public struct ScenarioEvent: Equatable, Sendable {
  public var time: SimTime
  public var command: DockKitCommand
  /// How long after `time` the scenario's app tries a `selectSubjects` again, frame after frame, while
  /// DockKit refuses it with `noSubjectFound` (the person is not tracked yet, or hidden): a user taps
  /// again. Zero: one call, as DockKit makes it. Only the outcome is logged: the accepted call, or the
  /// last refusal.
  public var retry: SimDuration
  public init(time: SimTime, command: DockKitCommand, retry: SimDuration = .zero) {
    self.time = time
    self.command = command
    self.retry = retry
  }
}

/// DockKit's errors (`DockKitError`), as the simulator reports them.
public enum DockKitError: String, Error, Equatable, Sendable, CaseIterable {
  case invalidParameter
  case notConnected
  case notSupported
  case notSupportedByDevice
  case noSubjectFound
  case frameRateTooLow
  case frameRateTooHigh
  /// A motion command, limit or animation while system tracking is on (DockKit requires it off).
  case systemTrackingEnabled
  /// The app lacks camera permission (DockKit's case; the simulated phone always grants it).
  case cameraTCCMissing
}

/// A command the dock refused: when, what, and which rule it broke.
public struct APIViolation: Equatable, Sendable {
  public var time: SimTime
  public var command: String
  public var error: DockKitError
  public init(time: SimTime, command: String, error: DockKitError) {
    self.time = time
    self.command = command
    self.error = error
  }
}
