import Testing

@testable import DockSimCore

/// The DockKit app session on its own, without the simulation loop: each rule fed calls at chosen
/// instants, as `Simulation` would hand them over.
struct AppSessionTests {
  /// A tracker that tracks nothing and counts its resets.
  struct CountingTracker: Tracker {
    var resets = 0
    var primaryTrack: Track? { nil }
    mutating func update(with batch: ObservationBatch) -> [Track] { [] }
    mutating func reset() { resets += 1 }
  }

  static let scenario = Scenario(
    name: "session", seed: 1, duration: SimDuration(seconds: 10),
    subjects: [
      Subject(
        id: "ann", kind: .humanBody, width: 0.5, height: 1.7,
        path: SubjectPath(waypoints: [
          Waypoint(time: SimTime(seconds: 0), position: .polar(azimuth: 0, distance: 3, height: -0.15))
        ]))
    ])

  /// A session with its tracker and the dock's limits, called at instants in seconds.
  struct Bench {
    var session = AppSession(scenario: AppSessionTests.scenario)
    var tracker: any Tracker = CountingTracker()
    var limits = DockLimits()

    static func context(_ seconds: Double) -> AppSession.Context {
      AppSession.Context(
        time: SimTime(seconds: seconds), tracks: [], deliveredTruth: nil,
        measuredPose: CameraPose(yaw: 0, pitch: 0))
    }

    mutating func call(_ command: DockKitCommand, at seconds: Double) -> DockKitError? {
      session.submit(command, Self.context(seconds), tracker: &tracker, limits: &limits)
    }

    mutating func play(_ command: DockKitCommand, at seconds: Double) {
      session.play(command, Self.context(seconds), tracker: &tracker, limits: &limits)
    }

    var resets: Int { (tracker as? CountingTracker)?.resets ?? -1 }

    func driver(at seconds: Double) -> AppSession.Driver {
      session.driver(at: SimTime(seconds: seconds), measured: AxisPair(yaw: 0, pitch: 0))
    }
  }

  static let move = DockKitCommand.setOrientation(yaw: 0.1, pitch: 0, duration: 1, relative: false)

  @Test func theDocksControlsReachTheAppOnlyWhileDocked() {
    var s = Bench()
    s.play(.accessoryInput(.cameraShutter), at: 0)
    s.play(.accessoryInput(.button(id: 2, pressed: true)), at: 0)
    var log = s.session.takeLog()
    #expect(log.accessoryInputs == [.cameraShutter, .button(id: 2, pressed: true)])
    #expect(log.violations.isEmpty)
    #expect(s.call(.setDocked(false), at: 1) == nil)
    s.play(.accessoryInput(.cameraFlip), at: 1.5)
    log = s.session.takeLog()
    #expect(log.accessoryInputs.isEmpty, "off the dock the phone hears no button")
    #expect(log.violations.isEmpty, "a press is never an app's mistake")
  }

