// AVFoundation's metadata objects have no public initializer (a capture output makes them), so these
// tests make DockSimKit's stand-ins, which exist where AVFoundation does not.
#if !canImport(AVFoundation)
  import DockSimKit
  import Foundation
  import Testing

  /// One detection as an app's capture hands it over: AVFoundation's kind, and the box normalized with
  /// an **upper-left** origin.
  struct Detection {
    var type: AVMetadataObject.ObjectType
    var bounds: CGRect
  }

  /// DockKit's four forms of `track`: observations or metadata objects, each with or without the
  /// frame's image.
  enum TrackForm: CaseIterable, Sendable {
    case observations, observationsWithImage, metadata, metadataWithImage

    /// A 1920 × 1080 frame, the size `Fixtures.camera` describes.
    static let frame = CVPixelBuffer(width: 1920, height: 1080)

    /// Calls `dock`'s `track` in this form with `detections`.
    func call(
      _ dock: DockAccessory, _ detections: [Detection],
      camera: DockAccessory.CameraInformation = Fixtures.camera,
      image: CVPixelBuffer = frame
    ) async throws {
      switch self {
      case .observations:
        try await dock.track(Self.observations(detections), cameraInformation: camera)
      case .observationsWithImage:
        try await dock.track(Self.observations(detections), cameraInformation: camera, image: image)
      case .metadata:
        try await dock.track(Self.metadata(detections), cameraInformation: camera)
      case .metadataWithImage:
        try await dock.track(Self.metadata(detections), cameraInformation: camera, image: image)
      }
    }

    /// The detections as AVFoundation's metadata output makes them: faces and bodies as their
    /// subclasses.
    static func metadata(_ detections: [Detection]) -> [AVMetadataObject] {
      detections.enumerated().map { i, d -> AVMetadataObject in
        switch d.type {
        case .face: return AVMetadataFaceObject(faceID: i, bounds: d.bounds, yawAngle: 10)
        case .humanBody: return AVMetadataHumanBodyObject(bodyID: i, bounds: d.bounds)
        case .humanFullBody, .catBody, .dogBody:
          return AVMetadataBodyObject(type: d.type, bodyID: i, bounds: d.bounds)
        default: return AVMetadataObject(type: d.type, bounds: d.bounds)
        }
      }
    }

    /// The same detections as an app would write them as DockKit observations: a face is a
    /// `humanFace`, a human body or full body a `humanBody`, anything else an `object`; the box flipped
    /// to Vision's **lower-left** origin.
    static func observations(_ detections: [Detection]) -> [DockAccessory.Observation] {
      detections.enumerated().map { i, d in
        let type: DockAccessory.ObservationType
        switch d.type {
        case .face: type = .humanFace
        case .humanBody, .humanFullBody: type = .humanBody
        default: type = .object
        }
        let b = d.bounds
        return DockAccessory.Observation(
          identifier: i, type: type, rect: CGRect(x: b.minX, y: 1 - b.maxY, width: b.width, height: b.height))
      }
    }
  }

  @Suite("The four forms of track")
  struct TrackFormsTests {
    /// A person standing right of centre, upper-left origin: a body 0.6 of the image tall from 0.15
    /// below the top, and a face at its head (a 7.5th of its height) — boxes the tracker links as one
    /// person.
    static func person(at u: Double, body type: AVMetadataObject.ObjectType = .humanBody) -> [Detection] {
      [
        Detection(type: .face, bounds: CGRect(x: u - 0.03, y: 0.17, width: 0.06, height: 0.08)),
        Detection(type: type, bounds: CGRect(x: u - 0.06, y: 0.15, width: 0.12, height: 0.6)),
      ]
    }

    /// A cat low in the image.
    static let cat = Detection(type: .catBody, bounds: CGRect(x: 0.2, y: 0.75, width: 0.12, height: 0.1))

    /// What a run recorded: every tracking state, the result and the final pose.
    struct Run {
      var states: [DockAccessory.TrackingState]
      var result: ScenarioResult
      var yaw: Double
      var pitch: Double
    }

    /// The still-face scenario under custom tracking in `form` from 0.5 s to its end, at 15 calls a
    /// second: a person walking to and fro across the image (its body a full body between 4 and 8 s), a
    /// cat, and a salient object from 8 s.
    static func wholeRun(_ form: TrackForm) async throws -> Run {
      let manager = try Fixtures.stillFace()
      let dock = manager.accessory
      let states = try dock.trackingStates
      try manager.advance(by: 0.5)
      try await manager.setSystemTrackingEnabled(false)
      while !manager.isFinished {
        let t = manager.currentTime
        var detections = person(
          at: 0.5 + 0.2 * sin(2 * .pi * t / 6), body: (4..<8).contains(t) ? .humanFullBody : .humanBody)
        detections.append(cat)
        if t >= 8 {
          detections.append(
            Detection(type: .salientObject, bounds: CGRect(x: 0.8, y: 0.4, width: 0.1, height: 0.2)))
        }
        try await form.call(dock, detections)
        try manager.advance(by: 1.0 / 15)
      }
      var all: [DockAccessory.TrackingState] = []
      for await s in states { all.append(s) }
      let pose = dock.motionState.angularPositions
      return Run(states: all, result: manager.result, yaw: pose.y, pitch: pose.x)
    }

    @Test("metadata objects give the same run as the observations they convert to, with or without an image")
    func sameOutcome() async throws {
      let reference = try await Self.wholeRun(.observations)
      #expect(reference.result.metric(.apiViolations) == 0)
      // The run is not trivial: the person is one subject with both boxes, the cat and the salient
      // object are objects, and the dock turned.
      #expect(
        reference.states.contains { state in
          state.trackedSubjects.contains {
            guard case .person(let p) = $0 else { return false }
            return p.faceRect != nil && p.bodyRect != nil
          }
        })
      #expect(
        reference.states.contains {
          $0.trackedSubjects.filter { if case .object = $0 { true } else { false } }.count == 2
        })
      #expect(abs(reference.yaw) > 0.05)
      for form in [TrackForm.observationsWithImage, .metadata, .metadataWithImage] {
        let run = try await Self.wholeRun(form)
        let firstDifference = zip(run.states, reference.states).enumerated().first { $1.0 != $1.1 }?.offset
        #expect(run.states.count == reference.states.count && firstDifference == nil, "\(form)")
        #expect(run.result == reference.result, "\(form)")
        #expect(run.yaw == reference.yaw && run.pitch == reference.pitch, "\(form)")
      }
    }

    @Test("each form drives the dock toward the boxes", arguments: TrackForm.allCases)
    func drivesTheDock(_ form: TrackForm) async throws {
      let manager = try Fixtures.stillFace()
      let dock = manager.accessory
      try await manager.setSystemTrackingEnabled(false)
      try manager.advance(by: 0.2)
      let start = dock.motionState.angularPositions
      // Right of centre and high (upper-left origin: small y): the dock pans right and tilts up.
      let high = Detection(type: .face, bounds: CGRect(x: 0.7, y: 0.2, width: 0.06, height: 0.1))
      for _ in 0..<15 {
        try await form.call(dock, [high])
        try manager.advance(by: 1.0 / 15)
      }
      let end = dock.motionState.angularPositions
      #expect(end.y > start.y + 0.05, "panned right")
      #expect(end.x < start.x - 0.02, "tilted up (DockKit's pitch is positive down)")
      #expect(manager.result.metric(.apiViolations) == 0)
    }

    @Test("a face near the top of the image (upper-left origin) is tracked high in lower-left boxes")
    func metadataOrigin() async throws {
      let manager = try Fixtures.stillFace()
      let dock = manager.accessory
      let states = try dock.trackingStates
      try await manager.setSystemTrackingEnabled(false)
      let top = Detection(type: .face, bounds: CGRect(x: 0.47, y: 0.1, width: 0.06, height: 0.1))
      for _ in 0..<6 {
        try await TrackForm.metadata.call(dock, [top])
        try manager.advance(by: 1.0 / 15)
      }
      _ = try manager.runToEnd()
      var rects: [CGRect] = []
      for await s in states { rects += s.trackedSubjects.map(\.rect) }
      let first = try #require(rects.first)
      // Flipped: y = 1 − (0.1 + 0.1) = 0.8 at the bottom edge, so a centre near 0.85.
      #expect(abs(first.midY - 0.85) < 0.02 && abs(first.midX - 0.5) < 0.02)
    }

    @Test(
      "metadata kinds: a face, a human body or full body are a person; a cat, a dog, a salient object are objects"
    )
    func metadataKinds() async throws {
      let cases: [(AVMetadataObject.ObjectType, kind: SubjectKind)] = [
        (.face, .humanFace), (.humanBody, .humanBody), (.humanFullBody, .humanBody), (.catBody, .object),
        (.dogBody, .object), (.catHead, .object), (.salientObject, .object),
      ]
      for (type, kind) in cases {
        let manager = try Fixtures.stillFace()
        let dock = manager.accessory
        let states = try dock.trackingStates
        try await manager.setSystemTrackingEnabled(false)
        let box = Detection(type: type, bounds: CGRect(x: 0.45, y: 0.4, width: 0.1, height: 0.2))
        for _ in 0..<6 {
          try await TrackForm.metadataWithImage.call(dock, [box])
          try manager.advance(by: 1.0 / 15)
        }
        _ = try manager.runToEnd()
        var seen: [DockAccessory.TrackedSubjectType] = []
        for await s in states { seen += s.trackedSubjects }
        let subject = try #require(seen.first, "\(type.rawValue) is tracked")
        switch subject {
        case .person(let p): #expect(p.kind == kind, "\(type.rawValue)")
        case .object: #expect(kind == .object, "\(type.rawValue)")
        }
      }
    }

    @Test("every form refuses what the observations' form refuses, and each refusal counts")
    func refusals() async throws {
      let manager = try Fixtures.stillFace()
      let dock = manager.accessory
      let face = [Detection(type: .face, bounds: CGRect(x: 0.45, y: 0.4, width: 0.1, height: 0.2))]
      var refused = 0
      for form in TrackForm.allCases {
        await #expect(throws: DockKitError.systemTrackingEnabled) { try await form.call(dock, face) }
        refused += 1
      }
      try await manager.setSystemTrackingEnabled(false)
      let badCamera = DockAccessory.CameraInformation(
        captureDevice: .builtInWideAngleCamera, cameraPosition: .back, orientation: .corrected,
        cameraIntrinsics: nil, referenceDimensions: CGSize(width: 0, height: 1080))
      let nan = [Detection(type: .face, bounds: CGRect(x: 0.45, y: .nan, width: 0.1, height: 0.2))]
      for form in TrackForm.allCases {
        await #expect(throws: DockKitError.invalidParameter, "\(form), camera") {
          try await form.call(dock, face, camera: badCamera)
        }
        try manager.advance(by: 1.0 / 15)
        await #expect(throws: DockKitError.invalidParameter, "\(form), box") {
          try await form.call(dock, nan)
        }
        refused += 2
      }
      // An image without pixels: DockKit cannot use the frame.
      for form in [TrackForm.observationsWithImage, .metadataWithImage] {
        for image in [CVPixelBuffer(width: 0, height: 1080), CVPixelBuffer(width: 1920, height: 0)] {
          await #expect(throws: DockKitError.invalidParameter, "\(form), empty image") {
            try await form.call(dock, face, image: image)
          }
          refused += 1
        }
      }
      // The rate: a call within a thirtieth of a second of the last is too frequent, one more than a
      // tenth of a second after it too infrequent.
      for form in [TrackForm.metadata, .metadataWithImage] {
        try manager.advance(by: 1.0 / 15)
        try await form.call(dock, face)
        await #expect(throws: DockKitError.frameRateTooHigh, "\(form)") { try await form.call(dock, face) }
        try manager.advance(by: 0.2)
        await #expect(throws: DockKitError.frameRateTooLow, "\(form)") { try await form.call(dock, face) }
        refused += 2
      }
      try manager.advance(by: 0.1)
      #expect(manager.result.metric(.apiViolations) == Double(refused))
    }
  }
#endif
