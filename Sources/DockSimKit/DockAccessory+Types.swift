import DockSimCore
import Foundation

// The types DockKit nests in `DockAccessory`, under the same names, so that app code spelling
// `DockAccessory.FramingMode` or `[DockAccessory.Observation]` compiles unchanged. None of them is
// top level: a top-level `Observation` would hide the Observation module's macros (`@Observable`)
// in every file that imports DockSimKit. The enums are DockSimKit's own, not aliases of the
// simulator's: under `MemberImportVisibility` an app file importing only DockSimKit could not
// name the cases of a type declared in DockSimCore (docs/dockkit-api.md, "Compiling app code").

extension DockAccessory {
  /// Where the system tracker keeps the subject in the image.
  public enum FramingMode: Sendable, Hashable, CaseIterable {
    /// The system decides: DockSim centres the primary subject, or frames it together with the
    /// engaged (speaking) people when they all fit (docs/dockkit.md).
    case automatic
    /// The primary subject at the centre of the image (or of the region of interest).
    case center
    /// The primary subject on the left third, leaving room on the right.
    case left
    /// The primary subject on the right third.
    case right
  }

  /// The built-in animations of `animate(motion:)`, played from the current pose and back to it; their
  /// shapes and durations are DockSim's modelling choice (docs/motion.md, "Animations").
  public enum Animation: Sendable, Hashable, CaseIterable {
    /// Nodding: pitch down and back, twice (1.2 s).
    case yes
    /// Shaking the head: yaw right and left, twice (1.95 s).
    case no
    /// Waking up: drooping, then rising to level (2.5 s).
    case wakeup
    /// A push back, then a decaying swing in yaw (2.0 s).
    case kapow
  }

  /// DockKit's other spelling of ``DockAccessory/Observation/ObservationType``.
  public typealias ObservationType = Observation.ObservationType

  /// One detection an app passes to `track(_:cameraInformation:)`.
  public struct Observation: Equatable, Sendable {
    /// What a detection is; the simulated tracker keeps faces, bodies and objects as separate
    /// tracks.
    public enum ObservationType: Sendable, Hashable, CaseIterable {
      /// A face (its tracks report a `speakingConfidence`).
      case humanFace
      /// A person's body.
      case humanBody
      /// Anything else the app follows; tracked as a `TrackedObject`.
      case object
    }

    /// The app's identifier for the detection (not used by the simulated tracker, which associates
    /// boxes itself).
    public var identifier: Int
    public var type: ObservationType
    /// The box, normalized with a **lower-left** origin (as Vision's).
    public var rect: CGRect
    /// For faces, the head's yaw; not used by the simulation.
    public var faceYawAngle: Measurement<UnitAngle>?

    public init(
      identifier: Int, type: ObservationType, rect: CGRect, faceYawAngle: Measurement<UnitAngle>? = nil
    ) {
      self.identifier = identifier
      self.type = type
      self.rect = rect
      self.faceYawAngle = faceYawAngle
    }

    /// The detection as the simulator's tracker takes it.
    var simulated: DockSimCore.Observation {
      DockSimCore.Observation(
        kind: type.simulated,
        rect: NormalizedRect(rect))
    }
  }

  /// Whether the dock's battery is charging.
  public enum BatteryChargeState: Sendable, Equatable, Hashable {
    case charging
    case notCharging
    case notChargeable
  }

  /// The dock's battery as the accessory reports it (`batteryStates`).
  public struct BatteryState: Sendable, Equatable, Hashable {
    /// The battery's name (the simulated dock has one, `"battery"`).
    public var name: String
    /// Charge level, 0…1.
    public var batteryLevel: Double
    public var chargeState: BatteryChargeState
    /// Whether the level is below the scenario's low-battery threshold.
    public var lowBattery: Bool

    public init(name: String, batteryLevel: Double, chargeState: BatteryChargeState, lowBattery: Bool) {
      self.name = name
      self.batteryLevel = batteryLevel
      self.chargeState = chargeState
      self.lowBattery = lowBattery
    }

    init(_ state: DockSimCore.BatteryState) {
      self.init(
        name: "battery", batteryLevel: state.level, chargeState: state.charging ? .charging : .notCharging,
        lowBattery: state.lowBattery)
    }
  }

  /// Per-axis limits for `setLimits(_:)`; nil leaves an axis at its hardware limits. The simulated
  /// stand has no roll axis: a roll limit is ignored.
  public struct Limits: Sendable, Equatable {
    public var yaw: Limit?
    public var pitch: Limit?
    public var roll: Limit?

    public init(yaw: Limit?, pitch: Limit?, roll: Limit?) {
      self.yaw = yaw
      self.pitch = pitch
      self.roll = roll
    }

    /// One axis's limit: a position range in radians and a maximum speed in rad/s.
    public struct Limit: Sendable, Equatable {
      public var positionRange: Range<Double>
      public var maximumSpeed: Double

      /// Accepts any values, as the simulator judges them only when they are set (so that a refused
      /// limit counts as an API violation of the run): `setLimits(_:)` throws `invalidParameter` for a
      /// range outside the hardware's, an empty range, or a speed ≤ 0 or above the hardware's.
      public init(positionRange: Range<Double>, maximumSpeed: Double) throws {
        self.positionRange = positionRange
        self.maximumSpeed = maximumSpeed
      }

      var simulated: AxisLimit {
        AxisLimit(
          positionRange: positionRange.lowerBound...positionRange.upperBound, maximumSpeed: maximumSpeed)
      }
    }
  }

  /// The limits last accepted by `setLimits(_:)` (all nil before any).
  public var limits: Limits { box.withState { $0.limits } }
}
