import Foundation

#if DOCKSIM_APPLE_FRAMEWORKS
  import Spatial
#else
  // Apple's Spatial types that DockKit's API takes, off Apple platforms (Linux), with the same
  // initializers and accessors app code uses, so that it compiles unchanged.

  /// Spatial's `Vector3D`: three Doubles. DockKit reads a rotation rate or an orientation from it with
  /// x = pitch, y = yaw, z = roll, radians.
  public struct Vector3D: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
      self.x = x
      self.y = y
      self.z = z
    }

    public init() { self.init(x: 0, y: 0, z: 0) }

    public init(vector: SIMD3<Double>) { self.init(x: vector.x, y: vector.y, z: vector.z) }

    public var vector: SIMD3<Double> { SIMD3(x, y, z) }

    public static let zero = Vector3D()
  }

  /// Spatial's `Angle2D`: an angle in radians.
  public struct Angle2D: Sendable, Hashable {
    public var radians: Double
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public var degrees: Double { radians * 180 / .pi }
  }

  /// Spatial's `EulerAngles`: three angles (radians) about x, y and z, and the order they compose in.
  public struct EulerAngles: Sendable, Hashable {
    /// The order of the elementary rotations: `.xyz` is R = Rx·Ry·Rz, `.zxy` is R = Rz·Rx·Ry.
    public enum Order: Sendable, Hashable {
      case xyz
      case zxy
    }

    /// The angles about x, y and z, radians.
    public var angles: SIMD3<Double>
    public var order: Order

    public init() { self.init(angles: .zero, order: .xyz) }
    public init(angles: SIMD3<Double>, order: Order) {
      self.angles = angles
      self.order = order
    }
    public init(x: Angle2D, y: Angle2D, z: Angle2D, order: Order) {
      self.init(angles: SIMD3(x.radians, y.radians, z.radians), order: order)
    }
    public init(_ x: Angle2D, _ y: Angle2D, _ z: Angle2D, order: Order) {
      self.init(x: x, y: y, z: z, order: order)
    }
  }

  /// Spatial's `RotationAxis3D`: the axis of a rotation (normalized when used).
  public struct RotationAxis3D: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
      self.x = x
      self.y = y
      self.z = z
    }

    public init(vector: SIMD3<Double>) { self.init(x: vector.x, y: vector.y, z: vector.z) }

    public var vector: SIMD3<Double> { SIMD3(x, y, z) }

    public static let x = RotationAxis3D(x: 1, y: 0, z: 0)
    public static let y = RotationAxis3D(x: 0, y: 1, z: 0)
    public static let z = RotationAxis3D(x: 0, y: 0, z: 1)
  }

  /// Spatial's C name for ``EulerAngles/Order``.
  public typealias __SPEulerAngleOrder = EulerAngles.Order

  /// Spatial's `Rotation3D`, kept as its rotation matrix (row-major), with the Euler-angle
  /// conversions DockKit code uses.
  public struct Rotation3D: Sendable, Hashable {
    /// Rows of the rotation matrix.
    var rows: [SIMD3<Double>]

    public static let identity = Rotation3D(eulerAngles: EulerAngles())

    public init() { self = .identity }

    /// The rotation the Euler angles describe, composed in their order.
    public init(eulerAngles: EulerAngles) {
      let a = eulerAngles.angles
      let (rx, ry, rz) = (Self.rx(a.x), Self.ry(a.y), Self.rz(a.z))
      switch eulerAngles.order {
      case .xyz: rows = Self.product(Self.product(rx, ry), rz)
      case .zxy: rows = Self.product(Self.product(rz, rx), ry)
      }
    }

    /// The rotation by `angle` about `axis` (right-handed; the axis is normalized; a zero axis gives
    /// the identity).
    public init(angle: Angle2D, axis: RotationAxis3D) {
      let v = axis.vector
      let length = (v * v).sum().squareRoot()
      guard length > 0, length.isFinite else {
        self = .identity
        return
      }
      let (x, y, z) = (v.x / length, v.y / length, v.z / length)
      let (c, s) = (cos(angle.radians), sin(angle.radians))
      let t = 1 - c
      rows = [
        SIMD3(t * x * x + c, t * x * y - s * z, t * x * z + s * y),
        SIMD3(t * x * y + s * z, t * y * y + c, t * y * z - s * x),
        SIMD3(t * x * z - s * y, t * y * z + s * x, t * z * z + c),
      ]
    }

    /// The rotation's Euler angles in `order` (the inverse of ``init(eulerAngles:)``; the middle
    /// angle lies in −π/2…π/2).
    public func eulerAngles(order: EulerAngles.Order) -> EulerAngles {
      let r = rows
      func clamped(_ v: Double) -> Double { min(1, max(-1, v)) }
      switch order {
      case .xyz:
        // R = Rx(a)·Ry(b)·Rz(c): r02 = sin b, r12 = −sin a cos b, r22 = cos a cos b,
        // r01 = −cos b sin c, r00 = cos b cos c.
        let b = asin(clamped(r[0].z))
        let a = atan2(-r[1].z, r[2].z)
        let c = atan2(-r[0].y, r[0].x)
        return EulerAngles(angles: SIMD3(a, b, c), order: .xyz)
      case .zxy:
        // R = Rz(c)·Rx(a)·Ry(b): r21 = sin a, r20 = −cos a sin b, r22 = cos a cos b,
        // r01 = −sin c cos a, r11 = cos c cos a.
        let a = asin(clamped(r[2].y))
        let b = atan2(-r[2].x, r[2].z)
        let c = atan2(-r[0].y, r[1].y)
        return EulerAngles(angles: SIMD3(a, b, c), order: .zxy)
      }
    }

    private static func rx(_ t: Double) -> [SIMD3<Double>] {
      [SIMD3(1, 0, 0), SIMD3(0, cos(t), -sin(t)), SIMD3(0, sin(t), cos(t))]
    }
    private static func ry(_ t: Double) -> [SIMD3<Double>] {
      [SIMD3(cos(t), 0, sin(t)), SIMD3(0, 1, 0), SIMD3(-sin(t), 0, cos(t))]
    }
    private static func rz(_ t: Double) -> [SIMD3<Double>] {
      [SIMD3(cos(t), -sin(t), 0), SIMD3(sin(t), cos(t), 0), SIMD3(0, 0, 1)]
    }
    private static func product(_ a: [SIMD3<Double>], _ b: [SIMD3<Double>]) -> [SIMD3<Double>] {
      a.map { row in b[0] * row.x + b[1] * row.y + b[2] * row.z }
    }
  }
#endif

extension Rotation3D {
  /// The orientation DockKit reads from a rotation: its `.xyz` Euler angles, x = pitch, y = yaw,
  /// z = roll, radians.
  var dockOrientation: Vector3D {
    let a = eulerAngles(order: .xyz).angles
    return Vector3D(x: a.x, y: a.y, z: a.z)
  }
}
