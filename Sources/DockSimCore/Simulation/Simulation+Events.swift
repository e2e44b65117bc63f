extension Simulation {
  /// What applying the due events did this frame.
  struct AppliedEvents {
    var framingChanged = false
    var violations: [APIViolation] = []
    var commands: [String] = []
  }

  /// Applies every event due by `now`, in order. A command DockKit would refuse is not applied and
  /// is recorded as a violation; nothing here can stop the run.
  mutating func applyEvents(
    upTo now: SimTime, tracks: [Track], deliveredTruth: (boxes: [TruthBox], pose: CameraPose)?
  ) -> AppliedEvents {
    var result = AppliedEvents()
    while nextEvent < events.count && events[nextEvent].time <= now {
      let command = events[nextEvent].command
      nextEvent += 1
      if let error = apply(command, at: now, tracks: tracks, deliveredTruth: deliveredTruth, result: &result)
      {
        result.violations.append(APIViolation(time: now, command: command.name, error: error))
      } else {
        result.commands.append(command.name + (activeMotionNote(command) ?? ""))
      }
    }
    return result
  }

  mutating func apply(
    _ command: DockKitCommand, at now: SimTime, tracks: [Track],
    deliveredTruth: (boxes: [TruthBox], pose: CameraPose)?,
    result: inout AppliedEvents
  ) -> DockKitError? {
    switch command {
    case .setDocked, .setCharging: break
    default: if !docked { return .notConnected }
    }
    switch command {
    case .setCharging(let on):
      _ = battery.state(at: now)
      battery.charging = on
    case .setDocked(let on):
      docked = on
      manualVelocity = .stop
      activeMotion = nil
      customTrackingUntil = nil
    case .pressTrackingButton:
      systemTracking.toggle()
      manualVelocity = .stop
      activeMotion = nil
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
      if customTrackingUntil.map({ now > $0 }) ?? true { tracker.reset() }
      customObservations = observations
      customTrackingUntil = now + SimDuration(microseconds: 200_000)
      activeMotion = nil
      manualVelocity = .stop
    case .selectTracks(let ids):
      guard tracker is any SubjectSelecting else { return .notSupported }
      let live = Set(tracks.map(\.id))
      if !ids.isEmpty && !ids.contains(where: { live.contains($0) }) { return .noSubjectFound }
      if let refused = select(tracks: ids) { return refused }
      let scenario = self.scenario
      selectedSubject =
        ids.compactMap {
          Self.subject(of: $0, tracks: tracks, truth: deliveredTruth, scenario: scenario)
        }.first
    case .setSystemTracking(let on):
      systemTracking = on
      customTrackingUntil = nil
      // Either way the app's last manual velocity, move or animation no longer applies.
      manualVelocity = .stop
      activeMotion = nil
    case .setFramingMode(let mode):
      framing.mode = mode
      result.framingChanged = true
    case .setRegionOfInterest(let region):
      if let region, !Framing.isValidRegion(region) { return .invalidParameter }
      framing.regionOfInterest = region
      result.framingChanged = true
    case .selectSubjects(let ids):
      guard tracker is any SubjectSelecting else { return .notSupported }
      var trackIDs: [Int] = []
      for id in ids {
        guard let index = scenario.subjects.firstIndex(where: { $0.id == id }) else {
          return .invalidParameter
        }
        if let track = Self.track(on: index, tracks: tracks, truth: deliveredTruth, camera: scenario.camera) {
          trackIDs.append(track)
        }
      }
      if !ids.isEmpty && trackIDs.isEmpty { return .noSubjectFound }
      if let refused = select(tracks: trackIDs) { return refused }
      // The app chose this person: the run is now about them (the first one found), until it clears
      // the selection.
      let scenario = self.scenario
      selectedSubject =
        ids.compactMap { id in
          scenario.subjects.firstIndex { $0.id == id }.flatMap { index in
            Self.track(on: index, tracks: tracks, truth: deliveredTruth, camera: scenario.camera) == nil
              ? nil : index
          }
        }.first
    case .selectSubject(let x, let y):
      guard var selecting = tracker as? any Tracker & SubjectSelecting else { return .notSupported }
      do {
        let track = try selecting.selectSubject(atX: x, y: y)
        tracker = selecting
        selectedSubject = Self.subject(of: track, tracks: tracks, truth: deliveredTruth, scenario: scenario)
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
      if let yaw, !DockLimits.isValid(yaw, hardware: scenario.dock.yaw) { return .invalidParameter }
      if let pitch, !DockLimits.isValid(pitch, hardware: scenario.dock.pitch) { return .invalidParameter }
      dock.limits.yaw = yaw
      dock.limits.pitch = pitch
    case .setOrientation(let yaw, let pitch, let duration, let relative):
      guard yaw.isFinite, pitch.isFinite, duration.isFinite, duration > 0 else { return .invalidParameter }
      guard !systemTracking else { return .systemTrackingEnabled }
      guard acceptMotionCall(at: now) else { return .frameRateTooHigh }
      let start = measuredNow
      guard
        let move = try? OrientationMove(
          from: start, to: AxisPair(yaw: yaw, pitch: pitch), relative: relative, duration: duration,
          limits: motionLimits, startTime: now)
      else { return .invalidParameter }
      motionSerial += 1
      activeMotion = ActiveMotion(
        serial: motionSerial, kind: .orientation, plan: move, requestedDuration: duration,
        finalPose: move.target,
        plannedAmplitude: nil, start: start)
    case .animate(let animation):
      guard !systemTracking else { return .systemTrackingEnabled }
      guard acceptMotionCall(at: now) else { return .frameRateTooHigh }
      let start = measuredNow
      guard
        let plan = try? AnimationPlan(
          animation: animation, start: start, limits: motionLimits, startTime: now)
      else { return .invalidParameter }
      motionSerial += 1
      activeMotion = ActiveMotion(
        serial: motionSerial, kind: .animation(animation), plan: plan,
        requestedDuration: plan.nominalDuration,
        finalPose: start, plannedAmplitude: plan.amplitude, start: start)
    }
    return nil
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

  /// Passes a selection of track ids to a tracker that supports selection.
  private mutating func select(tracks ids: [Int]) -> DockKitError? {
    guard var selecting = tracker as? any Tracker & SubjectSelecting else { return .notSupported }
    selecting.selectSubjects(ids)
    tracker = selecting
    return nil
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
  var motionLimits: AxisPair<MotionLimits> {
    var limits = AxisPair<MotionLimits>(dock: scenario.dock)
    if let y = dock.limits.yaw {
      limits.yaw.maximumSpeed = y.maximumSpeed
      if let r = y.positionRange { limits.yaw.positionRange = r }
    }
    if let p = dock.limits.pitch {
      limits.pitch.maximumSpeed = p.maximumSpeed
      if let r = p.positionRange { limits.pitch.positionRange = r }
    }
    return limits
  }

  /// The measured pose now, the start of any move or animation.
  var measuredNow: AxisPair<Double> {
    let pose = lastMeasuredPose
    return AxisPair(yaw: pose.yaw, pitch: pose.pitch)
  }

  /// Proportional pull of a move or animation onto its planned position, 1/s.
  static let motionGain = 12.0

  /// The scenario subject whose box of its kind the track `id` lies nearest (within `distance`'s
  /// reach), if any: the person an app selected by selecting that track.
  static func subject(
    of id: Int, tracks: [Track], truth: (boxes: [TruthBox], pose: CameraPose)?, scenario: Scenario
  ) -> Int? {
    guard let truth, let t = tracks.first(where: { $0.id == id }) else { return nil }
    var best: (Int, Double)?
    for b in truth.boxes {
      guard let d = distance(from: t, to: b, pose: truth.pose, camera: scenario.camera) else { continue }
      if best == nil || d < best!.1 { best = (b.subjectIndex, d) }
    }
    return best?.0
  }

  /// The id of the confirmed or coasting track whose centre lies nearest the visible part of a box of
  /// subject `index` at the delivered capture instant (within `distance`'s reach): the identifier an
  /// app would have read for that person.
  static func track(
    on index: Int, tracks: [Track], truth: (boxes: [TruthBox], pose: CameraPose)?, camera: PinholeCamera
  ) -> Int? {
    guard let truth else { return nil }
    var best: (Int, Double)?
    for t in tracks where t.status != .tentative {
      for b in truth.boxes where b.subjectIndex == index {
        guard let d = distance(from: t, to: b, pose: truth.pose, camera: camera) else { continue }
        if best == nil || d < best!.1 { best = (t.id, d) }
      }
    }
    return best?.0
  }

  /// The image distance from track `t`'s centre to the centre of the visible part of box `b` of the
  /// same kind, through `pose`, when within half that part's height, at least 0.05 — a box cut by the
  /// image edge has no observable centre; nil otherwise (another kind, nothing visible, out of reach).
  private static func distance(from t: Track, to b: TruthBox, pose: CameraPose, camera: PinholeCamera)
    -> Double?
  {
    guard b.kind == t.kind, let visible = b.visibleBox,
      let p = camera.project(Direction(azimuth: t.state.azimuth, elevation: t.state.elevation), pose: pose)
    else { return nil }
    let (u, v) = (visible.midX, visible.midY)
    let d = ((u - p.u) * (u - p.u) + (v - p.v) * (v - p.v)).squareRoot()
    return d <= max(0.05, visible.height / 2) ? d : nil
  }
}
