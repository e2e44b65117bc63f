/// DockKit's errors: why the dock refused a call. A refused call changes nothing and counts in the
/// run's `api_violations`.
///
/// DockKit's enum is not frozen, so app code that switches over it has a `default` anyway; that is
/// where ``systemTrackingEnabled``, DockSim's own case, lands in code written for DockKit.
public enum DockKitError: Error, Sendable, Hashable, CaseIterable {
  /// An argument out of range: a non-finite value, a region or point outside the image, a limit
  /// beyond the hardware's, a negative duration, an invalid camera description.
  case invalidParameter
  /// The phone is off the dock.
  case notConnected
  /// DockKit's "not supported on this platform" (macOS); never thrown by the simulation.
  case notSupported
  /// The accessory lacks what the call needs (a roll limit: the simulated stand has no roll axis).
  case notSupportedByDevice
  /// None of the subjects named or pointed at is tracked.
  case noSubjectFound
  /// `track(_:cameraInformation:)` called less than 10 times a second of virtual time.
  case frameRateTooLow
  /// `track(_:cameraInformation:)` more than 30 times a second, or a third move or animation within
  /// one second.
  case frameRateTooHigh
  /// DockSim's case: a motion command, a limit, an animation or `track` while system tracking is on
  /// (DockKit calls that a programming error).
  case systemTrackingEnabled
  /// The app lacks camera permission (DockKit's case; the simulated phone always grants it).
  case cameraTCCMissing
}
