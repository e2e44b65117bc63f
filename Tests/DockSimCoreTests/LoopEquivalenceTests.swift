import DockSimTestSupport
import Foundation
import Testing

@testable import DockSimCore

/// The faster forms of the simulation loop's hot paths against the straightforward forms they
/// replaced, bit for bit: outputs must stay byte-identical, so "close" is not enough.
struct LoopEquivalenceTests {
  /// The straightforward `Angle.wrap`: `remainder` for every value.
  static func referenceWrap(_ a: Double) -> Double {
    var r = remainder(a, 2 * Double.pi)
    if r <= -Double.pi { r += 2 * Double.pi }
    return r
  }

  @Test func wrapSkippingRemainderGivesTheSameBits() {
    var values: [Double] = [
      0, -0.0, Double.pi, -Double.pi, Double.pi.nextUp, Double.pi.nextDown, -Double.pi.nextUp,
      -Double.pi.nextDown, 2 * Double.pi, -2 * Double.pi, 3 * Double.pi, 1e-300, -1e-300, 1e6, -1e6,
    ]
    var rng = SeededGenerator(seed: 11)
    for _ in 0..<20_000 { values.append(Double.random(in: -20...20, using: &rng)) }
    for _ in 0..<2_000 { values.append(Double.random(in: -3.2...3.2, using: &rng)) }
    for a in values {
      #expect(Angle.wrap(a).bitPattern == Self.referenceWrap(a).bitPattern, "wrap(\(a))")
    }
    #expect(Angle.wrap(.nan).isNaN)
  }

  @Test func scalarQuadraticFormGivesTheSameBitsAsTheArrayForm() {
    var rng = SeededGenerator(seed: 12)
    for _ in 0..<2_000 {
      // A random symmetric matrix, positive definite or not (both paths must agree on nil too).
      let a = (0..<9).map { _ in Double.random(in: -1...1, using: &rng) }
      let shift = Double.random(in: -0.5...2, using: &rng)
      var p = [[Double]](repeating: [0, 0, 0], count: 3)
      for i in 0..<3 {
        for j in 0..<3 {
          var s = 0.0
          for k in 0..<3 { s += a[i * 3 + k] * a[j * 3 + k] }
          p[i][j] = s + (i == j ? shift : 0)
        }
      }
      let e = (0..<3).map { _ in Double.random(in: -1...1, using: &rng) }
      let reference = TrackingMetrics.quadraticForm(e, p)
      let fast = TrackingMetrics.quadraticForm(
        (e[0], e[1], e[2]), p00: p[0][0], p10: p[1][0], p11: p[1][1], p20: p[2][0], p21: p[2][1], p22: p[2][2]
      )
      #expect(reference?.bitPattern == fast?.bitPattern)
    }
  }

  /// The visibility as it was computed before (every sample against every blocker), from the boxes
  /// `SceneProjector` returned: the same fraction and visible box, bit for bit.
  static func referenceVisibility(
    _ boxes: [TruthBox], occluders: [Occluder], camera: PinholeCamera, pose: CameraPose, grid n: Int
  ) -> [(Double, NormalizedRect?)] {
    var blockers: [(rect: NormalizedRect, depth: Double, subject: Int)] = []
    for o in occluders {
      let c = o.center
      if let r = BoxProjection.project(
        center: c, width: o.width, height: o.height, camera: camera, pose: pose)
      {
        blockers.append((r, (c.x * c.x + c.y * c.y).squareRoot(), -1))
      }
    }
    for b in boxes where b.kind != .humanFace {
      if let r = b.box { blockers.append((r, b.depth, b.subjectIndex)) }
    }
    return boxes.map { b in
      guard let box = b.box, box.width > 0, box.height > 0 else { return (0, nil) }
      var visible = 0
      var minU = Double.infinity
      var maxU = -Double.infinity
      var minV = Double.infinity
      var maxV = -Double.infinity
      for iy in 0..<n {
        let v = box.y + (Double(iy) + 0.5) / Double(n) * box.height
        guard v >= 0 && v <= 1 else { continue }
        for ix in 0..<n {
          let u = box.x + (Double(ix) + 0.5) / Double(n) * box.width
          guard u >= 0 && u <= 1 else { continue }
          var hidden = false
          for blocker in blockers where blocker.subject != b.subjectIndex && blocker.depth < b.depth {
            let r = blocker.rect
            if u >= r.x && u <= r.x + r.width && v >= r.y && v <= r.y + r.height {
              hidden = true
              break
            }
          }
          if hidden { continue }
          visible += 1
          minU = min(minU, u)
          maxU = max(maxU, u)
          minV = min(minV, v)
          maxV = max(maxV, v)
        }
      }
      let fraction = Double(visible) / Double(n * n)
      guard visible > 0 else { return (fraction, nil) }
      let halfU = box.width / Double(2 * n)
      let halfV = box.height / Double(2 * n)
      return (
        fraction,
        NormalizedRect(
          x: max(0, minU - halfU), y: max(0, minV - halfV),
          width: min(1, maxU + halfU) - max(0, minU - halfU),
          height: min(1, maxV + halfV) - max(0, minV - halfV))
      )
    }
  }

