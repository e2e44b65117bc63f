/// The app's side of DockKit in a run: what DockKit keeps for the app on the dock — system tracking,
/// framing and region of interest, the selected subject, the app's manual velocity, `setOrientation`
/// move or animation, custom tracking, docking, the battery — and the rules the app's calls obey. It is
/// the one home of those rules.
///
/// The loop (`Simulation`) hands it every command, from the scenario's timeline or through the API,
/// with what the phone knows at that instant (`Context`), and the two things outside it that a command
/// may change: the tracker (a selection, a reset) and the dock's limits. It answers the DockKit error or
/// nil, logs what each call did for the next frame (`takeLog`), and tells the loop who drives the dock
/// (`driver(at:measured:)`) and what custom tracking feeds the tracker.
///
/// A refused command changes no state, except the clock of the `track` call-rate rule, which counts
/// calls refused for their rate or their observations too, and the two-per-second motion rule, which
/// counts a call that passed it even when its move cannot be planned.
struct AppSession {
  /// What a command is applied against: the instant, and what the phone knows then.
  struct Context {
    var time: SimTime
    /// The live tracks the app can read (the last frame's): the ids selections name.
    var tracks: [Track]
    /// The truth at the capture `tracks` were estimated from: which person a selection means (for
    /// scoring only; the tracker never sees it).
    var deliveredTruth: CapturedTruth?
    /// The pose the phone measured at the last frame: where a move or animation starts.
    var measuredPose: CameraPose
  }

  /// What the app's calls did since the loop last took the log, reported with the next frame.
  struct Log {
    var framingChanged = false
    /// Refused calls, in call order.
    var violations: [APIViolation] = []
    /// Accepted calls by name, in call order.
    var commands: [String] = []
    /// The dock's controls used, in order, for the app's `accessoryEvents` (docked only).
    var accessoryInputs: [AccessoryInput] = []
  }

  /// Who drives the dock.
  enum Driver: Equatable {
    /// Nobody: the phone is off the dock, so the motors stop.
    case none
    /// The tracker and the framing controller: system tracking, or custom tracking on the app's
    /// observations.
    case controller
    /// The app, with this command: its move or animation in progress, else its manual velocity.
    case app(DockCommand)
  }

  /// Proportional pull of a move or animation onto its planned position, 1/s.
  static let motionGain = 12.0
  /// How long custom tracking keeps driving the dock after a `track` call.
  static let customTrackingHold = SimDuration(microseconds: 200_000)

  /// The dock's hardware: its axes' ranges and speeds (what `setLimits` may ask, what moves are planned
  /// under) and its command latency (how far ahead a move's velocity is read).
  let hardware: DockParameters
  /// The camera, through which a track is matched to a person's box.
  let camera: PinholeCamera
  /// The scenario's subject ids, in subject order: `selectSubjects` names people by id.
  let subjectIDs: [String]

  /// The framing in force (DockKit's framing mode and region of interest).
  private(set) var framing: Framing
  /// Whether the built-in tracker and controller drive the dock (DockKit's system tracking).
  private(set) var systemTracking = true
  /// Whether the phone is on the dock.
  private(set) var docked = true
  /// The `setOrientation` move or animation in progress (system tracking off), if any.
  private(set) var activeMotion: ActiveMotion?
  /// The subject the app selected (`selectSubjects`, a tap, or tracks it chose), which the run is about
  /// while the selection lasts; nil: the scenario's `primary_subject`.
  private(set) var selectedSubject: Int?
  /// The app's manual angular velocity while system tracking is off, rad/s.
  private var manualVelocity = DockCommand.stop
  private var motionSerial = 0
  /// Accepted `setOrientation` / `animate` calls in the last second (DockKit allows two).
  private var recentMotionCalls: [SimTime] = []
  private var battery: BatteryIntegrator
  /// Observations the app passed to `track` since the last frame, and until when custom tracking
  /// drives the dock without a new call.
  private var customObservations: [Observation]?
  private var customTrackingUntil: SimTime?
  private var lastTrackCall: SimTime?
  /// The scenario's custom-tracking app model: rate (Hz), kinds, next call.
  private var customApp: (rate: Double, kinds: [SubjectKind], next: SimTime)?
  private var log = Log()

