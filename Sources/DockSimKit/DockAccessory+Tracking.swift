import DockSimCore
import Foundation

#if DOCKSIM_APPLE_FRAMEWORKS
  import AVFoundation
  import CoreVideo
#endif

// DockKit's custom tracking: the app's detections of the current frame, as DockKit `Observation`s or
// as AVFoundation metadata objects, each with or without the frame's image. All four forms are one
// call to the simulator, with the same refusals and rate rules.

extension DockAccessory {
  /// DockKit's `track(_:cameraInformation:)`: the app's own observations for the current frame,
  /// boxes normalized with a **lower-left** origin, read in the scenario camera's image (see
  /// ``CameraInformation``). Call it 10–30 times a second of virtual time with system tracking off:
  /// faster throws `frameRateTooHigh`, slower `frameRateTooLow`; while system tracking is on it throws
  /// `systemTrackingEnabled` (DockKit calls that a programming error). Throws `invalidParameter` for
  /// a non-finite box or an invalid camera description.
  public func track(_ observations: [Observation], cameraInformation: CameraInformation)
    async throws
  {
    try track(observations, camera: cameraInformation, image: nil)
  }

  /// DockKit's `track(_:cameraInformation:image:)` with observations: as the form without an image,
  /// with the frame's image. The simulated
  /// tracker does not read the pixels; an image without pixels (zero width or height) throws
  /// `invalidParameter` (DockSim's modelling choice: DockKit cannot use such a frame).
  public func track(
    _ observations: [Observation], cameraInformation: CameraInformation, image: CVPixelBuffer
  ) async throws {
    try track(observations, camera: cameraInformation, image: image)
  }

  /// DockKit's `track(_:cameraInformation:)` with AVFoundation metadata objects, as an
  /// `AVCaptureMetadataOutput` hands them over: each becomes the observation DockKit would make of it
  /// (a face a `humanFace`, a human body or full body a
  /// `humanBody`, anything else an `object`; its upper-left-origin `bounds` flipped to the lower-left
  /// origin of observations), then the call is the observations' form, with its refusals and rate.
  public func track(_ metadata: [AVMetadataObject], cameraInformation: CameraInformation)
    async throws
  {
    try track(Self.observations(of: metadata), camera: cameraInformation, image: nil)
  }

  /// DockKit's `track(_:cameraInformation:image:)` with AVFoundation metadata objects and the frame's
  /// image, as Apple's sample app calls it: the metadata as in the form without an image, the image
  /// as in the observations' form with one.
  public func track(
    _ metadata: [AVMetadataObject], cameraInformation: CameraInformation, image: CVPixelBuffer
  ) async throws {
    try track(Self.observations(of: metadata), camera: cameraInformation, image: image)
  }

  /// Every form of `track`: what DockSimKit checks itself (the camera description, the image), then
  /// the simulator's rules (system tracking, rate, finite boxes).
  private func track(_ observations: [Observation], camera: CameraInformation, image: CVPixelBuffer?)
    throws(DockKitError)
  {
    guard camera.isValid else { throw reject("track", .invalidParameter) }
    if let image, CVPixelBufferGetWidth(image) <= 0 || CVPixelBufferGetHeight(image) <= 0 {
      throw reject("track", .invalidParameter)
    }
    try submit(.track(observations.map(\.simulated)))
  }

  /// The observations DockKit makes of `metadata`, in order.
  static func observations(of metadata: [AVMetadataObject]) -> [Observation] {
    metadata.enumerated().map { Observation(metadata: $1, index: $0) }
  }
}

extension DockAccessory.Observation {
  /// The observation DockKit makes of an AVFoundation metadata object, the `index`-th of its frame.
  ///
  /// * Type: `.face` is a `humanFace`; `.humanBody` and `.humanFullBody` are a `humanBody`; every other
  ///   kind (cat and dog bodies and heads, salient objects, codes) is an `object`; the simulated
  ///   tracker then judges the box exactly as an observation of that type.
  /// * Box: `bounds` is normalized with an **upper-left** origin (AVFoundation's); observations use a
  ///   **lower-left** one (Vision's), so the box is flipped vertically: y = 1 − (bounds.y +
  ///   bounds.height), same x, width and height. Apple's sample app passes the metadata output's
  ///   objects to `track` unconverted, so DockKit does this conversion itself.
  /// * Identifier: the face's `faceID` or the body's `bodyID`, else `index` (the simulated tracker
  ///   associates boxes itself and reads none of them); a face's yaw, when known, is its
  ///   `faceYawAngle` (degrees).
  init(metadata object: AVMetadataObject, index: Int) {
    let b = object.bounds
    let rect = CGRect(
      x: b.origin.x, y: 1 - (b.origin.y + b.size.height), width: b.size.width, height: b.size.height)
    var identifier = index
    var yaw: Measurement<UnitAngle>?
    if let face = object as? AVMetadataFaceObject {
      identifier = face.faceID
      if face.hasYawAngle { yaw = Measurement(value: Double(face.yawAngle), unit: .degrees) }
    } else if #available(iOS 13, macCatalyst 14, tvOS 17, *), let body = object as? AVMetadataBodyObject {
      identifier = body.bodyID
    }
    self.init(identifier: identifier, type: Self.type(of: object.type), rect: rect, faceYawAngle: yaw)
  }

  /// The observation type of a metadata kind: faces and human bodies are people, the rest objects.
  static func type(of kind: AVMetadataObject.ObjectType) -> ObservationType {
    switch kind {
    case .face: return .humanFace
    case .humanBody: return .humanBody
    default:
      // AVFoundation has full bodies from iOS 17; an older system never reports one.
      if #available(iOS 17, macCatalyst 17, tvOS 17, *), kind == .humanFullBody { return .humanBody }
      return .object
    }
  }
}
