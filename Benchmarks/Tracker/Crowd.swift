import Benchmark
import DockSimCore
import Foundation

// `Tracker-frame-crowd-clustered` and `Tracker-frame-crowd-scattered`: `MultiTargetTracker.process` of
// one frame of 256 boxes, the same boxes in both except for where their centres lie: all within 2 % of
// the image's centre (every box touches every other), or spread over the whole image. Each box keeps
// its place with a small seeded jitter per frame over a loop of 50 frames. The ratio of the two medians
// is the cost of a frame whose boxes all touch relative to one whose boxes mostly do not: it was cubic
// in the boxes (each box's overlap list sorted in place) and is now quadratic, the number of pairs
// (issue 28). Compare the two benchmarks of one run, not runs across machines.

enum CrowdBench {
  static let boxes = 256
  static let frames = 50
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)

  /// The frames of one layout: `spread` is the half-width of the region the centres lie in (image
  /// fractions, around the centre).
  static func frames(spread: Double) -> [[Observation]] {
    var random = RandomStream(seed: 28, stream: "crowd-benchmark")
    let centres = (0..<boxes).map { _ in
      (x: 0.5 + spread * (2 * random.uniform() - 1), y: 0.5 + spread * (2 * random.uniform() - 1))
    }
    return (0..<frames).map { _ in
      centres.map { c in
        let x = c.x + 0.001 * random.gaussian()
        let y = c.y + 0.001 * random.gaussian()
        return Observation(
          kind: .humanBody, rect: NormalizedRect(x: x - 0.02, y: y - 0.05, width: 0.04, height: 0.1),
          confidence: 0.95)
      }
    }
  }
}

final class CrowdRunner {
  var tracker = MultiTargetTracker(camera: CrowdBench.camera, parameters: TrackerParameters())
  let frames: [[Observation]]
  var frame = 0

  init(spread: Double) {
    frames = CrowdBench.frames(spread: spread)
    // Warm up: tracks confirmed and the tracker's buffers grown.
    for _ in 0..<(2 * CrowdBench.frames) { step() }
  }

  @inline(never)
  func step() {
    frame += 1
    blackHole(
      tracker.process(
        time: Double(frame) / 30, pose: BatchBench.pose, observations: frames[frame % CrowdBench.frames]
      ).count)
  }
}

func registerCrowdBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal],
    timeUnits: .microseconds,
    warmupIterations: 1,
    scalingFactor: .one,
    maxDuration: .seconds(5),
    maxIterations: 100
  )
  for (name, spread) in [("clustered", 0.01), ("scattered", 0.45)] {
    Benchmark("Tracker-frame-crowd-\(name)", configuration: configuration) { benchmark, runner in
      for _ in benchmark.scaledIterations { runner.step() }
    } setup: {
      CrowdRunner(spread: spread)
    }
  }
}
