import Foundation

#if !canImport(Spatial)
  /// Apple's Spatial `Vector3D` where Spatial does not exist (Linux): three Doubles. DockKit reads a
  /// rotation rate or an orientation from it with x = pitch, y = yaw, z = roll, radians.
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

    public static let zero = Vector3D()
  }

  /// Apple's Spatial `Rotation3D` where Spatial does not exist (Linux), reduced to what DockSimKit
  /// uses: a rotation given by Euler angles (x = pitch, y = yaw, z = roll, radians).
  public struct Rotation3D: Sendable, Hashable {
    /// The rotation's angles, radians (x = pitch, y = yaw, z = roll).
    public var eulerAngles: Vector3D

    public init(eulerAngles: Vector3D) { self.eulerAngles = eulerAngles }

    public static let identity = Rotation3D(eulerAngles: .zero)
  }
#else
  import Spatial
#endif
