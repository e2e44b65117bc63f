import DockMath
import DockSimCore
import DockSimTestSupport
import Foundation
import Testing

/// Seeded property tests of the multi-subject tracker under hostile input: boxes at and beyond the
/// image edges, zero and tiny sizes, huge jumps, pose jumps, long gaps between frames and noise models
/// near singular. Whatever it is fed, every track it reports is finite, its covariance symmetric
/// positive semi-definite, its azimuth wrapped, and its identity unique.
struct TrackerPropertyTests {
  static let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9)

  /// One random frame's boxes: mostly plausible people, with a share of degenerate ones.
  static func boxes(_ count: Int, frame: Int, using g: inout SeededGenerator) -> [Observation] {
    (0..<count).map { k in
      let base = 0.1 + 0.8 * (Double(k) + 0.5) / Double(max(count, 1))
      var u = base + 0.02 * sin(Double(frame) * 0.2 + Double(k))
      var v = 0.5 + Double.random(in: -0.01...0.01, using: &g)
      var h = 0.2 + Double.random(in: -0.005...0.005, using: &g)
      var w = 0.4 * h
      switch Int.random(in: 0..<20, using: &g) {
      case 0: h = 0  // zero height: an impossible box
      case 1: w = 0
      case 2: h = 1e-9  // vanishingly small
      case 3: (u, v) = (Double.random(in: -3...4, using: &g), Double.random(in: -3...4, using: &g))  // far outside
      case 4: u = 0  // centre on the edge
      case 5: h = 25  // absurdly large
      case 6: (u, v) = (Double.random(in: 0...1, using: &g), Double.random(in: 0...1, using: &g))  // a jump
      default: break
      }
      let kind: SubjectKind = k % 3 == 2 ? .humanFace : .humanBody
      return Observation(kind: kind, rect: NormalizedRect(x: u - w / 2, y: v - h / 2, width: w, height: h))
    }
  }

  static func check(_ tracks: [Track], case c: Int, frame: Int) {
    var ids = Set<Int>()
    for t in tracks {
      #expect(ids.insert(t.id).inserted, "case \(c) frame \(frame): duplicate id \(t.id)")
      let x = t.state.components
      let finite = x.allSatisfy { $0.isFinite }
      #expect(finite, "case \(c) frame \(frame): state \(x)")
      #expect(abs(t.state.azimuth) <= Double.pi, "case \(c) frame \(frame): azimuth not wrapped")
      #expect(t.nis.isNaN || (t.nis.isFinite && t.nis >= 0), "case \(c) frame \(frame): NIS \(t.nis)")
      var p = Matrix(rows: 6, columns: 6)
      for i in 0..<6 { for j in 0..<6 { p[i, j] = t.covarianceUpper.element(i, j) } }
      let finiteP = p.storage.allSatisfy { $0.isFinite }
      #expect(finiteP, "case \(c) frame \(frame): P not finite")
      // Positive semi-definite: Cholesky of P plus a shift far below its scale succeeds.
      let scale = (0..<6).map { p[$0, $0] }.max() ?? 1
      var shifted = p
      for i in 0..<6 { shifted[i, i] += 1e-12 * max(scale, 1e-300) }
      #expect(NaiveLinearAlgebra.cholesky(shifted) != nil, "case \(c) frame \(frame): P not PSD")
    }
  }

  @Test(arguments: 0..<8)
  func tracksStayFiniteSymmetricAndWrappedWhateverTheInput(batch: Int) {
    for c in (batch * 25)..<(batch * 25 + 25) {
      var g = SeededGenerator(seed: UInt64(9_000 + c))
      var parameters = TrackerParameters()
      switch c % 4 {
      case 1: parameters.measurementNoiseCenter = 1e-9  // S close to singular
      case 2: parameters.processNoiseAngle = 1e-12
      case 3: parameters.gate = 1e6  // nothing is gated out: huge innovations are applied
      default: break
      }
      var tracker = MultiTargetTracker(camera: Self.camera, parameters: parameters)
      var time = 0.0
      var yaw = 0.0
      for frame in 0..<60 {
        // Mostly 30 fps; sometimes a long gap, sometimes a pose jump or a wrap across ±π.
        time += Int.random(in: 0..<15, using: &g) == 0 ? Double.random(in: 0.5...20, using: &g) : 1.0 / 30
        if Int.random(in: 0..<10, using: &g) == 0 { yaw = Double.random(in: -3.2...3.2, using: &g) }
        let pose = CameraPose(yaw: yaw, pitch: Double.random(in: -0.3...0.3, using: &g))
        let count = Int.random(in: 0...6, using: &g)
        let tracks = tracker.process(
          time: time, pose: pose, observations: Self.boxes(count, frame: frame, using: &g))
        Self.check(tracks, case: c, frame: frame)
        if let primary = tracker.primaryTrack { #expect(tracks.contains { $0.id == primary.id }) }
      }
    }
  }

  @Test func theAssignmentIsAlwaysAValidMatching() {
    var g = SeededGenerator(seed: 77)
    var solver = AssignmentSolver()
    for _ in 0..<500 {
      let rows = Int.random(in: 0...7, using: &g)
      let columns = Int.random(in: 0...7, using: &g)
      let costs = (0..<(rows * columns)).map { _ -> Double in
        switch Int.random(in: 0..<6, using: &g) {
        case 0: .infinity
        case 1: .nan
        case 2: -Double.random(in: 0...5, using: &g)
        default: Double.random(in: 0...30, using: &g)
        }
      }
      let a = solver.solve(costs: costs, rows: rows, columns: columns)
      #expect(a.count == rows)
      var used = Set<Int>()
      for (r, column) in a.enumerated() {
        guard let column else { continue }
        #expect(column >= 0 && column < columns)
        #expect(used.insert(column).inserted, "column \(column) assigned twice")
        #expect(costs[r * columns + column].isFinite, "a forbidden pair was assigned")
      }
    }
  }
}

