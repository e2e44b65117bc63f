/// One track's filter state in plain storage: x = [az, el, ls, az_dot, el_dot, ls_dot] and the 6×6
/// covariance in column-major order. Fixed size: allocated once when the track starts.
public struct TrackFilterState: Equatable, Sendable {
  public var x: [Double]
  public var p: [Double]

  public init(x: [Double], p: [Double]) {
    precondition(x.count == 6 && p.count == 36, "a track state is 6 values and a 6×6 covariance")
    self.x = x
    self.p = p
  }

  /// Starts from the exact inverse projection of a measurement, with a diagonal covariance.
  public init(initial: TrackState, standardDeviations sd: [Double]) {
    x = initial.components
    p = Array(repeating: 0, count: 36)
    for i in 0..<6 { p[i * 7] = sd[i] * sd[i] }
  }

  public var state: TrackState {
    TrackState(
      azimuth: x[0], elevation: x[1], logSize: x[2], azimuthRate: x[3], elevationRate: x[4], logSizeRate: x[5]
    )
  }

  /// The 21 upper-triangle entries of P, row by row.
  public var covarianceUpper: CovarianceUpper { CovarianceUpper { i, j in p[j * 6 + i] } }

  /// Whether every value is finite.
  public var isFinite: Bool { x.allSatisfy(\.isFinite) && p.allSatisfy(\.isFinite) }
}
