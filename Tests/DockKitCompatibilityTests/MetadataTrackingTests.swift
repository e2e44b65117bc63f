// The capture pipeline here makes AVFoundation metadata objects, which have no public initializer
// on Apple platforms (a capture output makes them): the test runs where DockSimKit's stand-ins exist.
#if !canImport(AVFoundation)
  import DockSimKit
  import Foundation
  import Testing

  /// What the app's custom tracking did in one session.
  struct MetadataTranscript: Equatable {
    var errors: [DockKitError] = []
    var tracked: [String: Int] = [:]
    /// The dock's yaw (radians) before and after each form's second of tracking.
    var yaws: [String: [Double]] = [:]
    /// Per tracking state during custom tracking: its people, and how many of them have both a face
    /// and a body box.
    var people: [Int] = []
    var wholePeople: [Int] = []
    var violations: Double?
  }

  /// Runs the app's `CaptureTracker` on `app-session`: system tracking for 2 s, then a second of custom
  /// tracking at 15 frames a second in each form of `track` — the app's detector boxes, then the
  /// metadata output's objects, each without and with the frame's image — on a person standing right
  /// of centre; then a frame whose image has no pixels and a frame too soon after the last.
  func runMetadataSession() async throws -> MetadataTranscript {
    let manager = try Fixtures.manager("app-session")
    let clock = manager.clock
    let accessory = manager.accessory
    let app = CaptureTracker(accessory: accessory)
    var t = MetadataTranscript()
    try await clock.sleep(for: .seconds(2))
    try await manager.setSystemTrackingEnabled(false)
    let states = try accessory.trackingStates

    // The person as the metadata output sees them (upper-left origin) and as Vision does (lower-left).
    let faceBounds = CGRect(x: 0.67, y: 0.17, width: 0.06, height: 0.08)
    let bodyBounds = CGRect(x: 0.64, y: 0.15, width: 0.12, height: 0.6)
    func vision(_ b: CGRect) -> CGRect { CGRect(x: b.minX, y: 1 - b.maxY, width: b.width, height: b.height) }
    let metadata: [AVMetadataObject] = [
      AVMetadataFaceObject(faceID: 1, bounds: faceBounds),
      AVMetadataHumanBodyObject(bodyID: 1, bounds: bodyBounds),
    ]
    let frame = CVPixelBuffer(width: 1920, height: 1080)
    let forms = ["observations", "observations+image", "metadata", "metadata+image"]
    for form in forms {
      let before = accessory.motionState.angularPositions.y
      for _ in 0..<15 {
        let image = form.hasSuffix("+image") ? frame : nil
        if form.hasPrefix("metadata") {
          await app.track(metadata: metadata, image: image)
        } else {
          await app.track(faces: [vision(faceBounds)], bodies: [vision(bodyBounds)], image: image)
        }
        try await clock.sleep(for: .seconds(1.0 / 15))
      }
      t.yaws[form] = [before, accessory.motionState.angularPositions.y]
    }
    await app.track(metadata: metadata, image: CVPixelBuffer(width: 0, height: 0))  // refused: no pixels
    await app.track(metadata: metadata, image: frame)
    await app.track(metadata: metadata, image: frame)  // refused: too soon after the last
    try await clock.sleep(for: .seconds(1.0 / 15))
    try await manager.setSystemTrackingEnabled(true)
    let result = try manager.runToEnd()
    for await state in states where state.timestamp < 6 {
      let people = state.trackedSubjects.compactMap { subject -> DockAccessory.TrackedPerson? in
        guard case .person(let p) = subject else { return nil }
        return p
      }
      t.people.append(people.count)
      t.wholePeople.append(people.filter { $0.faceRect != nil && $0.bodyRect != nil }.count)
    }
    t.errors = app.errors
    t.tracked = app.tracked
    t.violations = result.metric(.apiViolations)
    return t
  }

  @Suite("The app's custom tracking from its capture pipeline, in every form of track")
  struct MetadataTrackingTests {
    @Test("each form follows the person; one person, not two; bad frames are refused")
    func behaviour() async throws {
      let t = try await runMetadataSession()
      #expect(
        t.tracked == ["observations": 15, "observations+image": 15, "metadata": 15, "metadata+image": 16])
      for (form, yaws) in t.yaws.sorted(by: { $0.key < $1.key }) {
        #expect(yaws[1] > yaws[0] + 0.02, "\(form): the dock turns right, toward the person")
      }
      #expect(t.errors == [.invalidParameter, .frameRateTooHigh])
      #expect(t.violations == 2)
      // The app's face and body are one person from the frame after both tracks are confirmed (the
      // tracker links a face to a confirmed body), two people for that one frame.
      #expect(t.people.filter { $0 > 1 }.count == 1 && t.people.allSatisfy { $0 <= 2 }, "\(t.people)")
      #expect(t.wholePeople.filter { $0 == 1 }.count > 40)
    }

    @Test("two sessions are identical")
    func determinism() async throws {
      let a = try await runMetadataSession()
      let b = try await runMetadataSession()
      #expect(a == b)
    }
  }
#endif
