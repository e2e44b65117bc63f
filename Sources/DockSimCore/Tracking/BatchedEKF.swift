import DockMath

/// The EKF of `ExtendedKalmanFilter` for every live track at once, holding the tracks' states and
/// covariances itself, lane-interleaved (`InterleavedMatrices`: entry (i, j) of every track
/// contiguous), in the tracker's order.
///
/// A frame's prediction applies F by its structure (the identity plus dt times a shift of the rates onto
/// the positions: `InterleavedMatrices.predictConstantVelocity`, lane loops); the projection and the
/// per-track algebra run four tracks per SIMD instruction, two for a last group of one or two tracks
/// (`PosedMeasurementModel.evaluate(lanes:)`, `InterleavedInnovation`):
///
///     predict:  X ← F X, P ← F P Fᵀ + Q                           lane loops, F's structure
///     gate:     Sₖ = Hₖ Pₖ Hₖᵀ + Rₖ = Lₖ Lₖᵀ,                        lane loops
///               NIS = |Lₖ⁻¹ yₖⱼ|² for every track × observation
///     update:   V = L⁻¹ H P, u = L⁻¹ y: NIS = |u|², x += Vᵀ u,       lane loops
///               P ← P − Vᵀ V
///
/// An update right after `distances` reuses the gate's Hₖ, ẑₖ and factored Sₖ when its measurements
/// have the gate's anchor and noise scale (every box not cut by the image edge): the tracks and the
/// noise model are the same, so the factors would be computed again to the same bits.
///
/// Every workspace is kept between frames and grows only when the track count does, so a steady
/// scene allocates nothing. The results agree with the per-block `MatrixStack` version this replaced
/// to rounding (`docs/performance.md`, "The batched tracker").
public struct BatchedEKF: Sendable {
  public let model: MeasurementModel
  public let parameters: TrackerParameters
  /// Every live track's state (6×1) and covariance (6×6), in the tracker's order: `x[track, i, 0]` is
  /// component i (radians, ln radians, per second) and `p[track, j, i]` the covariance's element
  /// (i, j). `p` holds each covariance transposed: after a prediction the two halves differ by
  /// rounding. (The orientation saved two transposes a frame in an earlier dgemm prediction; the
  /// update averages both halves, so either serves.)
  private(set) var x = InterleavedMatrices(rows: 6, columns: 1)
  private(set) var p = InterleavedMatrices(rows: 6, columns: 6)

  private var q = Matrix(rows: 6, columns: 6)
  private var dt = Double.nan
  // The tracks of one update, gathered (all of them: swapped in, no copy).
  private var ux = InterleavedMatrices(rows: 6, columns: 1)
  private var up = InterleavedMatrices(rows: 6, columns: 6)
  /// The Jacobians' first three columns (azimuth, elevation, log size): the box does not depend on the
  /// rates.
  private var h = InterleavedMatrices(rows: 3, columns: 3)
  private var r = InterleavedMatrices(rows: 3, columns: 1)
  private var y = InterleavedMatrices(rows: 3, columns: 1)
  private var innovation = InterleavedInnovation(
    measurementSize: 3, stateSize: 6, observedStates: 3, covariancesTransposed: true)
  private var reset: [Int] = []
  private var gateZ = Matrix(rows: 3, columns: 1)
  /// The pose, anchor and noise scale of every track's factor in `innovation` (and ẑ in `y`) when they
  /// are those of the last `distances` call for the banks as they are now; nil once anything changed.
  private var gated: (pose: CameraPose, anchor: VerticalAnchor, scale: MeasurementNoiseScale)?
  /// Every track's projection at `projectedPose` (rows: u, v, h, ∂u/∂az, ∂u/∂el, ∂v/∂az, ∂v/∂el,
  /// ∂h/∂ls) for the states as they are now; `projectedPose` nil once a state changed. The frame's
  /// predicted boxes, its gate and its update all need it: the pinhole model's `sin`, `cos` and `exp`
  /// run once per track and frame.
  private var projected = InterleavedMatrices(rows: 8, columns: 1)
  private var projectedPose: CameraPose?
  /// The model at the last pose projected at, kept across frames: a camera that does not move (a
  /// replayed fixed camera, a dock at rest) then skips the tilt's sine and cosine.
  private var posedModel: (pose: CameraPose, model: PosedMeasurementModel)?

  /// An empty bank of tracks with `model`'s camera and `parameters`' noise model.
  public init(model: MeasurementModel, parameters: TrackerParameters) {
    self.model = model
    self.parameters = parameters
  }