/// A NaN from a plugged-in tracker or controller stops the run with an error naming the stage, the
/// frame and the time, instead of flowing into the motors and the metrics.
struct NonFiniteLoopTests {
  /// A tracker that reports a NaN azimuth from frame `from` on.
  struct PoisonedTracker: Tracker {
    var inner = MultiTargetTracker(
      camera: PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9), parameters: TrackerParameters())
    let from: Int64
    var poisoned = false
    mutating func update(with batch: ObservationBatch) -> [Track] {
      var tracks = inner.update(with: batch)
      poisoned = batch.frame >= from
      if poisoned, !tracks.isEmpty { tracks[0].state.azimuth = .nan }
      return tracks
    }
    var primaryTrack: Track? {
      guard var t = inner.primaryTrack else { return nil }
      if poisoned { t.state.azimuth = .nan }
      return t
    }
    mutating func reset() {
      inner.reset()
      poisoned = false
    }
  }

  /// A controller that commands NaN.
  struct PoisonedController: Controller {
    mutating func command(primary: Track?, tracks: [Track], motion: MotionState, framing: Framing)
      -> DockCommand
    {
      DockCommand(yawVelocity: .nan, pitchVelocity: 0)
    }
  }

  struct Discard: TraceSink {
    mutating func write(_ record: FrameRecord) throws {}
  }

  @Test func aNaNFromTheTrackerNamesTheStageAndTheFrame() throws {
    let scenario = SimulationTestsScenario.make()
    var sim = try Simulation(scenario: scenario, tracker: PoisonedTracker(from: 40))
    var sink = Discard()
    #expect {
      _ = try sim.run(trace: &sink)
    } throws: { error in
      guard case .nonFinite(let stage, let frame, _) = error as? SimulationError else { return false }
      return stage == "tracker" && frame >= 40 && "\(error)".contains("non-finite value in tracker at frame")
    }
  }

  @Test func aNaNFromTheControllerNamesTheStage() throws {
    var sim = try Simulation(scenario: SimulationTestsScenario.make(), controller: PoisonedController())
    var sink = Discard()
    #expect {
      _ = try sim.run(trace: &sink)
    } throws: { error in
      guard case .nonFinite(let stage, _, _) = error as? SimulationError else { return false }
      return stage == "controller"
    }
  }
}

/// A short walk, for the loop tests above.
enum SimulationTestsScenario {
  static func make() -> Scenario {
    Scenario(
      name: "nan", seed: 3, duration: SimDuration(seconds: 4),
      subjects: [
        Subject(
          id: "walker", kind: .humanBody, width: 0.5, height: 1.7,
          path: SubjectPath(waypoints: [
            Waypoint(time: SimTime(seconds: 0), position: .polar(azimuth: 0, distance: 3, height: -0.15)),
            Waypoint(time: SimTime(seconds: 4), position: .polar(azimuth: 0.3, distance: 3, height: -0.15)),
          ]))
      ])
  }
}
