/// The two motorized axes of a stand.
///
/// Signs follow DockKit: **yaw** is positive panning right; **pitch** is positive tilting **down**.
public enum Axis: String, Sendable, CaseIterable {
  case yaw
  case pitch
}

/// A pair of values, one per axis (yaw, pitch), in DockKit's signs.
public struct AxisPair<Value: Sendable>: Sendable {
  public var yaw: Value
  public var pitch: Value
  public init(yaw: Value, pitch: Value) {
    self.yaw = yaw
    self.pitch = pitch
  }
  public subscript(axis: Axis) -> Value {
    get { axis == .yaw ? yaw : pitch }
    set {
      if axis == .yaw { yaw = newValue } else { pitch = newValue }
    }
  }
}

extension AxisPair: Equatable where Value: Equatable {}