  /// Live tracks.
  public var count: Int { x.count }

  // MARK: Tracks

  /// Adds a track at the end, from its initial state and the standard deviations of a diagonal P.
  public mutating func append(_ initial: TrackState, standardDeviations sd: TrackState) {
    gated = nil
    projectedPose = nil
    let k = x.count
    x.resize(to: k + 1)
    p.resize(to: k + 1)
    for i in 0..<6 { x[k, i, 0] = initial.component(i) }
    Self.setDiagonalCovariance(&p, track: k, standardDeviations: sd)
  }

  /// Keeps the tracks for which `keep` is true, in order.
  public mutating func retain(_ keep: (Int) -> Bool) {
    gated = nil
    projectedPose = nil
    x.retain(keep)
    p.retain(keep)
  }

  /// Track `destination` takes track `source`'s state and covariance (`source` is left as it is).
  public mutating func copyTrack(from source: Int, to destination: Int) {
    gated = nil
    projectedPose = nil
    x.copyMatrix(from: source, to: destination)
    p.copyMatrix(from: source, to: destination)
  }

  /// Track `i`'s posterior state (radians, ln radians, per second).
  public func state(_ i: Int) -> TrackState {
    TrackState(
      azimuth: x[i, 0, 0], elevation: x[i, 1, 0], logSize: x[i, 2, 0], azimuthRate: x[i, 3, 0],
      elevationRate: x[i, 4, 0], logSizeRate: x[i, 5, 0])
  }

  /// Track `i`'s direction in the base frame (radians).
  public func direction(_ i: Int) -> Direction { Direction(azimuth: x[i, 0, 0], elevation: x[i, 1, 0]) }

  /// Track `i`'s covariance, upper triangle row by row.
  public func covarianceUpper(_ i: Int) -> CovarianceUpper { CovarianceUpper { r, c in p[i, c, r] } }

  /// Whether every track's state and covariance are all finite.
  public var allFinite: Bool { x.allMatricesFinite() && p.allMatricesFinite() }

  /// Whether track `i`'s state and covariance are all finite.
  public func isFinite(_ i: Int) -> Bool { x.matrixIsFinite(i) && p.matrixIsFinite(i) }

  // MARK: Filter

  /// Predicts every track by `dt` seconds (constant velocity: F applied by its structure, Q rebuilt only
  /// when `dt` changes).
  /// - Throws: `LinearAlgebraError` from BLAS shape checks (not expected with consistent banks).
  public mutating func predictAll(dt: Double) throws {
    gated = nil
    projectedPose = nil
    guard x.count > 0 else { return }
    if dt != self.dt {
      self.dt = dt
      MotionModelMatrices.fill(q: &q, dt: dt, parameters: parameters, tracks: 1)
    }
    try InterleavedMatrices.predictConstantVelocity(states: &x, covariances: &p, dt: dt, plus: q)
    // A coasting track keeps turning at its rate: keep its azimuth in (−π, π] as the update does.
    x.transformElement(row: 0, column: 0, Angle.wrap)
  }

  /// Projects every track at `pose` (kept until a state changes; nothing to do when it is kept), four
  /// tracks per SIMD lane group.
  public mutating func project(pose: CameraPose) {
    if projectedPose == pose { return }
    let n = x.count
    projected.resize(to: n)
    if posedModel?.pose != pose { posedModel = (pose, model.projection(pose: pose)) }
    let posed = posedModel!.model
    for c in Swift.stride(from: 0, to: n, by: InterleavedMatrices.laneWidth) {
      // Padding lanes are projected from the zero state: theirs drift (the kernels update them with
      // zero measurements, which pull the log size toward −∞), and a log size or angle out of the lane
      // functions' range would send every frame through the C library's slow paths. Their results
      // are never read.
      let used = Swift.min(InterleavedMatrices.laneWidth, n - c)
      let states = LaneTrackStates(
        azimuth: x.lanes(from: c, row: 0, column: 0).firstLanes(used),
        elevation: x.lanes(from: c, row: 1, column: 0).firstLanes(used),
        logSize: x.lanes(from: c, row: 2, column: 0).firstLanes(used))
      let e = posed.evaluate(lanes: states)
      projected.setLanes(
        from: c, row: 0, column: 0, to: [e.u, e.v, e.h, e.duAz, e.duEl, e.dvAz, e.dvEl, e.dhLs])
    }
    projectedPose = pose
  }

