// App code as an app written for Apple's DockKit spells it: only `import DockKit` reads
// `import DockSimKit`. It must compile unchanged, without warnings.
import DockSimKit
import Foundation

// The shipping app imports AVFoundation; off Apple platforms DockSimKit provides the AVCaptureDevice
// stand-in DockKit's CameraInformation names.
#if canImport(AVFoundation)
  import AVFoundation
#endif

/// How the app drives the dock.
enum TrackingMode: Sendable {
  /// DockKit's system tracking follows the most salient subject.
  case system
  /// The app's own detector feeds `track(_:cameraInformation:)`.
  case custom
  /// The app's chevrons set angular velocities.
  case manual
}

/// A direction of the app's manual chevrons.
enum Chevron: Sendable {
  case up, down, left, right
}

/// Manages the dock: listens for docking, subscribes to the accessory's states, and turns the app's
/// controls into DockKit calls (as the DockKit sample's `DockControlService`).
actor DockControlService {
  private let manager: DockAccessoryManager
  private let model: CameraModel
  /// What the app sleeps on between polls of a move (a `ContinuousClock` in the shipping app).
  private let clock: any Clock<Duration>
  private(set) var accessory: DockAccessory?
  /// Every accessory seen docked (an app may keep one per dock it has met).
  private(set) var knownAccessories: Set<DockAccessory> = []
  private(set) var mode = TrackingMode.system
  private var subscriptions: [Task<Void, Never>] = []
  private var stateChanges: Task<Void, Never>?
  /// Refusals the app caught, in order.
  private(set) var errors: [DockKitError] = []

  init(
    manager: DockAccessoryManager = .shared, model: CameraModel,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.manager = manager
    self.model = model
    self.clock = clock
  }

  // MARK: Docking

  /// Starts listening for accessories.
  func setUp() throws {
    let changes = try manager.accessoryStateChanges
    stateChanges = Task {
      for await change in changes { self.handle(change) }
    }
  }

  private func handle(_ change: DockAccessory.StateChange) {
    guard let changed = change.accessory else { return }
    switch change.state {
    case .docked:
      model.isDocked = true
      model.dockLog.append("docked, tracking button \(change.trackingButtonEnabled ? "on" : "off")")
      knownAccessories.insert(changed)
      guard accessory != changed else { return }
      accessory = changed
      model.accessoryName = changed.identifier.name
      model.accessoryDescription =
        "\(changed.debugDescription) \(changed.hardwareModel ?? "?") \(changed.firmwareVersion ?? "?") "
        + "\(changed.identifier.category == .trackingStand ? "stand" : "other") \(changed.identifier.uuid)"
      setupAccessorySubscriptions(for: changed)
    case .undocked:
      model.isDocked = false
      model.dockLog.append("undocked")
    @unknown default:
      break
    }
  }

  private func setupAccessorySubscriptions(for accessory: DockAccessory) {
    let model = self.model
    do {
      let battery = try accessory.batteryStates
      let events = try accessory.accessoryEvents
      let tracking = try accessory.trackingStates
      let motion = try accessory.motionStates
      subscriptions = [
        Task { for await state in battery { model.update(state) } },
        Task { for await event in events { model.handle(event) } },
        Task { for await state in tracking { model.update(state) } },
        Task { for await state in motion { model.update(state) } },
      ]
    } catch {
      record(error)
    }
  }

  /// Waits until every subscription has ended (the accessory's streams finish when it goes away).
  func waitForSubscriptions() async {
    await stateChanges?.value
    for task in subscriptions { await task.value }
  }

  // MARK: Tracking modes and framing

  func setTrackingMode(_ mode: TrackingMode) async {
    do {
      try await manager.setSystemTrackingEnabled(mode == .system)
      self.mode = mode
    } catch {
      record(error)
    }
  }

  var isSystemTracking: Bool { manager.isSystemTrackingEnabled }

  func setFraming(_ framing: DockAccessory.FramingMode) async {
    do { try await accessory?.setFramingMode(framing) } catch { record(error) }
  }

  var framing: DockAccessory.FramingMode? { accessory?.framingMode }

  /// Keeps the subjects in `region` of the view (normalized, upper-left origin).
  func setRegionOfInterest(to region: CGRect) async {
    do { try await accessory?.setRegionOfInterest(region) } catch { record(error) }
  }

  var regionOfInterest: CGRect? { accessory?.regionOfInterest }

  /// Tap to track: selects the subject under `point` (normalized, upper-left origin), or returns to
  /// automatic selection for nil.
  func selectSubject(at point: CGPoint?) async {
    do {
      if let point {
        try await accessory?.selectSubject(at: point)
      } else {
        try await accessory?.selectSubjects([])
      }
    } catch {
      record(error)
    }
  }

  func selectSubjects(_ ids: [UUID]) async {
    do { try await accessory?.selectSubjects(ids) } catch { record(error) }
  }

  // MARK: Manual control

  /// A chevron held: turn at `speed` rad/s that way.
  func move(_ chevron: Chevron, speed: Double = 0.4) async {
    let velocity: Vector3D
    switch chevron {
    case .up: velocity = Vector3D(x: -speed, y: 0, z: 0)
    case .down: velocity = Vector3D(x: speed, y: 0, z: 0)
    case .left: velocity = Vector3D(x: 0, y: -speed, z: 0)
    case .right: velocity = Vector3D(x: 0, y: speed, z: 0)
    }
    do { try await accessory?.setAngularVelocity(velocity) } catch { record(error) }
  }

  func stop() async {
    do { try await accessory?.setAngularVelocity(Vector3D(x: 0, y: 0, z: 0)) } catch { record(error) }
  }

  func setLimits(yaw: Range<Double>, pitch: Range<Double>, maximumSpeed: Double) {
    do {
      let limits = DockAccessory.Limits(
        yaw: try DockAccessory.Limits.Limit(positionRange: yaw, maximumSpeed: maximumSpeed),
        pitch: try DockAccessory.Limits.Limit(positionRange: pitch, maximumSpeed: maximumSpeed),
        roll: nil)
      try accessory?.setLimits(limits)
    } catch {
      record(error)
    }
  }

  var limits: DockAccessory.Limits? { accessory?.limits }

  /// Points the camera at (pitch, yaw), radians, and waits for the move on the app's clock.
  /// Returns whether it got there.
  func point(pitch: Double, yaw: Double, over duration: Duration) async -> Bool {
    guard let accessory else { return false }
    do {
      let progress = try await accessory.setOrientation(
        Vector3D(x: pitch, y: yaw, z: 0), duration: duration, relative: false)
      while !progress.isFinished && !progress.isCancelled {
        try await clock.sleep(for: .milliseconds(100))
      }
      return progress.isFinished
    } catch {
      record(error)
      return false
    }
  }

  /// Turns by a rotation, relative to where the dock is, as fast as allowed; returns the progress.
  func turn(by rotation: Rotation3D) async -> Progress? {
    do {
      return try await accessory?.setOrientation(rotation, relative: true)
    } catch {
      record(error)
      return nil
    }
  }

  /// Plays an animation with system tracking paused, waiting for it by polling its progress, and
  /// restores the tracking mode afterwards. Returns whether it finished.
  func animate(_ animation: DockAccessory.Animation) async -> Bool {
    guard let accessory else { return false }
    let wasSystemTracking = manager.isSystemTrackingEnabled
    do {
      try await manager.setSystemTrackingEnabled(false)
      let progress = try await accessory.animate(motion: animation)
      while !progress.isFinished {
        if progress.isCancelled { break }
        try await Task.sleep(for: .milliseconds(10))
      }
      try await manager.setSystemTrackingEnabled(wasSystemTracking)
      return progress.isFinished
    } catch {
      record(error)
      return false
    }
  }

  /// Starts an animation without waiting (the button's second press within a second is refused).
  func startAnimation(_ animation: DockAccessory.Animation) async -> Progress? {
    do {
      return try await accessory?.animate(motion: animation)
    } catch {
      record(error)
      return nil
    }
  }

  // MARK: Custom tracking

  /// One frame of the app's own detector: its boxes (normalized, lower-left origin, as Vision's).
  func track(faces: [CGRect], bodies: [CGRect], objects: [CGRect] = []) async {
    guard let accessory else { return }
    guard let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back) else {
      return
    }
    let orientation: DockAccessory.CameraOrientation = .corrected
    let camera = DockAccessory.CameraInformation(
      captureDevice: device.deviceType, cameraPosition: device.position, orientation: orientation,
      cameraIntrinsics: nil, referenceDimensions: CGSize(width: 1920, height: 1080))
    var observations: [DockAccessory.Observation] = []
    for (i, rect) in faces.enumerated() {
      observations.append(
        DockAccessory.Observation(
          identifier: i, type: .humanFace, rect: rect,
          faceYawAngle: Measurement(value: 0, unit: UnitAngle.radians)))
    }
    let bodyType: DockAccessory.Observation.ObservationType = .humanBody
    for (i, rect) in bodies.enumerated() {
      observations.append(DockAccessory.Observation(identifier: 100 + i, type: bodyType, rect: rect))
    }
    for (i, rect) in objects.enumerated() {
      let objectType: DockAccessory.ObservationType = .object
      observations.append(DockAccessory.Observation(identifier: 200 + i, type: objectType, rect: rect))
    }
    do {
      try await accessory.track(observations, cameraInformation: camera)
    } catch DockKitError.frameRateTooHigh {
      // The detector ran faster than DockKit takes observations: this frame is dropped.
      errors.append(.frameRateTooHigh)
      model.serviceLog.append("track: frame dropped")
    } catch DockKitError.frameRateTooLow {
      errors.append(.frameRateTooLow)
      model.serviceLog.append("track: detector too slow")
    } catch {
      record(error)
    }
  }

  private func record(_ error: any Error) {
    if let error = error as? DockKitError {
      errors.append(error)
      switch error {
      case .frameRateTooHigh: model.serviceLog.append("refused: too frequent")
      case .frameRateTooLow: model.serviceLog.append("refused: too infrequent")
      case .invalidParameter: model.serviceLog.append("refused: invalid parameter")
      case .notConnected: model.serviceLog.append("refused: not connected")
      case .notSupported, .notSupportedByDevice: model.serviceLog.append("refused: not supported")
      case .noSubjectFound: model.serviceLog.append("refused: no subject")
      case .cameraTCCMissing: model.serviceLog.append("refused: no camera permission")
      default: model.serviceLog.append("refused: \(error)")
      }
    } else {
      model.serviceLog.append("error: \(error)")
    }
  }
}