  @Test func aCallRefusedOutsideTheSessionIsLoggedAsAViolation() {
    var s = Bench()
    s.session.refuse("setLimits", .notSupportedByDevice, at: SimTime(seconds: 2))
    #expect(
      s.session.takeLog().violations == [
        APIViolation(time: SimTime(seconds: 2), command: "setLimits", error: .notSupportedByDevice)
      ])
  }

  @Test func twoMotionCallsASecondAndTheThirdIsRefused() {
    var s = Bench()
    #expect(s.call(.setSystemTracking(false), at: 0) == nil)
    #expect(s.call(Self.move, at: 0) == nil)
    #expect(s.call(.animate(.yes), at: 0.3) == nil, "setOrientation and animate count together")
    #expect(s.call(Self.move, at: 0.6) == .frameRateTooHigh)
    #expect(s.call(Self.move, at: 0.999_999) == .frameRateTooHigh, "the call at 0 is still within a second")
    #expect(s.session.activeMotion?.serial == 2, "refused calls start nothing")
    // A second after the first, it leaves the window: one call in the last second, so one more goes.
    #expect(s.call(Self.move, at: 1.0) == nil)
    #expect(s.session.activeMotion?.serial == 3)
    #expect(s.call(Self.move, at: 1.2) == .frameRateTooHigh, "0.3 and 1.0 are within a second")
    #expect(s.call(Self.move, at: 1.3) == nil)
    let log = s.session.takeLog()
    #expect(log.violations.map(\.error) == [.frameRateTooHigh, .frameRateTooHigh, .frameRateTooHigh])
    #expect(
      log.commands == [
        "setSystemTracking", "setOrientation", "animate(yes)", "setOrientation", "setOrientation",
      ])
  }

  @Test func trackWantsTenToThirtyCallsASecond() {
    var s = Bench()
    #expect(s.call(.setSystemTracking(false), at: 0) == nil)
    #expect(s.call(.track([]), at: 0) == nil)
    #expect(s.call(.track([]), at: 0.01) == .frameRateTooHigh, "100 calls a second")
    #expect(s.call(.track([]), at: 0.05) == nil, "the refused call counts: 40 ms since it")
    #expect(s.call(.track([]), at: 1.0 / 30 + 0.05) == nil, "exactly 30 a second")
    #expect(s.call(.track([]), at: 0.3) == .frameRateTooLow, "about 5 calls a second")
    #expect(s.call(.track([]), at: 0.4) == nil, "exactly 10 a second")
  }

  @Test func undockedEveryCommandButDockingAndChargingIsNotConnected() {
    var s = Bench()
    #expect(s.call(.setDocked(false), at: 0) == nil)
    #expect(!s.session.docked)
    #expect(s.driver(at: 0) == .none, "the motors stop")
    #expect(s.call(.setFramingMode(.left), at: 0.1) == .notConnected)
    #expect(s.call(.pressTrackingButton, at: 0.1) == .notConnected)
    #expect(s.call(.setSystemTracking(false), at: 0.1) == .notConnected)
    #expect(s.session.framing.mode == .automatic && s.session.systemTracking, "nothing changed")
    #expect(s.call(.setCharging(true), at: 0.2) == nil)
    #expect(s.call(.setDocked(true), at: 0.3) == nil)
    #expect(s.driver(at: 0.3) == .controller)
    #expect(s.call(.setFramingMode(.left), at: 0.4) == nil)
    #expect(s.session.framing.mode == .left)
  }

  @Test func motionCommandsNeedSystemTrackingOff() {
    var s = Bench()
    let limit = AxisLimit(positionRange: -0.5...0.5, maximumSpeed: 1)
    #expect(s.call(.setAngularVelocity(yaw: 0.2, pitch: 0), at: 0) == .systemTrackingEnabled)
    #expect(s.call(Self.move, at: 0) == .systemTrackingEnabled)
    #expect(s.call(.animate(.kapow), at: 0) == .systemTrackingEnabled)
    #expect(s.call(.setLimits(yaw: limit, pitch: nil), at: 0) == .systemTrackingEnabled)
    #expect(s.call(.track([]), at: 0) == .systemTrackingEnabled)
    #expect(s.session.activeMotion == nil && s.limits.yaw == nil && s.resets == 0)
    #expect(s.driver(at: 0) == .controller)
    #expect(s.call(.setSystemTracking(false), at: 0.1) == nil)
    #expect(s.call(.setLimits(yaw: limit, pitch: nil), at: 0.1) == nil)
    #expect(s.limits.yaw == limit, "the dock's limits are set")
    #expect(s.call(.setAngularVelocity(yaw: 0.2, pitch: 0), at: 0.1) == nil)
    #expect(s.driver(at: 0.1) == .app(DockCommand(yawVelocity: 0.2, pitchVelocity: 0)))
  }

  @Test func theTrackingButtonTogglesSystemTracking() {
    var s = Bench()
    #expect(s.session.systemTracking)
    #expect(s.call(.pressTrackingButton, at: 0) == nil)
    #expect(!s.session.systemTracking)
    #expect(s.driver(at: 0) == .app(.stop))
    #expect(s.call(.setAngularVelocity(yaw: 0.2, pitch: 0), at: 0.1) == nil)
    #expect(s.driver(at: 0.1) == .app(DockCommand(yawVelocity: 0.2, pitchVelocity: 0)))
    #expect(s.call(.pressTrackingButton, at: 0.2) == nil)
    #expect(s.session.systemTracking)
    #expect(s.driver(at: 0.2) == .controller)
    #expect(s.call(.pressTrackingButton, at: 0.3) == nil)
    #expect(s.driver(at: 0.3) == .app(.stop), "the button cancelled the app's velocity")
    #expect(
      s.session.takeLog().commands == [
        "trackingButton", "setAngularVelocity", "trackingButton", "trackingButton",
      ])
  }

  @Test func aNewCustomTrackingSessionResetsTheTracker() {
    var s = Bench()
    #expect(s.call(.setSystemTracking(false), at: 0) == nil)
    #expect(s.call(.track([]), at: 0) == nil)
    #expect(s.resets == 1, "the first call starts a session")
    #expect(s.call(.track([]), at: 0.05) == nil)
    #expect(s.resets == 1, "within the session")
    #expect(s.session.customTrackingActive(at: SimTime(seconds: 0.25)))
    #expect(!s.session.customTrackingActive(at: SimTime(seconds: 0.250_001)), "0.2 s after the last call")
    #expect(s.call(.track([]), at: 0.3) == .frameRateTooLow)
    #expect(s.resets == 1, "a refused call starts nothing")
    #expect(s.call(.track([]), at: 0.35) == nil)
    #expect(s.resets == 2, "the session had ended at 0.25 s")
    #expect(s.call(.setSystemTracking(true), at: 0.36) == nil)
    #expect(s.call(.setSystemTracking(false), at: 0.37) == nil)
    #expect(!s.session.customTrackingActive(at: SimTime(seconds: 0.37)), "setSystemTracking ends it")
    #expect(s.call(.track([]), at: 0.4) == nil)
    #expect(s.resets == 3)
  }

  @Test func customTrackingFeedsTheAppsObservationsOnceAndDrivesWithTheController() {
    var s = Bench()
    let hand = Observation(kind: .object, rect: NormalizedRect(x: 0.4, y: 0.4, width: 0.1, height: 0.1))
    let body = Observation(kind: .humanBody, rect: NormalizedRect(x: 0.2, y: 0.2, width: 0.2, height: 0.5))
    #expect(s.call(.setSystemTracking(false), at: 0) == nil)
    s.play(.customTracking(rate: 15, kinds: [.object]), at: 0.1)
    // The app model calls at its start, then every 1/15 s, with the detections of its kinds.
    for (t, due) in [(0.1, true), (0.15, false), (0.1 + 1.0 / 15, true)] {
      s.session.runCustomTrackingApp(
        detections: [body, hand], Bench.context(t), tracker: &s.tracker, limits: &s.limits)
      #expect(s.session.takeCustomObservations() == (due ? [hand] : nil), "at \(t) s")
      #expect(s.session.takeCustomObservations() == nil, "taken once")
    }
    #expect(s.driver(at: 0.2) == .controller, "custom tracking drives with the controller")
    #expect(s.resets == 1)
    #expect(s.session.takeLog().commands == ["setSystemTracking", "customTrackingApp", "track", "track"])
  }

  @Test func selectionNeedsASelectingTrackerAndKnownPeople() {
    var s = Bench()
    #expect(s.call(.selectTracks([1]), at: 0) == .notSupported)
    #expect(s.call(.selectSubjects(["ann"]), at: 0) == .notSupported)
    s.tracker = MultiTargetTracker(camera: Self.scenario.camera, parameters: Self.scenario.tracker)
    #expect(s.call(.selectSubjects(["bob"]), at: 0) == .invalidParameter, "no such person")
    #expect(s.call(.selectSubjects(["ann"]), at: 0) == .noSubjectFound, "not tracked")
    #expect(s.call(.selectSubjects([]), at: 0) == nil, "back to automatic")
    #expect(s.session.selectedSubject == nil)
  }

  /// A timeline move is logged with its plan; the same call through the API by name only.
  @Test func timelineMovesAreLoggedWithTheirPlan() {
    var s = Bench()
    s.play(.setSystemTracking(false), at: 0)
    s.play(Self.move, at: 0)
    #expect(s.call(Self.move, at: 0.5) == nil)
    s.play(.setFramingMode(.right), at: 0.6)
    let log = s.session.takeLog()
    #expect(
      log.commands == [
        "setSystemTracking", "setOrientation (planned 1.000 s)", "setOrientation", "setFramingMode",
      ])
    #expect(log.framingChanged)
    #expect(s.session.takeLog().commands.isEmpty, "taking the log empties it")
  }
}