  /// Track `i`'s predicted measurement at `pose`: box centre (normalized image coordinates, lower-left
  /// origin) and height (fraction of the image height); from `project(pose:)` when it was called for
  /// this pose and these states.
  public func predictedMeasurement(_ i: Int, pose: CameraPose) -> (u: Double, v: Double, h: Double) {
    if projectedPose == pose { return (projected[i, 0, 0], projected[i, 1, 0], projected[i, 2, 0]) }
    let e = model.evaluate(azimuth: x[i, 0, 0], elevation: x[i, 1, 0], logSize: x[i, 2, 0], pose: pose)
    return (e.u, e.v, e.h)
  }

  /// Squared Mahalanobis distances (NIS) of every observation from every track, written row-major
  /// (tracks × observations) into `out`; `allowed(track, observation)` false gives +∞ (a kind
  /// mismatch; nil: every pair, as for a caller that gates kinds itself). All observations of one call
  /// share `anchor` (what their `v` measures) and `scale`.
  public mutating func distances(
    measurements z: [(u: Double, v: Double, h: Double)], pose: CameraPose, anchor: VerticalAnchor,
    scale: MeasurementNoiseScale, into out: inout [Double], allowed: ((Int, Int) -> Bool)? = nil
  ) throws {
    let n = x.count
    let m = z.count
    out.removeAll(keepingCapacity: true)
    guard n > 0, m > 0 else { return }
    gated = nil
    project(pose: pose)
    try innovationCovariances(p, tracks: nil, noise: .shared(anchor, scale))
    gated = (pose, anchor, scale)
    if gateZ.columns < m { gateZ = Matrix(rows: 3, columns: Swift.max(m, 2 * gateZ.columns)) }
    for j in 0..<m {
      gateZ[0, j] = z[j].u
      gateZ[1, j] = z[j].v
      gateZ[2, j] = z[j].h
    }
    // NIS = yᵀ S⁻¹ y = |L⁻¹ y|².
    try innovation.squaredDistances(of: gateZ, columns: m, from: y, into: &out)
    guard let allowed else { return }
    for k in 0..<n {
      for j in 0..<m where !allowed(k, j) { out[k * m + j] = .infinity }
    }
  }

  /// ln det Sₖ of track `k`'s innovation covariance in the last `distances` call: with the NIS, the
  /// negative log-likelihood of a pair, ½(NIS + ln det S) + const.
  public func innovationLogDeterminant(_ k: Int) -> Double { innovation.logDeterminant(k) }

