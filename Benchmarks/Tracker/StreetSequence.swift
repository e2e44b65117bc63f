import Benchmark
import DockSimCore
import Foundation

// `Tracker-frame-TUD-like`: `MultiTargetTracker.process` of one frame of a detection sequence built in
// code to resemble MOT15's TUD-Stadtmitte (640×480 at 25 fps, about five boxes a frame, box heights
// of 130–250 px), so that the tracker's time per frame on real-detection-like input can be compared
// with other trackers' published per-frame times on that sequence. Its detections are not shipped:
// MOT15's are GPL-3.0. Eight pedestrians walk across the image and out of it, in both directions,
// at 0.7–1.5 body heights a second; each visible one is detected with probability 0.9, its box
// clipped to the image (and dropped when less than a third of it is in view) with a Gaussian error
// of 3 % of its height on the centre, the height and the width; one frame in twenty adds a false box
// somewhere. Every motion is periodic over the 1,000 frames (40 s) of the sequence, which the
// benchmark replays in a loop with the clock running on, so the loop has no seam. Seeded: the same
// boxes on every run and machine. The tracker has the default parameters plus the box-relative
// noise (`measurementNoiseCenterSlope` 0.02, `measurementNoiseHeightSlope` 0.05), the camera
// `docksim replay`'s default (horizontal field of view 1.2 rad) at a fixed pose.

enum StreetSequence {
  static let imageWidth = 640.0
  static let imageHeight = 480.0
  static let framesPerSecond = 25.0
  /// Frames of one period of the sequence.
  static let frames = 1_000
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: imageWidth / imageHeight)
  static let parameters = TrackerParameters(
    measurementNoiseCenterSlope: 0.02, measurementNoiseHeightSlope: 0.05)

  /// One pedestrian: box height (px), crossings of its path per period (the sign is the direction),
  /// where along its path it starts (0…1), and the phase of its step.
  struct Walker {
    var height: Double
    var crossings: Int
    var start: Double
    var step: Double
  }

  static let walkers: [Walker] = [
    Walker(height: 250, crossings: 3, start: 0.10, step: 0.0),
    Walker(height: 230, crossings: -4, start: 0.35, step: 1.3),
    Walker(height: 210, crossings: 5, start: 0.55, step: 2.1),
    Walker(height: 200, crossings: -3, start: 0.80, step: 0.7),
    Walker(height: 180, crossings: 4, start: 0.95, step: 2.9),
    Walker(height: 170, crossings: -5, start: 0.20, step: 1.7),
    Walker(height: 150, crossings: 6, start: 0.65, step: 0.4),
    Walker(height: 130, crossings: -6, start: 0.45, step: 2.5),
  ]

  /// The detections of every frame of one period, lower-left normalized boxes.
  static func observations() -> [[Observation]] {
    var random = RandomStream(seed: 2_024, stream: "tud-like-detections")
    return (0..<frames).map { f in
      var boxes: [Observation] = []
      for w in walkers {
        let width = 0.41 * w.height
        // Off the image for a stretch of every crossing: a path of the image width plus a margin on
        // each side, walked at a constant speed.
        let margin = width / 2 + 120
        let path = imageWidth + 2 * margin
        var along = w.start + Double(abs(w.crossings)) * Double(f) / Double(frames)
        along -= along.rounded(.down)
        let centerX = w.crossings > 0 ? -margin + along * path : imageWidth + margin - along * path
        // Feet below the horizon in proportion to the size (nearer is lower), and a step's bob.
        let bob = 2 * sin(2 * Double.pi * (2 * Double(f) / framesPerSecond + w.step))
        let bottom = 240 + 0.55 * w.height + bob
        let detected = random.bernoulli(0.9)
        let (dx, dy, dh, dw) = (
          random.gaussian(sigma: 0.03), random.gaussian(sigma: 0.03), random.gaussian(sigma: 0.03),
          random.gaussian(sigma: 0.03)
        )
        guard detected else { continue }
        let h = w.height * (1 + dh)
        let boxWidth = width * (1 + dw)
        let left = centerX + dx * w.height - boxWidth / 2
        let top = bottom - w.height / 2 + dy * w.height - h / 2
        guard let box = clipped(left: left, top: top, width: boxWidth, height: h), box.width >= boxWidth / 3
        else { continue }
        boxes.append(observation(box, confidence: 0.75 + 0.2 * random.uniform()))
      }
      if random.bernoulli(0.05) {
        let h = 60 + 140 * random.uniform()
        let left = (imageWidth - 0.4 * h) * random.uniform()
        let top = (imageHeight - h) * random.uniform()
        boxes.append(
          observation((left, top, 0.4 * h, h), confidence: 0.5 + 0.3 * random.uniform()))
      }
      return boxes
    }
  }

  /// The part of a box (top-left origin, px) inside the image, as detectors report it; nil if none.
  static func clipped(left: Double, top: Double, width: Double, height: Double) -> (
    left: Double, top: Double, width: Double, height: Double
  )? {
    let (x0, y0) = (max(0, left), max(0, top))
    let (x1, y1) = (min(imageWidth, left + width), min(imageHeight, top + height))
    guard x1 > x0, y1 > y0 else { return nil }
    return (x0, y0, x1 - x0, y1 - y0)
  }

  /// A box in pixels (top-left origin) as the tracker's lower-left normalized observation.
  static func observation(
    _ b: (left: Double, top: Double, width: Double, height: Double), confidence: Double
  ) -> Observation {
    Observation(
      kind: .humanBody,
      rect: NormalizedRect(
        x: b.left / imageWidth, y: 1 - (b.top + b.height) / imageHeight, width: b.width / imageWidth,
        height: b.height / imageHeight),
      confidence: confidence)
  }
}

/// The tracker replaying `StreetSequence` frame after frame, after one period of warm-up.
final class StreetSequenceRunner {
  var tracker = MultiTargetTracker(camera: StreetSequence.camera, parameters: StreetSequence.parameters)
  private let frames = StreetSequence.observations()
  private var frame = 0

  init() {
    for _ in 0..<StreetSequence.frames { step() }
    if BatchBench.verbose {
      let boxes = frames.reduce(0) { $0 + $1.count }
      FileHandle.standardError.write(
        Data(
          "TUD-like sequence: \(frames.count) frames, \(Double(boxes) / Double(frames.count)) boxes a frame, \(tracker.tracks.count) tracks after warm-up\n"
            .utf8))
    }
  }

  @inline(never)
  func step() {
    let f = frame
    frame += 1
    blackHole(
      tracker.process(
        time: Double(f) / StreetSequence.framesPerSecond, pose: BatchBench.pose,
        observations: frames[f % StreetSequence.frames]
      ).count)
  }
}

func registerStreetSequenceBenchmark(configuration: Benchmark.Configuration) {
  Benchmark("Tracker-frame-TUD-like", configuration: configuration) { benchmark, runner in
    for _ in benchmark.scaledIterations { runner.step() }
  } setup: {
    StreetSequenceRunner()
  }
}
