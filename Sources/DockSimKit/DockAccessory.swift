import DockSimCore
import Foundation

#if DOCKSIM_APPLE_FRAMEWORKS
  import Spatial
#endif

/// A simulated motorized stand, as DockKit's `DockAccessory`.
///
/// Every command is applied at the current virtual instant and acts from the next camera frame; a
/// refused command throws the `DockKitError` DockKit would throw, changes nothing and counts in the
/// run's `api_violations`. Angles are radians, rates rad/s, DockKit signs: yaw positive panning
/// right, pitch positive tilting **down**.
public final class DockAccessory: Sendable {
  let box: SimulationBox

  /// The accessory's name (the scenario's), category and UUID (derived from the name, so the same
  /// scenario gives the same identifier in every run).
  public let identifier: Identifier

  init(box: SimulationBox) {
    self.box = box
    identifier = Identifier(name: box.withState { $0.scenario.name })
  }

  /// The scenario's name (``identifier``'s name).
  public var name: String { identifier.name }

  /// The simulated dock's firmware version, `major.minor.revision`: DockSim's version of the model.
  public var firmwareVersion: String? { "1.0.0" }

  /// The simulated dock's model.
  public var hardwareModel: String? { "DockSim stand" }

  /// The phone camera's optics, as an app knows them: horizontal field of view (radians) and image
  /// aspect ratio (width / height).
  public var camera: (horizontalFieldOfView: Double, aspectRatio: Double) {
    box.withState { ($0.scenario.camera.horizontalFOV, $0.scenario.camera.aspect) }
  }

  /// Applies `command` now; throws what the simulator reports.
  func submit(_ command: DockKitCommand) throws(DockKitError) {
    if let error = box.withState({ $0.simulation.submit(command) }) { throw DockKitError(error) }
  }

  /// Counts a call DockSimKit refused itself (as the simulator counts the ones it refuses) and
  /// returns the error to throw.
  func reject(_ command: String, _ error: DockKitError) -> DockKitError {
    box.withState { $0.simulation.recordViolation(command: command, error: error.simulated) }
    return error
  }

  // MARK: Framing

  /// The framing mode in force.
  public var framingMode: FramingMode { FramingMode(box.withState { $0.simulation.framing.mode }) }

  /// The region of interest in force, normalized with an **upper-left** origin; the whole image
  /// (0, 0, 1, 1) when none is set.
  public var regionOfInterest: CGRect {
    let r = box.withState { $0.simulation.framing.regionOfInterest }
    guard let r else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
    return CGRect(r)
  }

  /// DockKit's `setFramingMode(_:)`: where the system tracker keeps the subject.
  public func setFramingMode(_ mode: FramingMode) async throws {
    try submit(.setFramingMode(mode.simulated))
  }

  /// DockKit's `setRegionOfInterest(_:)`: the part of the image to keep the subject in, normalized
  /// with an **upper-left** origin (x right, y down); the whole image (0, 0, 1, 1) resets it. Throws
  /// `invalidParameter` for an empty, non-finite or out-of-image rectangle.
  public func setRegionOfInterest(_ region: CGRect) async throws {
    let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
    try submit(.setRegionOfInterest(region == whole ? nil : NormalizedRect(region)))
  }

  // MARK: Subject selection

  /// DockKit's `selectSubjects(_:)` with the identifiers read from ``trackingState``: the primary
  /// locks onto the first live one. A person is its tracks, face first, then body: the controller
  /// follows the face, and the body while the face is not tracked. Empty returns to automatic
  /// selection. Throws `noSubjectFound` when none of them is tracked.
  public func selectSubjects(_ subjects: [UUID]) async throws {
    let refused: DockKitError? = box.withState { world in
      let reported = world.trackingState.trackedSubjects
      // An identifier no subject has now may still be a live track's (read before a face and a body
      // were linked): that track; any other UUID names nothing.
      let ids = subjects.flatMap { uuid in
        reported.first { $0.identifier == uuid }?.trackIDs ?? [
          TrackedSubjectIdentifier.trackID(of: uuid) ?? -1
        ]
      }
      return world.simulation.submit(.selectTracks(ids)).map(DockKitError.init)
    }
    if let refused { throw refused }
  }

  /// `selectSubjects` by **scenario subject id** (the `id` of a person in the scenario file), for tests
  /// that know who is in the room: the simulator passes the tracks on those people now. Throws
  /// `invalidParameter` for an unknown id, `noSubjectFound` when nobody listed is tracked.
  public func selectSubjects(subjectIDs: [String]) async throws(DockKitError) {
    try submit(.selectSubjects(subjectIDs))
  }

  // MARK: Docking, the button (custom tracking: DockAccessory+Tracking.swift)

  /// Puts the phone on (true) or takes it off (false) the dock; while off, commands throw
  /// `notConnected`.
  public func setDocked(_ docked: Bool) throws(DockKitError) {
    try submit(.setDocked(docked))
  }

  /// Presses the dock's tracking button (toggles system tracking).
  public func pressTrackingButton() throws(DockKitError) {
    try submit(.pressTrackingButton)
  }

  /// The dock's battery at the last simulated frame (DockKit's `batteryStates`).
  public var batteryState: BatteryState? {
    box.withState { $0.simulation.lastRecord?.battery.map(BatteryState.init) }
  }

  /// DockKit's `selectSubject(at:)`: the tracked subject whose box contains `point`, normalized with
  /// an **upper-left** origin. Throws `noSubjectFound` when no tracked box contains it and
  /// `invalidParameter` for a point outside 0…1.
  public func selectSubject(at point: CGPoint) async throws {
    try submit(.selectSubject(x: Double(point.x), y: Double(point.y)))
  }