  /// Updates the tracks at `indices` (ascending, distinct) with one measurement each; `scales` and `anchors`
  /// per measurement. Each track's NIS is written to `nis`, in the order of `indices` (after a throw
  /// its contents are unspecified).
  public mutating func update(
    indices: [Int], measurements z: [(u: Double, v: Double, h: Double)], scales: [MeasurementNoiseScale],
    anchors: [VerticalAnchor], pose: CameraPose, nis: inout [Double]
  ) throws {
    let n = indices.count
    guard n > 0 else {
      nis.removeAll(keepingCapacity: true)
      return
    }
    // The gate's factors serve when the pose and every measurement's anchor and scale are the gate's.
    var reuse = false
    if let g = gated, g.pose == pose {
      reuse = true
      for b in 0..<n where anchors[b] != g.anchor || scales[b] != g.scale { reuse = false }
    }
    gated = nil
    if !reuse { project(pose: pose) }
    // Every track measured (the usual steady state): work on the banks in place, no gathering.
    let all = n == x.count
    var swapped = false
    // A throw below must not leave the tracks' banks swapped out.
    defer {
      if swapped {
        swap(&ux, &x)
        swap(&up, &p)
      }
    }
    if all {
      swap(&ux, &x)
      swap(&up, &p)
      swapped = true
    } else {
      ux.resize(to: n)
      up.resize(to: n)
      for (b, t) in indices.enumerated() {
        ux.copyMatrix(b, from: x, matrix: t)
        up.copyMatrix(b, from: p, matrix: t)
      }
    }
    if reuse {
      if !all {
        innovation.keepFilters(at: indices)
        y.keepMatrices(at: indices)
      }
    } else {
      // Most frames measure every box with one anchor and scale: then they are set once per frame.
      var shared = true
      for b in 1..<n where anchors[b] != anchors[0] || scales[b] != scales[0] { shared = false }
      try innovationCovariances(
        up, tracks: all ? nil : indices,
        noise: shared ? .shared(anchors[0], scales[0]) : .perFilter(anchors, scales))
    }
    // y holds the predicted measurements: the innovation is z − ẑ.
    for c in Swift.stride(from: 0, to: n, by: InterleavedMatrices.laneWidth) {
      let used = Swift.min(InterleavedMatrices.laneWidth, n - c)
      let (u, v, hz) = (
        Lanes.gathering(used) { z[c + $0].u }, Lanes.gathering(used) { z[c + $0].v },
        Lanes.gathering(used) { z[c + $0].h }
      )
      // Padding lanes hold whatever the kernels computed there: never reported (InterleavedMatrices).
      y.setLanes(
        from: c, row: 0, column: 0,
        to: [
          u - y.lanes(from: c, row: 0, column: 0), v - y.lanes(from: c, row: 1, column: 0),
          hz - y.lanes(from: c, row: 2, column: 0),
        ])
    }
    // With L the Cholesky factor of S, V = L⁻¹ H P and u = L⁻¹ y:
    // NIS = |u|², K y = (H P)ᵀ S⁻¹ y = Vᵀ u, K S Kᵀ = (H P)ᵀ S⁻¹ (H P) = Vᵀ V. Only forward solves.
    try innovation.update(
      states: &ux, covariances: &up, innovations: y, nis: &nis, notPositiveDefinite: &reset)
    // P − VᵀV can lose positive definiteness to cancellation when a measurement is far more precise
    // than the prediction (S nearly singular). Such a track starts its covariance afresh rather than
    // carry an indefinite one into the next frames (its state is kept).
    for b in reset {
      Self.setDiagonalCovariance(&up, track: b, standardDeviations: parameters.initialStandardDeviations)
    }
    projectedPose = nil
    if all {
      ux.transformElement(row: 0, column: 0, Angle.wrap)
    } else {
      for (b, t) in indices.enumerated() {
        x.copyMatrix(t, from: ux, matrix: b)
        x[t, 0, 0] = Angle.wrap(x[t, 0, 0])
        p.copyMatrix(t, from: up, matrix: b)
      }
    }
  }

  /// Track `track` of `bank` gets the covariance diag(sd²), sd in the state's order.
  private static func setDiagonalCovariance(
    _ bank: inout InterleavedMatrices, track: Int, standardDeviations sd: TrackState
  ) {
    for i in 0..<6 { for j in 0..<6 { bank[track, i, j] = i == j ? sd.component(i) * sd.component(i) : 0 } }
  }

  /// Fills `h`, the noise variances `r`, the predicted measurements (into `y`) and the factor of every
  /// S = H P Hᵀ + R, for the covariances `ps`; filter b is track `tracks[b]` of `projected` (`nil`:
  /// filter b is track b). Four filters per lane group (padding lanes included).
  private mutating func innovationCovariances(
    _ ps: InterleavedMatrices, tracks: [Int]?, noise: FilterNoise
  ) throws {
    let n = ps.count
    h.resize(to: n)
    r.resize(to: n)
    y.resize(to: n)
    let center = parameters.measurementNoiseCenter
    let size = parameters.measurementNoiseHeight
    let centerSlope = Lanes(repeating: parameters.measurementNoiseCenterSlope)
    let sizeSlope = Lanes(repeating: parameters.measurementNoiseHeightSlope)
    let scalesWithBox = parameters.measurementNoiseScalesWithBox
    let width = InterleavedMatrices.laneWidth
    for c in Swift.stride(from: 0, to: n, by: width) {
      let used = Swift.min(width, n - c)
      // The anchor's half-height offset and each measured value's factor on its standard deviation.
      let (half, ku, kv, kh): (Lanes, Lanes, Lanes, Lanes)
      switch noise {
      case .shared(let anchor, let scale):
        (half, ku, kv, kh) = (
          Lanes(repeating: anchor.sign / 2), Lanes(repeating: scale.u), Lanes(repeating: scale.v),
          Lanes(repeating: scale.h)
        )
      case .perFilter(let anchors, let scales):
        half = Lanes.gathering(used) { anchors[c + $0].sign / 2 }
        ku = Lanes.gathering(used) { scales[c + $0].u }
        kv = Lanes.gathering(used) { scales[c + $0].v }
        kh = Lanes.gathering(used) { scales[c + $0].h }
      }
      let e = Self.projectionLanes(projected, from: c, lanes: used, tracks: tracks)
      var (sc, ss) = (Lanes(repeating: center), Lanes(repeating: size))
      if scalesWithBox {
        // A detector's error is a share of the box: the floor plus a slope times the predicted height
        // (`TrackerParameters.measurementNoise(predictedHeight:)`, lane by lane).
        let box = e.h.replacing(with: 0, where: .!(e.h .> 0) .| .!(e.h .< .infinity))
        sc = sc + centerSlope * box
        ss = ss + sizeSlope * box
      }
      let (su, sv, sh) = (sc * ku, sc * kv, ss * kh)
      y.setLanes(from: c, row: 0, column: 0, to: [e.u, e.v + half * e.h, e.h])
      // H column by column (its zeros written too: they are zeros already).
      let zero = Lanes(repeating: 0)
      h.setLanes(
        from: c, row: 0, column: 0,
        to: [e.duAz, e.dvAz, zero, e.duEl, e.dvEl, zero, zero, half * e.dhLs, e.dhLs])
      r.setLanes(from: c, row: 0, column: 0, to: [su * su, sv * sv, sh * sh])
    }
    try innovation.factor(covariances: ps, jacobians: h, noiseVariances: r)
  }

