import Foundation

/// Projects every box of every subject, and the occluders, through the camera, and works out how
/// much of each box is visible.
///
/// Visibility is sampled on a `grid`×`grid` lattice over the unclipped box: a sample counts when it is
/// inside the image and not inside the image box of anything nearer (an occluder, or the main box of
/// another subject that is a body or an object; faces hide nothing). The visible box is the bounding box
/// of the visible samples, grown by half a cell. Sampling keeps the union of several occluders simple and
/// deterministic; 16×16 resolves the fraction to 1/256.
public struct SceneProjector: Sendable {
  public let camera: PinholeCamera
  /// Samples per side of the visibility lattice, 1...64 (a row of samples is one 64-bit mask).
  public let grid: Int

  public init(camera: PinholeCamera, grid: Int = 16) {
    precondition((1...64).contains(grid), "the visibility grid must have 1 to 64 samples a side")
    self.camera = camera
    self.grid = grid
  }

  /// All boxes at `time` of the subjects present then, in subject order (main box, then face), with
  /// visibility. `offsets` (one per
  /// subject, or empty) move subjects off their paths (`MotionNoise`).
  public func project(
    subjects: [Subject], occluders: [Occluder], at time: SimTime, pose: CameraPose, offsets: [PathOffset] = []
  ) -> [TruthBox] {
    var boxes: [TruthBox] = []
    var workspace = Workspace()
    project(
      subjects: subjects, occluders: occluders, at: time, pose: pose, offsets: offsets, into: &boxes,
      workspace: &workspace)
    return boxes
  }

  /// Scratch storage reused from frame to frame, so projecting a frame does not allocate.
  public struct Workspace: Sendable {
    fileprivate var blockers: [Blocker] = []
    /// The blockers in front of the box being sampled that cover one of its sample columns, and
    /// which columns each covers (bit ix for column ix).
    fileprivate var inFront: [NormalizedRect] = []
    fileprivate var covered: [UInt64] = []
    public init() {}
  }

  fileprivate struct Blocker: Sendable {
    var rect: NormalizedRect
    var depth: Double
    var subject: Int
  }

  /// As `project(subjects:occluders:at:pose:offsets:)`, writing the boxes into `boxes` (replacing its
  /// contents, keeping its capacity) with `workspace` as scratch.
  public func project(
    subjects: [Subject], occluders: [Occluder], at time: SimTime, pose: CameraPose, offsets: [PathOffset],
    into boxes: inout [TruthBox], workspace: inout Workspace
  ) {
    boxes.removeAll(keepingCapacity: true)
    // One pose for the whole frame: its sines and cosines once, not for each of the 5 points per box.
    let rotation = PoseRotation(pose)
    // An absent subject (before it appears, after it leaves) has no box at all: nothing to see,
    // detect, hide behind or score. The index stays the scenario's, so offsets and ids line up.
    for (i, s) in subjects.enumerated() where s.isPresent(at: time) {
      let base = s.path.position(at: time)
      let p = offsets.isEmpty ? base : offsets[i].apply(to: base)
      let speaking = s.isSpeaking(at: time)
      boxes.append(
        truth(
          i, s.id, s.kind, center: p, width: s.width, height: s.height, rotation: rotation, speaking: speaking
        ))
      if let face = s.face {
        let fp = Point3(x: p.x, y: p.y, z: p.z + face.offset)
        boxes.append(
          truth(
            i, s.id, .humanFace, center: fp, width: face.width, height: face.height, rotation: rotation,
            speaking: speaking))
      }
    }
    workspace.blockers.removeAll(keepingCapacity: true)
    for o in occluders {
      let c = o.center
      if let r = BoxProjection.project(
        center: c, width: o.width, height: o.height, camera: camera, rotation: rotation)
      {
        workspace.blockers.append(Blocker(rect: r, depth: (c.x * c.x + c.y * c.y).squareRoot(), subject: -1))
      }
    }
    for b in boxes where b.kind != .humanFace {
      if let r = b.box {
        workspace.blockers.append(Blocker(rect: r, depth: b.depth, subject: b.subjectIndex))
      }
    }
    for i in boxes.indices {
      applyVisibility(&boxes[i], workspace: &workspace)
    }
  }