  /// The session at the start of `scenario`: docked, system tracking on, the scenario's framing and
  /// battery.
  init(scenario: Scenario) {
    hardware = scenario.dock
    camera = scenario.camera
    subjectIDs = scenario.subjects.map(\.id)
    framing = scenario.framing
    battery = BatteryIntegrator(model: scenario.battery)
  }

  // MARK: Calls

  /// An app's call (through `Simulation.submit`, or the scenario's custom-tracking app): applies
  /// `command` and answers the DockKit error, or nil; logged either way.
  mutating func submit(
    _ command: DockKitCommand, _ context: Context, tracker: inout any Tracker, limits: inout DockLimits
  ) -> DockKitError? {
    let error = apply(command, context, tracker: &tracker, limits: &limits)
    if let error {
      log.violations.append(APIViolation(time: context.time, command: command.name, error: error))
    } else {
      log.commands.append(command.name)
    }
    return error
  }

  /// A command of the scenario's timeline, applied as a call; a move it starts is logged with its
  /// planned duration and any stretch (the events trace shows them). While `retrying` (the scenario's
  /// app will try the call again, `ScenarioEvent.retry`), a refusal with `noSubjectFound` is not
  /// logged; returns whether it was refused so, and the app should try again.
  @discardableResult
  mutating func play(
    _ command: DockKitCommand, _ context: Context, tracker: inout any Tracker, limits: inout DockLimits,
    retrying: Bool = false
  ) -> Bool {
    let error = apply(command, context, tracker: &tracker, limits: &limits)
    if retrying && error == .noSubjectFound { return true }
    if let error {
      log.violations.append(APIViolation(time: context.time, command: command.name, error: error))
    } else {
      log.commands.append(command.name + (activeMotionNote(command) ?? ""))
    }
    return false
  }

  /// The scenario's custom-tracking app model: when a call is due, it passes `track` the detections of
  /// its kinds in `detections` (this frame's, its own model's).
  mutating func runCustomTrackingApp(
    detections: [Observation], _ context: Context, tracker: inout any Tracker, limits: inout DockLimits
  ) {
    guard let app = customApp, context.time >= app.next else { return }
    let own = detections.filter { app.kinds.contains($0.kind) }
    _ = submit(.track(own), context, tracker: &tracker, limits: &limits)
    customApp?.next = app.next + SimDuration(seconds: 1 / app.rate)
  }

  // MARK: What the loop reads

  /// Whether custom tracking drives the dock at `now`: within `customTrackingHold` of the last accepted
  /// `track` call, and not ended by `setSystemTracking` or undocking.
  func customTrackingActive(at now: SimTime) -> Bool {
    customTrackingUntil.map { now <= $0 } ?? false
  }

  /// The observations of the app's last `track` call, once: the tracker takes them at the next frame.
  mutating func takeCustomObservations() -> [Observation]? {
    defer { customObservations = nil }
    return customObservations
  }

  /// Who drives the dock at `now`, with the sensors' pose `measured` (a move pulls onto its plan).
  /// With system tracking off the app drives, unless custom tracking is on; the tracker still runs
  /// either way (DockKit keeps reporting tracking states).
  func driver(at now: SimTime, measured: AxisPair<Double>) -> Driver {
    if !docked { return .none }
    if systemTracking || customTrackingActive(at: now) { return .controller }
    if let active = activeMotion {
      return .app(
        active.command(
          at: now, lead: hardware.commandLatency.seconds, measured: measured, gain: Self.motionGain))
    }
    return .app(manualVelocity)
  }

  /// Records a call refused before it reached the session (an argument DockSimKit checks itself):
  /// reported with the next frame and counted as any refused call.
  mutating func refuse(_ name: String, _ error: DockKitError, at time: SimTime) {
    log.violations.append(APIViolation(time: time, command: name, error: error))
  }

  /// What the calls did since the last time, and an empty log for the next frame.
  mutating func takeLog() -> Log {
    defer { log = Log() }
    return log
  }

