import Foundation

#if DOCKSIM_APPLE_FRAMEWORKS
  import AVFoundation
  import simd
#endif

extension DockAccessory {
  /// How the capture device is held, which tells DockKit how to read observation boxes
  /// (`.corrected`: already in the upright unit rectangle).
  public enum CameraOrientation: Sendable, Equatable, Hashable {
    case corrected
    case faceUp
    case faceDown
    case landscapeLeft
    case landscapeRight
    case portrait
    case portraitUpsideDown
    case unknown
  }

  /// The camera an app's observations come from, passed with every `track(_:cameraInformation:)`.
  ///
  /// The simulated camera is the scenario's pinhole camera, always upright on the stand: DockSim
  /// reads every observation in that image whatever `orientation` says, and judges `cameraIntrinsics`
  /// and `referenceDimensions` only for validity (finite, positive focal lengths and sizes).
  public struct CameraInformation: @unchecked Sendable {
    // @unchecked: AVFoundation's device type and position are Sendable value types on Apple
    // platforms; the stand-ins below are Sendable too.
    public let captureDevice: AVCaptureDevice.DeviceType
    public let cameraPosition: AVCaptureDevice.Position
    public let orientation: CameraOrientation
    /// The lens's intrinsic matrix in pixels (column-major: `columns.0.x` = fx, `columns.1.y` = fy,
    /// `columns.2` = principal point), if known.
    public let cameraIntrinsics: matrix_float3x3?
    /// The size of the video frame in pixels, if known.
    public let referenceDimensions: CGSize?

    public init(
      captureDevice: AVCaptureDevice.DeviceType, cameraPosition: AVCaptureDevice.Position,
      orientation: CameraOrientation, cameraIntrinsics: matrix_float3x3?, referenceDimensions: CGSize?
    ) {
      self.captureDevice = captureDevice
      self.cameraPosition = cameraPosition
      self.orientation = orientation
      self.cameraIntrinsics = cameraIntrinsics
      self.referenceDimensions = referenceDimensions
    }

    /// Whether DockKit could use this description: focal lengths finite and positive, the principal
    /// point finite, the frame size finite and positive.
    var isValid: Bool {
      if let size = referenceDimensions {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
          return false
        }
      }
      if let k = cameraIntrinsics {
        let fx = k.columns.0.x
        let fy = k.columns.1.y
        guard fx.isFinite, fy.isFinite, fx > 0, fy > 0, k.columns.2.x.isFinite, k.columns.2.y.isFinite
        else { return false }
      }
      return true
    }
  }
}

#if !DOCKSIM_APPLE_FRAMEWORKS
  /// The part of AVFoundation's `AVCaptureDevice` that `DockAccessory.CameraInformation` names, off
  /// Apple platforms (Linux), so that app code describing its camera compiles unchanged.
  public final class AVCaptureDevice: Sendable {
    /// A kind of capture device (`builtInWideAngleCamera`, …), as AVFoundation names them.
    public struct DeviceType: RawRepresentable, Hashable, Sendable {
      public var rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public static let builtInWideAngleCamera = DeviceType(
        rawValue: "AVCaptureDeviceTypeBuiltInWideAngleCamera")
      public static let builtInUltraWideCamera = DeviceType(
        rawValue: "AVCaptureDeviceTypeBuiltInUltraWideCamera")
      public static let builtInTelephotoCamera = DeviceType(
        rawValue: "AVCaptureDeviceTypeBuiltInTelephotoCamera")
      public static let builtInDualCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInDualCamera")
      public static let builtInDualWideCamera = DeviceType(
        rawValue: "AVCaptureDeviceTypeBuiltInDualWideCamera")
      public static let builtInTripleCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInTripleCamera")
      public static let builtInTrueDepthCamera = DeviceType(
        rawValue: "AVCaptureDeviceTypeBuiltInTrueDepthCamera")
    }

    /// Which side of the phone the camera is on.
    public enum Position: Int, Sendable, Hashable {
      case unspecified = 0
      case back = 1
      case front = 2
    }

    /// The kind of camera this device is.
    public let deviceType: DeviceType
    /// Which side of the phone it is on.
    public let position: Position

    /// A device of `deviceType` at `position` (AVFoundation has no public initializer; a stand-in
    /// needs one).
    public init(deviceType: DeviceType, position: Position) {
      self.deviceType = deviceType
      self.position = position
    }

    /// AVFoundation's `default(_:for:position:)`: the simulated phone has every camera, so this is
    /// always a device of that type and position.
    public static func `default`(_ deviceType: DeviceType, for mediaType: AVMediaType?, position: Position)
      -> AVCaptureDevice?
    {
      AVCaptureDevice(deviceType: deviceType, position: position)
    }
  }

  /// AVFoundation's media types, as far as `AVCaptureDevice.default(_:for:position:)` needs them.
  public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let video = AVMediaType(rawValue: "vide")
    public static let audio = AVMediaType(rawValue: "soun")
  }

  /// simd's 3×3 single-precision matrix, off Apple platforms (Linux): three columns.
  public struct simd_float3x3: Sendable, Hashable {
    public var columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    public init(columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)) { self.columns = columns }

    /// A matrix from its three columns.
    public init(_ columns: [SIMD3<Float>]) {
      precondition(columns.count == 3, "simd_float3x3 needs exactly 3 columns")
      self.columns = (columns[0], columns[1], columns[2])
    }

    /// The diagonal matrix with `diagonal` on its diagonal.
    public init(diagonal: SIMD3<Float>) {
      columns = (
        SIMD3(diagonal.x, 0, 0), SIMD3(0, diagonal.y, 0), SIMD3(0, 0, diagonal.z)
      )
    }

    public static func == (a: simd_float3x3, b: simd_float3x3) -> Bool {
      a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(columns.0)
      hasher.combine(columns.1)
      hasher.combine(columns.2)
    }
  }

  /// simd's name for ``simd_float3x3``, as `DockAccessory.CameraInformation` spells it.
  public typealias matrix_float3x3 = simd_float3x3
#endif
