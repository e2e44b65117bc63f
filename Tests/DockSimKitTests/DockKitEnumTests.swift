import DockSimCore
import DockSimIO
import Foundation
import Testing

@testable import DockSimKit

/// DockKit's enums are DockSimKit's own types; each crosses to the simulator's type and back through
/// one mapping, which must be a bijection that keeps payloads.
@Suite("DockKit's enums and the simulator's")
struct DockKitEnumMappingTests {
  @Test("DockKitError: every case of each side maps to one of the other and back")
  func errors() {
    for error in DockSimCore.DockKitError.allCases {
      #expect(DockSimKit.DockKitError(error).simulated == error)
    }
    for error in DockSimKit.DockKitError.allCases {
      #expect(DockSimKit.DockKitError(error.simulated) == error)
    }
  }

  @Test("FramingMode both ways")
  func framingModes() {
    for mode in DockSimCore.FramingMode.allCases {
      #expect(DockAccessory.FramingMode(mode).simulated == mode)
    }
    for mode in DockAccessory.FramingMode.allCases {
      #expect(DockAccessory.FramingMode(mode.simulated) == mode)
    }
  }

  @Test("Animation both ways")
  func animations() {
    for animation in DockAnimation.allCases {
      #expect(DockAccessory.Animation(animation).simulated == animation)
    }
    for animation in DockAccessory.Animation.allCases {
      #expect(DockAccessory.Animation(animation.simulated) == animation)
    }
  }

  @Test("ObservationType both ways; DockKit's two spellings name one type")
  func observationTypes() {
    for kind in SubjectKind.allCases {
      #expect(DockAccessory.Observation.ObservationType(kind).simulated == kind)
    }
    for type in DockAccessory.Observation.ObservationType.allCases {
      #expect(DockAccessory.Observation.ObservationType(type.simulated) == type)
    }
    #expect(DockAccessory.ObservationType.self == DockAccessory.Observation.ObservationType.self)
  }

  @Test("AccessoryEvent both ways, payloads kept")
  func accessoryEvents() {
    let inputs: [AccessoryInput] = [
      .button(id: 3, pressed: true), .button(id: -1, pressed: false), .cameraShutter, .cameraFlip,
      .cameraZoom(factor: 0.25), .cameraZoom(factor: 2),
    ]
    for input in inputs {
      #expect(DockAccessory.AccessoryEvent(input).simulated == input)
    }
    let events: [DockAccessory.AccessoryEvent] = [
      .button(id: 3, pressed: true), .button(id: -1, pressed: false), .cameraShutter, .cameraFlip,
      .cameraZoom(factor: 0.25), .cameraZoom(factor: 2),
    ]
    for event in events {
      #expect(DockAccessory.AccessoryEvent(event.simulated) == event)
    }
  }
}

/// The same enums through the public API: each case reaches the simulator as itself.
@Suite("DockKit's enums in calls")
struct DockKitEnumCallTests {
  @Test("every framing mode set is the mode in force")
  func framingModes() async throws {
    let manager = try Fixtures.stillFace()
    for mode in DockAccessory.FramingMode.allCases {
      try await manager.accessory.setFramingMode(mode)
      #expect(manager.accessory.framingMode == mode)
    }
  }

  @Test("every animation plays its own keyframes")
  func animations() async throws {
    let manager = try Fixtures.stillFace()
    try await manager.setSystemTrackingEnabled(false)
    for animation in DockAccessory.Animation.allCases {
      let progress = try await manager.accessory.animate(motion: animation)
      let keyframes = animation.simulated.keyframes
      #expect(abs(progress.plannedDuration - (keyframes.last?.time ?? 0)) < 1e-9, "\(animation)")
      try await progress.waitUntilFinished()
      #expect(progress.isFinished)
    }
  }

  @Test("every accessory event made at the dock reaches the app as it was made")
  func accessoryEvents() async throws {
    let manager = try Fixtures.stillFace()
    let events: [DockAccessory.AccessoryEvent] = [
      .button(id: 4, pressed: true), .button(id: 4, pressed: false), .cameraShutter, .cameraFlip,
      .cameraZoom(factor: 1.5),
    ]
    let stream = try manager.accessory.accessoryEvents
    for event in events {
      manager.accessory.simulateAccessoryEvent(event)
      try manager.advance(by: 0.1)
    }
    _ = try manager.runToEnd()
    var received: [DockAccessory.AccessoryEvent] = []
    for await event in stream { received.append(event) }
    #expect(received == events)
  }

  @Test("observations of each type become tracks of that kind")
  func observationTypes() async throws {
    let manager = try Fixtures.stillFace()
    try await manager.setSystemTrackingEnabled(false)
    let boxes: [(DockAccessory.ObservationType, CGRect)] = [
      (.humanFace, CGRect(x: 0.2, y: 0.6, width: 0.08, height: 0.14)),
      (.humanBody, CGRect(x: 0.45, y: 0.2, width: 0.15, height: 0.5)),
      (.object, CGRect(x: 0.75, y: 0.3, width: 0.1, height: 0.1)),
    ]
    // A frame without a new call updates no track, so the kinds are read from every frame's state.
    let states = try manager.accessory.trackingStates
    for _ in 0..<30 {
      let observations = boxes.enumerated().map { i, box in
        DockAccessory.Observation(identifier: i, type: box.0, rect: box.1)
      }
      try await manager.accessory.track(observations, cameraInformation: Fixtures.camera)
      try manager.advance(by: 1.0 / 15)
    }
    _ = try manager.runToEnd()
    var kinds: Set<SubjectKind> = []
    for await state in states {
      for subject in state.trackedSubjects {
        switch subject {
        case .person(let person): kinds.insert(person.kind)
        case .object: kinds.insert(.object)
        }
      }
    }
    #expect(kinds == [.humanFace, .humanBody, .object])
  }
}
