import DockSimCore

// DockSimKit's own vocabulary (not DockKit's), named from DockSimCore so that an app's tests need only
// `import DockSimKit` (plus `DockSimIO` to load scenario files) to name these types. They stay aliases:
// a file that uses their members under `MemberImportVisibility` also imports DockSimCore
// (docs/dockkit-api.md, "Compiling app code"). DockSimCore is not re-exported: its top-level
// `Observation` would hide the Observation module's `@Observable` in app files.

/// A normalized image rectangle. Observation rectangles use a **lower-left** origin; regions of
/// interest an **upper-left** origin (see each API's documentation).
public typealias NormalizedRect = DockSimCore.NormalizedRect
/// A value per axis (yaw, pitch), in DockKit's signs: yaw positive right, pitch positive down.
public typealias AxisPair = DockSimCore.AxisPair
/// A simulated world: the stand, the camera, the people and the timeline.
public typealias Scenario = DockSimCore.Scenario
/// The metrics of a run (`framing_error_rms`, `in_frame_ratio`, `api_violations`, …).
public typealias ScenarioResult = DockSimCore.ScenarioResult
/// A metric of a run, named by its typed key (`.framingErrorRMS`); `result.metric(.inFrameRatio)`.
public typealias MetricKey = DockSimCore.MetricKey
/// An instant of virtual time, integer microseconds since the start of the run.
public typealias SimTime = DockSimCore.SimTime
/// The kind of a tracked subject (`humanFace`, `humanBody`, `object`).
public typealias SubjectKind = DockSimCore.SubjectKind
/// Why a simulation stopped (a non-finite value, invalid timing).
public typealias SimulationError = DockSimCore.SimulationError

/// A point in normalized image coordinates with an **upper-left** origin (x right, y down, 0…1), as
/// DockKit's `selectSubject(at:)` takes it.
public struct NormalizedPoint: Equatable, Sendable {
  /// 0 = left edge, 1 = right edge.
  public var x: Double
  /// 0 = **top** edge, 1 = bottom edge.
  public var y: Double
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// Why a `setOrientation` took longer than requested: the axis and the limit.
public typealias MotionStretch = DockSimCore.MotionStretch