  /// The battery at `now` (levels integrate from the last reading).
  mutating func batteryState(at now: SimTime) -> BatteryState {
    battery.state(at: now)
  }

  // MARK: The rules

  private mutating func apply(
    _ command: DockKitCommand, _ context: Context, tracker: inout any Tracker, limits: inout DockLimits
  ) -> DockKitError? {
    let now = context.time
    switch command {
    case .setDocked, .setCharging, .accessoryInput: break
    default: if !docked { return .notConnected }
    }
    switch command {
    case .setCharging(let on):
      _ = battery.state(at: now)
      battery.charging = on
    case .setDocked(let on):
      docked = on
      stopAppMotion()
      customTrackingUntil = nil
    case .accessoryInput(let input):
      // Off the dock the phone cannot hear the dock's buttons: the press happens, nothing is delivered.
      if docked { log.accessoryInputs.append(input) }
    case .pressTrackingButton:
      systemTracking.toggle()
      stopAppMotion()
    case .customTracking(let rate, let kinds):
      customApp = rate > 0 ? (rate, kinds, now) : nil
    case .track(let observations):
      guard !systemTracking else { return .systemTrackingEnabled }
      let previous = lastTrackCall
      lastTrackCall = now
      if let previous {
        let interval = (now - previous).seconds
        // DockKit wants 10–30 calls a second; a millisecond of slack for frame-aligned timing.
        if interval < 1.0 / 30 - 0.001 { return .frameRateTooHigh }
        if interval > 0.1 + 0.001 { return .frameRateTooLow }
      }
      guard
        observations.allSatisfy({
          [$0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height].allSatisfy(\.isFinite)
        })
      else { return .invalidParameter }
      // A new custom-tracking session tracks the app's observations alone: the tracker starts from
      // no tracks, so the subject the system was following does not stay primary.
      if !customTrackingActive(at: now) { tracker.reset() }
      customObservations = observations
      customTrackingUntil = now + Self.customTrackingHold
      stopAppMotion()
    case .selectTracks(let ids):
      guard tracker is any SubjectSelecting else { return .notSupported }
      let live = Set(context.tracks.map(\.id))
      if !ids.isEmpty && !ids.contains(where: { live.contains($0) }) { return .noSubjectFound }
      if let refused = Self.select(tracks: ids, in: &tracker) { return refused }
      selectedSubject = ids.compactMap { subject(of: $0, context) }.first
    case .setSystemTracking(let on):
      systemTracking = on
      customTrackingUntil = nil
      // Either way the app's last manual velocity, move or animation no longer applies.
      stopAppMotion()
    case .setFramingMode(let mode):
      framing.mode = mode
      log.framingChanged = true
    case .setRegionOfInterest(let region):
      if let region, !Framing.isValidRegion(region) { return .invalidParameter }
      framing.regionOfInterest = region
      log.framingChanged = true
    case .selectSubjects(let ids):
      guard tracker is any SubjectSelecting else { return .notSupported }
      var trackIDs: [Int] = []
      for id in ids {
        guard let index = subjectIDs.firstIndex(of: id) else { return .invalidParameter }
        if let track = track(on: index, context) { trackIDs.append(track) }
      }
      if !ids.isEmpty && trackIDs.isEmpty { return .noSubjectFound }
      if let refused = Self.select(tracks: trackIDs, in: &tracker) { return refused }
      // The app chose this person: the run is now about them (the first one found), until it clears
      // the selection.
      selectedSubject =
        ids.compactMap { id in
          subjectIDs.firstIndex(of: id).flatMap { index in track(on: index, context) == nil ? nil : index }
        }.first
    case .selectSubject(let x, let y):
      guard var selecting = tracker as? any Tracker & SubjectSelecting else { return .notSupported }
      do {
        let track = try selecting.selectSubject(atX: x, y: y)
        tracker = selecting
        selectedSubject = subject(of: track, context)
      } catch {
        return error == .invalidParameter ? .invalidParameter : .noSubjectFound
      }
    case .setAngularVelocity(let yaw, let pitch):
      guard yaw.isFinite, pitch.isFinite else { return .invalidParameter }
      guard !systemTracking else { return .systemTrackingEnabled }
      manualVelocity = DockCommand(yawVelocity: yaw, pitchVelocity: pitch)
      activeMotion = nil
    case .setLimits(let yaw, let pitch):
      guard !systemTracking else { return .systemTrackingEnabled }
      if let yaw, !DockLimits.isValid(yaw, hardware: hardware.yaw) { return .invalidParameter }
      if let pitch, !DockLimits.isValid(pitch, hardware: hardware.pitch) { return .invalidParameter }
      limits.yaw = yaw
      limits.pitch = pitch
    case .setOrientation(let yaw, let pitch, let duration, let relative):
      guard yaw.isFinite, pitch.isFinite, duration.isFinite, duration > 0 else { return .invalidParameter }
      guard !systemTracking else { return .systemTrackingEnabled }
      guard acceptMotionCall(at: now) else { return .frameRateTooHigh }
      let start = AxisPair(yaw: context.measuredPose.yaw, pitch: context.measuredPose.pitch)
      guard
        let move = try? OrientationMove(
          from: start, to: AxisPair(yaw: yaw, pitch: pitch), relative: relative, duration: duration,
          limits: motionLimits(under: limits), startTime: now)
      else { return .invalidParameter }
      motionSerial += 1
      activeMotion = ActiveMotion(
        serial: motionSerial, kind: .orientation, plan: move, requestedDuration: duration,
        finalPose: move.target, plannedAmplitude: nil, start: start)
    case .animate(let animation):
      guard !systemTracking else { return .systemTrackingEnabled }
      guard acceptMotionCall(at: now) else { return .frameRateTooHigh }
      let start = AxisPair(yaw: context.measuredPose.yaw, pitch: context.measuredPose.pitch)
      guard
        let plan = try? AnimationPlan(
          animation: animation, start: start, limits: motionLimits(under: limits), startTime: now)
      else { return .invalidParameter }
      motionSerial += 1
      activeMotion = ActiveMotion(
        serial: motionSerial, kind: .animation(animation), plan: plan,
        requestedDuration: plan.nominalDuration, finalPose: start, plannedAmplitude: plan.amplitude,
        start: start)
    }
    return nil
  }

