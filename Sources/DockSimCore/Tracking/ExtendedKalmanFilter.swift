import DockMath

/// A constant-velocity EKF over `[az, el, ls, az_dot, el_dot, ls_dot]` with the pan/tilt pinhole
/// measurement `[u, v, h]`. All matrix algebra goes through DockMath (BLAS/LAPACK) on workspaces
/// allocated once, so a step allocates nothing.
///
///     predict:  x⁻ = F x,  P⁻ = F P Fᵀ + Q
///     update:   S = H P⁻ Hᵀ + R,  Kᵀ = S⁻¹ (H P⁻)          (Cholesky solve, never an inverse)
///               x = x⁻ + K y,  P = (I − K H) P⁻ (I − K H)ᵀ + K R Kᵀ   (Joseph form), symmetrized
///               nis = yᵀ S⁻¹ y
public struct ExtendedKalmanFilter: Sendable {
  public let model: MeasurementModel
  public let parameters: TrackerParameters
  /// State, 6×1.
  public private(set) var x = Matrix(rows: 6, columns: 1)
  /// Covariance, 6×6.
  public private(set) var p = Matrix(rows: 6, columns: 6)

  private var f = Matrix.identity(6)
  private var q = Matrix(rows: 6, columns: 6)
  private var lastDt = Double.nan
  private var r = Matrix(rows: 3, columns: 3)
  private var h = Matrix(rows: 3, columns: 6)
  private var hp = Matrix(rows: 3, columns: 6)
  private var s = Matrix(rows: 3, columns: 3)
  private var y = Matrix(rows: 3, columns: 1)
  private var w = Matrix(rows: 3, columns: 1)
  private var joseph = Matrix(rows: 6, columns: 6)
  private var scratch66 = Matrix(rows: 6, columns: 6)
  private var scratch63 = Matrix(rows: 6, columns: 3)
  private var xNext = Matrix(rows: 6, columns: 1)
  private var pNext = Matrix(rows: 6, columns: 6)

  public init(model: MeasurementModel, parameters: TrackerParameters) {
    self.model = model
    self.parameters = parameters
  }

  /// The current state as a value.
  public var state: TrackState {
    TrackState(
      azimuth: x[0, 0], elevation: x[1, 0], logSize: x[2, 0], azimuthRate: x[3, 0],
      elevationRate: x[4, 0], logSizeRate: x[5, 0])
  }

  /// The 21 upper-triangle entries of P, row by row.
  public var covarianceUpper: CovarianceUpper { CovarianceUpper { i, j in p[i, j] } }

  /// Starts from the exact inverse projection of a measurement, with the initial covariance.
  public mutating func initialize(u: Double, v: Double, height: Double, pose: CameraPose) {
    let s0 = model.initialState(u: u, v: v, h: height, pose: pose)
    x.setZero()
    x[0, 0] = s0.azimuth
    x[1, 0] = s0.elevation
    x[2, 0] = s0.logSize
    p.setZero()
    let sd = [
      parameters.initialStdAngle, parameters.initialStdAngle, parameters.initialStdLogSize,
      parameters.initialStdAngleRate, parameters.initialStdAngleRate, parameters.initialStdLogSizeRate,
    ]
    for i in 0..<6 { p[i, i] = sd[i] * sd[i] }
  }

  /// Time update by `dt` seconds.
  public mutating func predict(dt: Double) throws {
    if dt != lastDt { buildMotionModel(dt: dt) }
    try BLAS.gemm(f, x, into: &xNext)
    x.copy(from: xNext)
    pNext.copy(from: q)
    try BLAS.sandwich(f, p, into: &pNext, workspace: &scratch66, beta: 1)
    p.copy(from: pNext)
  }

  /// The normalized innovation squared a measurement would have, without updating.
  /// `noiseScale` multiplies the measurement standard deviations of (u, v, h) for this measurement.
  public mutating func mahalanobis(
    u: Double, v: Double, height: Double, pose: CameraPose, noiseScale: MeasurementNoiseScale = .one
  ) throws -> Double {
    try innovation(u: u, v: v, height: height, pose: pose, noiseScale: noiseScale)
    w.copy(from: y)
    try Cholesky.solve(factor: s, &w)
    return try BLAS.dot(y, w)
  }

  /// Measurement update; returns the NIS. `noiseScale` as in `mahalanobis`.
  @discardableResult
  public mutating func update(
    u: Double, v: Double, height: Double, pose: CameraPose, noiseScale: MeasurementNoiseScale = .one
  ) throws -> Double {
    try innovation(u: u, v: v, height: height, pose: pose, noiseScale: noiseScale)
    // hp becomes Kᵀ = S⁻¹ H P⁻.
    try Cholesky.solve(factor: s, &hp)
    w.copy(from: y)
    try Cholesky.solve(factor: s, &w)
    let nis = try BLAS.dot(y, w)
    try BLAS.gemm(hp, .transposed, y, into: &x, beta: 1)
    joseph.setIdentity()
    try BLAS.gemm(hp, .transposed, h, into: &joseph, alpha: -1, beta: 1)
    try BLAS.sandwich(joseph, p, into: &pNext, workspace: &scratch66)
    try BLAS.sandwich(hp, .transposed, r, into: &pNext, workspace: &scratch63, beta: 1)
    pNext.symmetrize()
    p.copy(from: pNext)
    x[0, 0] = Angle.wrap(x[0, 0])
    return nis
  }

  /// Fills H, y = z − h(x⁻), H·P⁻ and the Cholesky factor of S.
  private mutating func innovation(
    u: Double, v: Double, height: Double, pose: CameraPose, noiseScale: MeasurementNoiseScale
  ) throws {
    let m = model.evaluate(azimuth: x[0, 0], elevation: x[1, 0], logSize: x[2, 0], pose: pose)
    let (center, size) = parameters.measurementNoise(predictedHeight: m.h)
    r[0, 0] = (center * noiseScale.u) * (center * noiseScale.u)
    r[1, 1] = (center * noiseScale.v) * (center * noiseScale.v)
    r[2, 2] = (size * noiseScale.h) * (size * noiseScale.h)
    h[0, 0] = m.duAz
    h[0, 1] = m.duEl
    h[1, 0] = m.dvAz
    h[1, 1] = m.dvEl
    h[2, 2] = m.dhLs
    y[0, 0] = u - m.u
    y[1, 0] = v - m.v
    y[2, 0] = height - m.h
    try BLAS.gemm(h, p, into: &hp)
    s.copy(from: r)
    try BLAS.gemm(hp, h, .transposed, into: &s, beta: 1)
    try Cholesky.factor(&s)
  }

  private mutating func buildMotionModel(dt: Double) {
    lastDt = dt
    MotionModelMatrices.fill(f: &f, q: &q, dt: dt, parameters: parameters, tracks: 1)
  }
}