  // MARK: Motors (system tracking must be off)

  /// DockKit's `setAngularVelocity(_:)`, rad/s with x = pitch (positive tilting down) and y = yaw
  /// (positive panning right); z (roll) is ignored, the stand has no roll. Held until the next
  /// velocity, move or animation, or a change of system tracking. Throws `systemTrackingEnabled`
  /// while system tracking is on and `invalidParameter` for a non-finite rate.
  public func setAngularVelocity(_ velocity: Vector3D) async throws {
    guard velocity.z.isFinite else { throw reject("setAngularVelocity", .invalidParameter) }
    try submit(.setAngularVelocity(yaw: velocity.y, pitch: velocity.x))
  }

  /// DockKit's `setOrientation(_:duration:relative:)`: move to `orientation` (x = pitch, y = yaw,
  /// radians; z ignored) — or by it when `relative` — over `duration` (stretched if the speed caps need
  /// longer; zero, the default, is as fast as the caps allow). Throws `systemTrackingEnabled` while
  /// system tracking is on, `frameRateTooHigh` for a third move or animation within one second,
  /// `invalidParameter` for a negative duration or a non-finite value.
  @discardableResult
  public func setOrientation(
    _ orientation: Vector3D, duration: Duration = .seconds(0), relative: Bool = false
  ) async throws -> MotionProgress {
    try orient(orientation, duration: duration, relative: relative)
  }

  /// Every form of `setOrientation`: the move, planned now.
  private func orient(_ orientation: Vector3D, duration: Duration, relative: Bool) throws(DockKitError)
    -> MotionProgress
  {
    guard orientation.z.isFinite else { throw reject("setOrientation", .invalidParameter) }
    let (seconds, attoseconds) = duration.components
    var span = Double(seconds) + Double(attoseconds) * 1e-18
    // DockKit's zero means "as fast as allowed": the shortest request, which the planner stretches.
    if span == 0 { span = 1e-6 }
    return try startMotion(
      .setOrientation(yaw: orientation.y, pitch: orientation.x, duration: span, relative: relative))
  }

  /// The `Rotation3D` form of `setOrientation(_:duration:relative:)` (the `Vector3D` form): its Euler
  /// angles (x = pitch, y = yaw).
  @discardableResult
  public func setOrientation(
    _ orientation: Rotation3D, duration: Duration = .seconds(0), relative: Bool = false
  ) async throws -> MotionProgress {
    try await setOrientation(orientation.dockOrientation, duration: duration, relative: relative)
  }

  /// DockKit's deprecated synchronous form of `setOrientation(_:duration:relative:)` (the `Vector3D` form),
  /// for code that calls it outside an async context.
  @available(*, deprecated, message: "please use async version of setOrientation")
  @discardableResult
  public func setOrientation(
    _ orientation: Vector3D, duration: Duration = .seconds(0), relative: Bool = false
  ) throws -> MotionProgress {
    try orient(orientation, duration: duration, relative: relative)
  }

  /// DockKit's deprecated synchronous `Rotation3D` form.
  @available(*, deprecated, message: "please use async version of setOrientation")
  @discardableResult
  public func setOrientation(
    _ orientation: Rotation3D, duration: Duration = .seconds(0), relative: Bool = false
  ) throws -> MotionProgress {
    try orient(orientation.dockOrientation, duration: duration, relative: relative)
  }

  /// DockKit's `animate(motion:)`: plays `motion` from the current pose and returns to it. Same rules
  /// as `setOrientation(_:duration:relative:)` (the `Vector3D` form).
  @discardableResult
  public func animate(motion: Animation) async throws -> MotionProgress {
    try startMotion(.animate(motion.simulated))
  }

  private func startMotion(_ command: DockKitCommand) throws(DockKitError) -> MotionProgress {
    let result: Result<MotionProgressState, DockKitError> = box.withState { world in
      let start = world.simulation.now
      if let error = world.simulation.submit(command) { return .failure(DockKitError(error)) }
      let state = MotionProgressState(start: start)
      state.plannedDuration = world.simulation.activeMotion?.plan.duration ?? 0
      state.stretch = (world.simulation.activeMotion?.plan as? OrientationMove)?.stretch
      world.progresses.append(state)
      return .success(state)
    }
    return MotionProgress(box: box, state: try result.get())
  }

  /// DockKit's `setLimits(_:)`: per-axis position range (radians) and maximum speed (rad/s); nil
  /// leaves an axis at its hardware limits. Throws `invalidParameter` when every axis is nil or for a
  /// range outside the hardware's, an empty range, or a speed ≤ 0 or above the hardware's;
  /// `notSupportedByDevice` for a roll limit (the simulated stand has no roll axis);
  /// `systemTrackingEnabled` while system tracking is on.
  public func setLimits(_ limits: Limits) throws {
    // DockKit refuses limits that name no axis, and an axis the accessory lacks.
    if limits.yaw == nil && limits.pitch == nil && limits.roll == nil {
      throw reject("setLimits", .invalidParameter)
    }
    if limits.roll != nil { throw reject("setLimits", .notSupportedByDevice) }
    let result: DockKitError? = box.withState { world in
      let error = world.simulation.submit(
        .setLimits(yaw: limits.yaw?.simulated, pitch: limits.pitch?.simulated))
      if error == nil { world.limits = limits }
      return error.map(DockKitError.init)
    }
    if let result { throw result }
  }
}