  /// The app's manual velocity, move or animation no longer applies.
  private mutating func stopAppMotion() {
    manualVelocity = .stop
    activeMotion = nil
  }

  /// DockKit's rule: at most two `setOrientation` / `animate` calls per second (a sliding one-second
  /// window over accepted calls); a third is refused with `frameRateTooHigh`.
  private mutating func acceptMotionCall(at now: SimTime) -> Bool {
    recentMotionCalls.removeAll { (now - $0).microseconds >= 1_000_000 }
    guard recentMotionCalls.count < 2 else { return false }
    recentMotionCalls.append(now)
    return true
  }

  /// The limits a move or animation is planned under: the app's limits where set, the hardware's
  /// otherwise, with the planner's acceleration limit.
  private func motionLimits(under app: DockLimits) -> AxisPair<MotionLimits> {
    var limits = AxisPair<MotionLimits>(dock: hardware)
    if let y = app.yaw {
      limits.yaw.maximumSpeed = y.maximumSpeed
      if let r = y.positionRange { limits.yaw.positionRange = r }
    }
    if let p = app.pitch {
      limits.pitch.maximumSpeed = p.maximumSpeed
      if let r = p.positionRange { limits.pitch.positionRange = r }
    }
    return limits
  }

  /// For a move just started: how long it is planned to take and, when the requested duration was too
  /// short, what stretched it (reported in the events trace).
  private func activeMotionNote(_ command: DockKitCommand) -> String? {
    guard case .setOrientation = command, let move = activeMotion?.plan as? OrientationMove else {
      return nil
    }
    let planned = FixedDecimal.format(move.plannedDuration, digits: 3)
    guard let s = move.stretch else { return " (planned \(planned) s)" }
    return
      " (stretched from \(FixedDecimal.format(s.requestedDuration, digits: 3)) s to \(planned) s by the \(s.axis.rawValue) \(s.limit.rawValue) limit)"
  }
}
