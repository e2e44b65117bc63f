// App code as an app written for Apple's DockKit spells it: only `import DockKit` reads
// `import DockSimKit`. It must compile unchanged, without warnings.
import DockSimKit
import Foundation

// The shipping app imports AVFoundation for its metadata objects and pixel buffers; off Apple platforms
// DockSimKit provides stand-ins for the ones DockKit's `track` forms take.
#if canImport(AVFoundation)
  import AVFoundation
#endif

/// Custom tracking from the capture pipeline, as the DockKit sample's `track(metadata:sampleBuffer:…)`:
/// each video frame's metadata objects (the faces and bodies an `AVCaptureMetadataOutput` found), or the
/// app's own detector's boxes, handed to DockKit with the frame's image when the capture has one.
final class CaptureTracker {
  private let accessory: DockAccessory
  private let deviceType: AVCaptureDevice.DeviceType
  private let position: AVCaptureDevice.Position
  /// The capture format's frame size, pixels.
  private let frameSize: CGSize
  /// What DockKit refused, in order.
  private(set) var errors: [DockKitError] = []
  /// The frames DockKit took, by the form of `track` that passed them.
  private(set) var tracked: [String: Int] = [:]

  init(
    accessory: DockAccessory, deviceType: AVCaptureDevice.DeviceType = .builtInWideAngleCamera,
    position: AVCaptureDevice.Position = .back, frameSize: CGSize = CGSize(width: 1920, height: 1080)
  ) {
    self.accessory = accessory
    self.deviceType = deviceType
    self.position = position
    self.frameSize = frameSize
  }

  private var cameraInformation: DockAccessory.CameraInformation {
    DockAccessory.CameraInformation(
      captureDevice: deviceType, cameraPosition: position, orientation: .corrected, cameraIntrinsics: nil,
      referenceDimensions: frameSize)
  }

  /// One frame's metadata objects, as the metadata output delivered them (bounds normalized, upper-left
  /// origin), with the frame's image when the video output had one.
  func track(metadata: [AVMetadataObject], image: CVPixelBuffer?) async {
    do {
      if let image {
        try await accessory.track(metadata, cameraInformation: cameraInformation, image: image)
        tracked["metadata+image", default: 0] += 1
      } else {
        try await accessory.track(metadata, cameraInformation: cameraInformation)
        tracked["metadata", default: 0] += 1
      }
    } catch {
      record(error)
    }
  }

  /// One frame of the app's own face and body detector (Vision's boxes: normalized, lower-left
  /// origin), with the frame's image when it has one.
  func track(faces: [CGRect], bodies: [CGRect], image: CVPixelBuffer?) async {
    var observations: [DockAccessory.Observation] = []
    for (i, rect) in faces.enumerated() {
      observations.append(DockAccessory.Observation(identifier: i, type: .humanFace, rect: rect))
    }
    for (i, rect) in bodies.enumerated() {
      observations.append(DockAccessory.Observation(identifier: 100 + i, type: .humanBody, rect: rect))
    }
    do {
      if let image {
        try await accessory.track(observations, cameraInformation: cameraInformation, image: image)
        tracked["observations+image", default: 0] += 1
      } else {
        try await accessory.track(observations, cameraInformation: cameraInformation)
        tracked["observations", default: 0] += 1
      }
    } catch {
      record(error)
    }
  }

  private func record(_ error: any Error) {
    if let error = error as? DockKitError { errors.append(error) }
  }
}
