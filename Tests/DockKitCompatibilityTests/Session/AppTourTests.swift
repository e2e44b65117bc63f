import DockSimKit
import Foundation
import Testing

// Compiled in every DockKit compatibility target (their `Session` directories are symlinks to this
// one), each in its own Swift setting, so it uses DockSimKit and Foundation only: no member of a type
// DockSimKit takes from DockSimCore, which would need `import DockSimCore` under MemberImportVisibility.

/// What the app did and saw in the short session, for the checks.
struct Tour {
  /// Per framing mode set: the mode the accessory reports and, two seconds later, the horizontal
  /// centre of the primary subject's box and the middle of all the boxes (normalized).
  var framing: [(mode: String, primary: Double, middle: Double)] = []
  /// Per animation: whether the app saw it finish, and the virtual time its wait took.
  var animations: [(finished: Bool, took: Duration)] = []
  /// Tracked subjects when custom tracking began (the person has left by then).
  var subjectsBeforeCustom = -1
  /// The kinds of subject tracked while the app fed its own observations: "face" (a person with a
  /// speaking confidence), "body" (a person without), "object".
  var customKinds: Set<String> = []
  var errors: [DockKitError] = []
  var serviceLog: [String] = []
  var eventLog: [String] = []
  var zoomFactor = 0.0
}

/// Drives the app under test (App/) through every case of DockKit's nested enums on `app-tour`:
/// each framing mode with system tracking, each animation, custom tracking with each observation
/// type, a refusal of each kind the app catches by pattern or switches over, and (from the scenario)
/// each of the dock's controls.
func runAppTour() async throws -> Tour {
  let manager = try Fixtures.manager("app-tour")
  manager.virtualTime = .completesMotionsWhenPolled
  let clock = manager.clock
  let model = CameraModel()
  let service = DockControlService(manager: manager, model: model, clock: clock)
  var tour = Tour()

  try await service.setUp()
  while await service.accessory == nil { await Task.yield() }
  let accessory = try #require(await service.accessory)

  let modes: [DockAccessory.FramingMode] = [.center, .left, .right, .automatic]
  for mode in modes {
    await service.setFraming(mode)
    try await clock.sleep(for: .seconds(2))
    let reported = await service.framing.map { "\($0)" } ?? "nil"
    let centres = accessory.trackingState.trackedSubjects.map { Double($0.rect.midX) }
    let middle = ((centres.min() ?? .nan) + (centres.max() ?? .nan)) / 2
    tour.framing.append((reported, centres.first ?? .nan, middle))
  }

  // The person leaves at 10 s, while the dock plays its animations in manual mode.
  await service.setTrackingMode(.manual)
  let animations: [DockAccessory.Animation] = [.yes, .no, .wakeup, .kapow]
  for animation in animations {
    let start = clock.now
    let finished = await service.animate(animation)
    tour.animations.append((finished, start.duration(to: clock.now)))
  }
  _ = await service.startAnimation(.yes)
  _ = await service.startAnimation(.no)
  _ = await service.startAnimation(.wakeup)  // refused: a third within a second
  try await clock.sleep(for: .seconds(1))

  // Custom tracking at 15 Hz: a face, a body and an object, where nobody is.
  tour.subjectsBeforeCustom = accessory.trackingState.trackedSubjects.count
  await service.setTrackingMode(.custom)
  let states = try accessory.trackingStates
  for _ in 0..<20 {
    await service.track(
      faces: [CGRect(x: 0.2, y: 0.6, width: 0.08, height: 0.14)],
      bodies: [CGRect(x: 0.45, y: 0.2, width: 0.15, height: 0.5)],
      objects: [CGRect(x: 0.75, y: 0.3, width: 0.1, height: 0.1)])
    try await clock.sleep(for: .seconds(1.0 / 15))
  }
  await service.track(faces: [], bodies: [])
  await service.track(faces: [], bodies: [])  // refused: too soon after the last
  try await clock.sleep(for: .seconds(0.5))
  await service.track(faces: [], bodies: [])  // refused: too long after the last

  // Refusals the app's switch over DockKitError sorts.
  await service.selectSubject(at: CGPoint(x: 0.05, y: 0.05))  // refused: nobody there
  await service.setRegionOfInterest(to: CGRect(x: 0.9, y: 0.9, width: 0.5, height: 0.5))  // refused
  try accessory.setDocked(false)
  await service.move(.left)  // refused: not connected
  try accessory.setDocked(true)

  _ = try manager.runToEnd()
  await service.waitForSubscriptions()
  // Nobody else is in the room from custom tracking on: every track is one of the app's boxes.
  for await state in states {
    for subject in state.trackedSubjects {
      switch subject {
      case .person(let person): tour.customKinds.insert(person.speakingConfidence == nil ? "body" : "face")
      case .object: tour.customKinds.insert("object")
      @unknown default: break
      }
    }
  }
  tour.errors = await service.errors
  tour.serviceLog = model.serviceLog
  tour.eventLog = model.eventLog
  tour.zoomFactor = model.zoomFactor
  return tour
}

@Suite("The app's use of every case of DockKit's enums, in a short session")
struct AppTourTests {
  @Test("each framing mode, animation, observation type, refusal and control has its effect")
  func tour() async throws {
    let tour = try await runAppTour()
    #expect(tour.framing.map(\.mode) == ["center", "left", "right", "automatic"])
    // The primary subject mid-image, on the left third, on the right third; automatic frames both
    // talking people, the primary off-centre (docs/dockkit.md).
    let primary = tour.framing.map(\.primary)
    #expect(abs(primary[0] - 0.5) < 0.03 && abs(primary[1] - 1.0 / 3) < 0.03, "\(tour.framing)")
    #expect(abs(primary[2] - 2.0 / 3) < 0.03, "\(tour.framing)")
    #expect(abs(tour.framing[3].middle - 0.5) < 0.05 && abs(primary[3] - 0.5) > 0.05, "\(tour.framing)")
    // Each animation's wait lasts its own length (docs/motion.md), to the next camera frame.
    let lengths: [Duration] = [.milliseconds(1200), .milliseconds(1950), .milliseconds(2500), .seconds(2)]
    #expect(tour.animations.map(\.finished) == [true, true, true, true])
    for (animation, length) in zip(tour.animations, lengths) {
      #expect(animation.took >= length && animation.took < length + .milliseconds(50), "\(animation.took)")
    }
    #expect(tour.subjectsBeforeCustom == 0)
    #expect(tour.customKinds == ["face", "body", "object"])
    #expect(
      tour.errors == [
        .frameRateTooHigh,  // a third animation within a second
        .frameRateTooHigh,  // a track call too soon after the last
        .frameRateTooLow,  // a track call too long after the last
        .noSubjectFound,  // a tap where nobody is
        .invalidParameter,  // a region outside the image
        .notConnected,  // a chevron while the phone is off the dock
      ])
    #expect(
      tour.serviceLog == [
        "refused: too frequent", "track: frame dropped", "track: detector too slow", "refused: no subject",
        "refused: invalid parameter", "refused: not connected",
      ])
    #expect(
      tour.eventLog == ["start recording", "zoom ×2.0", "front camera", "button 3 down", "button 3 up"])
    #expect(tour.zoomFactor == 2)
  }
}
