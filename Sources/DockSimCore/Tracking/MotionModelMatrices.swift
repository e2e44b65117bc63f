import DockMath

/// The constant-velocity motion model with white-noise acceleration, written into block-diagonal
/// matrices (one 6×6 block per track; one block for a single filter):
///
///     F = [[I3, dt·I3], [0, I3]]
///     Q[i][i] = q_i·dt³/3,  Q[i][i+3] = Q[i+3][i] = q_i·dt²/2,  Q[i+3][i+3] = q_i·dt
///
/// with `q = (processNoiseAngle, processNoiseAngle, processNoiseLogSize)` for (az, el, ls).
enum MotionModelMatrices {
  static func fill(f: inout Matrix, q: inout Matrix, dt: Double, parameters: TrackerParameters, tracks: Int) {
    f.setIdentity()
    for b in 0..<tracks {
      for i in 0..<3 { f[6 * b + i, 6 * b + i + 3] = dt }
    }
    fill(q: &q, dt: dt, parameters: parameters, tracks: tracks)
  }

  /// Q alone, for a prediction that applies F by its structure (`InterleavedMatrices.predictConstantVelocity`).
  static func fill(q: inout Matrix, dt: Double, parameters: TrackerParameters, tracks: Int) {
    q.setZero()
    let qs = [parameters.processNoiseAngle, parameters.processNoiseAngle, parameters.processNoiseLogSize]
    for b in 0..<tracks {
      let o = 6 * b
      for i in 0..<3 {
        q[o + i, o + i] = qs[i] * dt * dt * dt / 3
        q[o + i, o + i + 3] = qs[i] * dt * dt / 2
        q[o + i + 3, o + i] = q[o + i, o + i + 3]
        q[o + i + 3, o + i + 3] = qs[i] * dt
      }
    }
  }
}