  /// The anchor and noise scale of each filter's measurement: one pair for all, or one per filter.
  private enum FilterNoise {
    case shared(VerticalAnchor, MeasurementNoiseScale)
    case perFilter([VerticalAnchor], [MeasurementNoiseScale])
  }

  /// The projections of filters `first`…`first + lanes − 1` from `projected`, which are tracks
  /// `tracks[b]` (the tracks themselves when nil).
  @inline(__always)
  private static func projectionLanes(
    _ projected: InterleavedMatrices, from first: Int, lanes: Int, tracks: [Int]?
  ) -> LaneProjection {
    guard let tracks else {
      // Every track in its own lane (the usual case): no closure, which the compiler did not inline.
      return LaneProjection(
        u: projected.lanes(from: first, row: 0, column: 0),
        v: projected.lanes(from: first, row: 1, column: 0),
        h: projected.lanes(from: first, row: 2, column: 0),
        duAz: projected.lanes(from: first, row: 3, column: 0),
        duEl: projected.lanes(from: first, row: 4, column: 0),
        dvAz: projected.lanes(from: first, row: 5, column: 0),
        dvEl: projected.lanes(from: first, row: 6, column: 0),
        dhLs: projected.lanes(from: first, row: 7, column: 0))
    }
    func row(_ i: Int) -> Lanes { Lanes.gathering(lanes) { projected[tracks[first + $0], i, 0] } }
    return LaneProjection(
      u: row(0), v: row(1), h: row(2), duAz: row(3), duEl: row(4), dvAz: row(5), dvEl: row(6), dhLs: row(7))
  }
}

/// Four filters' values of one element, one per SIMD lane (`InterleavedMatrices.laneWidth`).
typealias Lanes = SIMD4<Double>

extension SIMD4<Double> {
  /// The first `lanes` lanes, zero beyond (`self` when all four are).
  @inline(__always)
  func firstLanes(_ lanes: Int) -> Self {
    lanes >= 4 ? self : Self(self[0], lanes > 1 ? self[1] : 0, lanes > 2 ? self[2] : 0, 0)
  }

  /// Lanes `value(0)`, … `value(lanes − 1)`, zero beyond. Built from four scalars at once: a scalar
  /// stored into one lane of a vector on the stack and the vector read back whole stalls the load
  /// (no store forwarding), which cost more than the arithmetic it fed.
  @inline(__always)
  static func gathering(_ lanes: Int, _ value: (Int) -> Double) -> Self {
    Self(value(0), lanes > 1 ? value(1) : 0, lanes > 2 ? value(2) : 0, lanes > 3 ? value(3) : 0)
  }
}

extension TrackState {
  /// Component `i` in the order of `components`, without building the array.
  fileprivate func component(_ i: Int) -> Double {
    switch i {
    case 0: azimuth
    case 1: elevation
    case 2: logSize
    case 3: azimuthRate
    case 4: elevationRate
    default: logSizeRate
    }
  }
}

extension TrackerParameters {
  /// The standard deviations of a new track's diagonal covariance, in the state's order (radians, ln
  /// radians, per second).
  public var initialStandardDeviations: TrackState {
    TrackState(
      azimuth: initialStdAngle, elevation: initialStdAngle, logSize: initialStdLogSize,
      azimuthRate: initialStdAngleRate, elevationRate: initialStdAngleRate, logSizeRate: initialStdLogSizeRate
    )
  }
}
