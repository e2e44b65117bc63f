import Foundation

// The capture types DockKit's `track` forms take besides observations: AVFoundation's metadata objects
// (what an `AVCaptureMetadataOutput` detects) and CoreVideo's pixel buffer (the frame's image). On Apple
// platforms they are the frameworks' own; elsewhere (Linux) DockSimKit declares stand-ins with the
// names, properties and constants app code uses, plus the initializers a test needs to make them
// (AVFoundation has none: its metadata output makes the objects).
#if DOCKSIM_APPLE_FRAMEWORKS
  import AVFoundation
  import CoreVideo
#else
  /// AVFoundation's `AVMetadataObject`: something a capture output detected in a frame.
  ///
  /// `bounds` is normalized to the frame with an **upper-left** origin (x right, y down, 0…1), as
  /// AVFoundation documents it. AVFoundation's `time` and `duration` (CoreMedia times) are not part of
  /// the stand-in.
  public class AVMetadataObject: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; the class is not final only
    // so that the face and body kinds can be subclasses, as in AVFoundation.

    /// The kind of metadata: AVFoundation's type identifiers, compared by raw value.
    public struct ObjectType: RawRepresentable, Hashable, Sendable {
      public var rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }

      public static let face = ObjectType(rawValue: "face")
      public static let humanBody = ObjectType(rawValue: "humanBody")
      public static let humanFullBody = ObjectType(rawValue: "humanFullBody")
      public static let catBody = ObjectType(rawValue: "catBody")
      public static let dogBody = ObjectType(rawValue: "dogBody")
      public static let catHead = ObjectType(rawValue: "catHead")
      public static let dogHead = ObjectType(rawValue: "dogHead")
      public static let salientObject = ObjectType(rawValue: "salientObject")
    }

    /// What was detected.
    public let type: ObjectType
    /// Where, normalized with an **upper-left** origin.
    public let bounds: CGRect

    /// A detection of `type` at `bounds` (normalized, upper-left origin).
    public init(type: ObjectType, bounds: CGRect) {
      self.type = type
      self.bounds = bounds
    }
  }

  /// AVFoundation's `AVMetadataFaceObject`: a detected face, `type` `.face`.
  public final class AVMetadataFaceObject: AVMetadataObject, @unchecked Sendable {
    /// The face's identifier while it stays in the picture.
    public let faceID: Int
    public let hasRollAngle: Bool
    /// Degrees; meaningful when `hasRollAngle`.
    public let rollAngle: CGFloat
    public let hasYawAngle: Bool
    /// Degrees; meaningful when `hasYawAngle`.
    public let yawAngle: CGFloat

    /// A face `faceID` at `bounds` (normalized, upper-left origin), with its roll and yaw in degrees
    /// when known.
    public init(faceID: Int, bounds: CGRect, rollAngle: CGFloat? = nil, yawAngle: CGFloat? = nil) {
      self.faceID = faceID
      hasRollAngle = rollAngle != nil
      self.rollAngle = rollAngle ?? 0
      hasYawAngle = yawAngle != nil
      self.yawAngle = yawAngle ?? 0
      super.init(type: .face, bounds: bounds)
    }
  }

  /// AVFoundation's `AVMetadataBodyObject`: a detected body (human, full human, cat or dog).
  public class AVMetadataBodyObject: AVMetadataObject, @unchecked Sendable {
    /// The body's identifier while it stays in the picture.
    public let bodyID: Int

    /// A body of `type` (`.humanBody`, `.humanFullBody`, `.catBody`, `.dogBody`) at `bounds`
    /// (normalized, upper-left origin).
    public init(type: ObjectType, bodyID: Int, bounds: CGRect) {
      self.bodyID = bodyID
      super.init(type: type, bounds: bounds)
    }
  }

  /// AVFoundation's `AVMetadataHumanBodyObject`: a detected human body, `type` `.humanBody`.
  public final class AVMetadataHumanBodyObject: AVMetadataBodyObject, @unchecked Sendable {
    /// A human body `bodyID` at `bounds` (normalized, upper-left origin).
    public init(bodyID: Int, bounds: CGRect) {
      super.init(type: .humanBody, bodyID: bodyID, bounds: bounds)
    }
  }

  /// CoreVideo's four-character pixel format codes.
  public typealias OSType = UInt32

  /// CoreVideo's 32-bit BGRA pixel format (`'BGRA'`).
  public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241

  /// CoreVideo's `CVPixelBuffer`: a captured frame's image. The stand-in holds its size and pixel
  /// format, not its pixels: the simulation never reads them.
  public final class CVPixelBuffer: Sendable {
    /// Pixels.
    public let width: Int
    public let height: Int
    public let pixelFormatType: OSType

    /// An image of `width` × `height` pixels (CoreVideo makes one with `CVPixelBufferCreate`).
    public init(width: Int, height: Int, pixelFormatType: OSType = kCVPixelFormatType_32BGRA) {
      self.width = width
      self.height = height
      self.pixelFormatType = pixelFormatType
    }
  }

  /// CoreVideo's `CVPixelBufferGetWidth`: the image's width in pixels.
  public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.width }

  /// CoreVideo's `CVPixelBufferGetHeight`: the image's height in pixels.
  public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.height }

  /// CoreVideo's `CVPixelBufferGetPixelFormatType`.
  public func CVPixelBufferGetPixelFormatType(_ pixelBuffer: CVPixelBuffer) -> OSType {
    pixelBuffer.pixelFormatType
  }
#endif