  private func truth(
    _ index: Int, _ id: String, _ kind: SubjectKind, center: Point3, width: Double, height: Double,
    rotation: PoseRotation, speaking: Bool
  ) -> TruthBox {
    let horizontal = (center.x * center.x + center.y * center.y).squareRoot()
    let k = camera.cameraCoordinates(of: center, rotation: rotation)
    let c = camera.imagePoint(x: k.x, y: k.y, z: k.z)
    return TruthBox(
      subjectIndex: index, subjectID: id, kind: kind, direction: Direction(toward: center), depth: horizontal,
      angularHeight: Self.subtendedAngle(center: center, height: height), centerU: c?.u, centerV: c?.v,
      box: BoxProjection.project(
        center: center, width: width, height: height, camera: camera, rotation: rotation),
      visibleFraction: 0, visibleBox: nil, speaking: speaking)
  }

  /// The angle between the directions to the top and the bottom of an upright box: what the box's
  /// height in the image measures. Seen from above or below, an upright box subtends less than
  /// `2·atan(h/2d)` (by about cos of its elevation).
  static func subtendedAngle(center c: Point3, height: Double) -> Double {
    let top = (c.x, c.y, c.z + height / 2)
    let bottom = (c.x, c.y, c.z - height / 2)
    let dot = top.0 * bottom.0 + top.1 * bottom.1 + top.2 * bottom.2
    let cx = top.1 * bottom.2 - top.2 * bottom.1
    let cy = top.2 * bottom.0 - top.0 * bottom.2
    let cz = top.0 * bottom.1 - top.1 * bottom.0
    return atan2((cx * cx + cy * cy + cz * cz).squareRoot(), dot)
  }

  private func applyVisibility(_ b: inout TruthBox, workspace: inout Workspace) {
    guard let box = b.box, box.width > 0, box.height > 0 else { return }
    let n = grid
    // The sample columns are the same in every row, so which of them each nearer blocker covers is
    // worked out once per box, as a bit mask (bit ix for column ix); a row then costs one range test
    // per blocker and a few bit operations. The comparisons are those of sampling each (u, v) in turn,
    // on the same expressions, so the same samples come out hidden, bit for bit.
    // u of column ix, the same expression wherever it is needed, so the same bits.
    func u(_ ix: Int) -> Double { box.x + (Double(ix) + 0.5) / Double(n) * box.width }
    var inImage: UInt64 = 0
    for ix in 0..<n {
      let u = u(ix)
      if u >= 0 && u <= 1 { inImage |= 1 << UInt64(ix) }
    }
    // Only what is nearer and belongs to someone else can hide a sample.
    // The first `count` entries of the two arrays are this box's; they are overwritten in place, as
    // emptying and refilling them per box cost more than the sampling they serve.
    var count = 0
    if inImage != 0 {
      for blocker in workspace.blockers where blocker.subject != b.subjectIndex && blocker.depth < b.depth {
        let r = blocker.rect
        var mask: UInt64 = 0
        for ix in 0..<n where inImage & (1 << UInt64(ix)) != 0 {
          let u = u(ix)
          if u >= r.x && u <= r.x + r.width { mask |= 1 << UInt64(ix) }
        }
        guard mask != 0 else { continue }
        if count == workspace.inFront.count {
          workspace.inFront.append(r)
          workspace.covered.append(mask)
        } else {
          workspace.inFront[count] = r
          workspace.covered[count] = mask
        }
        count += 1
      }
    }
    var visible = 0
    var minU = Double.infinity
    var maxU = -Double.infinity
    var minV = Double.infinity
    var maxV = -Double.infinity
    for iy in 0..<n {
      let v = box.y + (Double(iy) + 0.5) / Double(n) * box.height
      guard v >= 0 && v <= 1, inImage != 0 else { continue }
      var hidden: UInt64 = 0
      for k in 0..<count {
        let r = workspace.inFront[k]
        if v >= r.y && v <= r.y + r.height { hidden |= workspace.covered[k] }
      }
      let shown = inImage & ~hidden
      guard shown != 0 else { continue }
      visible += shown.nonzeroBitCount
      // u grows with the column index, so the extreme visible columns hold the extreme u.
      minU = min(minU, u(shown.trailingZeroBitCount))
      maxU = max(maxU, u(63 - shown.leadingZeroBitCount))
      minV = min(minV, v)
      maxV = max(maxV, v)
    }
    b.visibleFraction = Double(visible) / Double(n * n)
    guard visible > 0 else { return }
    let halfU = box.width / Double(2 * n)
    let halfV = box.height / Double(2 * n)
    b.visibleBox = NormalizedRect(
      x: max(0, minU - halfU), y: max(0, minV - halfV), width: min(1, maxU + halfU) - max(0, minU - halfU),
      height: min(1, maxV + halfV) - max(0, minV - halfV))
  }
}