  @Test func projectionWithReusedBuffersMatchesTheReferenceVisibility() {
    let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
    let projector = SceneProjector(camera: camera)
    var rng = SeededGenerator(seed: 13)
    var boxes: [TruthBox] = []
    var workspace = SceneProjector.Workspace()
    var hidden = 0
    for scene in 0..<300 {
      let subjects = (0..<Int.random(in: 1...6, using: &rng)).map { i in
        Subject(
          id: "s\(i)", kind: i % 3 == 2 ? .object : .humanBody,
          width: Double.random(in: 0.2...0.8, using: &rng),
          height: Double.random(in: 0.3...1.9, using: &rng),
          path: SubjectPath(waypoints: [
            Waypoint(
              time: .zero,
              position: .polar(
                azimuth: Double.random(in: -1...1, using: &rng),
                distance: Double.random(in: 1...6, using: &rng),
                height: Double.random(in: -0.5...0.3, using: &rng)))
          ]), face: i % 2 == 0 ? FaceBox() : nil)
      }
      let occluders = (0..<(scene % 3)).map { i in
        Occluder(
          id: "o\(i)",
          position: .polar(
            azimuth: Double.random(in: -0.6...0.6, using: &rng),
            distance: Double.random(in: 1...4, using: &rng),
            height: 0), width: Double.random(in: 0.2...1, using: &rng), bottom: -1.5, height: 3)
      }
      let pose = CameraPose(
        yaw: Double.random(in: -0.5...0.5, using: &rng), pitch: Double.random(in: -0.3...0.3, using: &rng))
      projector.project(
        subjects: subjects, occluders: occluders, at: .zero, pose: pose, offsets: [], into: &boxes,
        workspace: &workspace)
      let fresh = projector.project(subjects: subjects, occluders: occluders, at: .zero, pose: pose)
      #expect(boxes == fresh)
      let reference = Self.referenceVisibility(
        boxes, occluders: occluders, camera: camera, pose: pose, grid: projector.grid)
      for (b, r) in zip(boxes, reference) {
        #expect(b.visibleFraction.bitPattern == r.0.bitPattern)
        #expect(b.visibleBox == r.1)
        if b.visibleFraction > 0 && b.visibleFraction < 1 { hidden += 1 }
      }
    }
    // The scenes must exercise partial occlusion, not only fully visible or fully hidden boxes.
    #expect(hidden > 50)
  }

  @Test func poseRotationGivesTheSameCameraCoordinates() {
    let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
    var rng = SeededGenerator(seed: 14)
    for _ in 0..<2_000 {
      let pose = CameraPose(
        yaw: Double.random(in: -7...7, using: &rng), pitch: Double.random(in: -1.5...1.5, using: &rng))
      let p = Point3(
        x: Double.random(in: -5...5, using: &rng), y: Double.random(in: -5...5, using: &rng),
        z: Double.random(in: -2...2, using: &rng))
      // The reference: the pose's sines computed at the call, as before.
      let (sp, cp) = (sin(pose.yaw), cos(pose.yaw))
      let (st, ct) = (sin(pose.elevation), cos(pose.elevation))
      let x = -sp * p.x + cp * p.y
      let y = -st * cp * p.x - st * sp * p.y + ct * p.z
      let z = ct * cp * p.x + ct * sp * p.y + st * p.z
      let k = camera.cameraCoordinates(of: p, rotation: PoseRotation(pose))
      #expect(
        k.x.bitPattern == x.bitPattern && k.y.bitPattern == y.bitPattern && k.z.bitPattern == z.bitPattern)
    }
  }

  @Test func detectorIntoAReusedArrayMatchesTheReturningForm() {
    let camera = PinholeCamera(horizontalFOV: 1.2, aspect: 16.0 / 9.0)
    let parameters = DetectorParameters(detectionProbability: 0.8, clutterRate: 1.5)
    var returning = NoisyDetector(parameters: parameters, seed: 5)
    var filling = NoisyDetector(parameters: parameters, seed: 5)
    let subjects = (0..<4).map { i in
      Subject(
        id: "s\(i)", kind: .humanBody, width: 0.5, height: 1.7,
        path: SubjectPath(waypoints: [
          Waypoint(
            time: .zero,
            position: .polar(azimuth: -0.4 + 0.25 * Double(i), distance: 2 + Double(i), height: -0.15))
        ]), face: FaceBox())
    }
    let pose = CameraPose(yaw: 0, pitch: 0)
    let boxes = SceneProjector(camera: camera).project(
      subjects: subjects, occluders: [], at: .zero, pose: pose)
    var reused: [Observation] = []
    for frame in 0..<500 {
      let scene = SceneSnapshot(time: SimTime(microseconds: Int64(frame) * 33_333), boxes: boxes)
      let expected = returning.detect(scene, camera: pose)
      filling.detect(scene, camera: pose, into: &reused)
      #expect(reused == expected)
    }
  }

  @Test func waypointSearchMatchesALinearScan() {
    var rng = SeededGenerator(seed: 15)
    var t = 0.0
    var waypoints: [Waypoint] = []
    for _ in 0..<200 {
      t += Double.random(in: 0.01...5, using: &rng)
      waypoints.append(
        Waypoint(
          time: SimTime(seconds: t),
          position: .cartesian(
            x: Double.random(in: 1...6, using: &rng), y: Double.random(in: -4...4, using: &rng), height: -0.15
          )))
    }
    let path = SubjectPath(waypoints: waypoints)
    // The reference: the first waypoint at or after `time`, found by walking from the start.
    func expected(at time: SimTime) -> Point3 {
      if time <= waypoints[0].time { return waypoints[0].position.point }
      if time >= waypoints[waypoints.count - 1].time { return waypoints[waypoints.count - 1].position.point }
      var i = 1
      while waypoints[i].time < time { i += 1 }
      let a = waypoints[i - 1]
      let b = waypoints[i]
      let f = Double((time - a.time).microseconds) / Double((b.time - a.time).microseconds)
      let p0 = a.position.point
      let p1 = b.position.point
      return Point3(x: p0.x + (p1.x - p0.x) * f, y: p0.y + (p1.y - p0.y) * f, z: p0.z + (p1.z - p0.z) * f)
    }
    for _ in 0..<5_000 {
      let time = SimTime(seconds: Double.random(in: -1...(t + 1), using: &rng))
      #expect(path.position(at: time) == expected(at: time))
    }
    // At every waypoint and a microsecond either side (the search's boundaries).
    for w in waypoints {
      for dt in [-1, 0, 1] as [Int64] {
        let time = w.time + SimDuration(microseconds: dt)
        #expect(path.position(at: time) == expected(at: time))
      }
    }
  }
}
