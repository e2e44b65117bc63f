import DockSimCore
import Foundation

/// Row-major 6×6, 3×6, 6×3 and 3×3 matrices of Doubles in fixed-size inline arrays: no heap storage,
/// no BLAS. (Concrete types rather than one type generic over its size: a `struct Fixed<let count:
/// Int>` version of this file ran 35× slower, its accesses apparently not specialized.)
struct M66 {
  var e = InlineArray<36, Double>(repeating: 0)
  @inline(__always) subscript(i: Int, j: Int) -> Double {
    get { e[i * 6 + j] }
    set { e[i * 6 + j] = newValue }
  }
}

struct M36 {
  var e = InlineArray<18, Double>(repeating: 0)
  @inline(__always) subscript(i: Int, j: Int) -> Double {
    get { e[i * 6 + j] }
    set { e[i * 6 + j] = newValue }
  }
}

struct M63 {
  var e = InlineArray<18, Double>(repeating: 0)
  @inline(__always) subscript(i: Int, j: Int) -> Double {
    get { e[i * 3 + j] }
    set { e[i * 3 + j] = newValue }
  }
}

struct M33 {
  var e = InlineArray<9, Double>(repeating: 0)
  @inline(__always) subscript(i: Int, j: Int) -> Double {
    get { e[i * 3 + j] }
    set { e[i * 3 + j] = newValue }
  }
}

typealias V6 = InlineArray<6, Double>
typealias V3 = InlineArray<3, Double>

/// The same filter as `DockSimCore.ExtendedKalmanFilter` — constant-velocity state
/// `[az, el, ls, az_dot, el_dot, ls_dot]`, measurement `[u, v, h]` through `MeasurementModel` — with
/// every product written as plain dense loops over fixed-size inline storage. It follows the BLAS
/// version operation for operation (full 6×6 products, no use of the sparsity of F or H, Joseph-form
/// update, Cholesky solves, symmetrization), so the two do the same arithmetic up to summation order
/// and fused multiply-adds inside OpenBLAS, and the benchmark compares the cost of the calls, not
/// of a cleverer algorithm.
struct DenseEKF {
  let model: MeasurementModel
  let parameters: TrackerParameters
  var x = V6(repeating: 0)
  var p = M66()
  private var f = M66()
  private var q = M66()
  private var lastDt = Double.nan

  init(model: MeasurementModel, parameters: TrackerParameters) {
    self.model = model
    self.parameters = parameters
  }

  var state: TrackState {
    TrackState(
      azimuth: x[0], elevation: x[1], logSize: x[2], azimuthRate: x[3], elevationRate: x[4],
      logSizeRate: x[5])
  }

  mutating func initialize(u: Double, v: Double, height: Double, pose: CameraPose) {
    let s0 = model.initialState(u: u, v: v, h: height, pose: pose)
    x = V6(repeating: 0)
    x[0] = s0.azimuth
    x[1] = s0.elevation
    x[2] = s0.logSize
    p = M66()
    let a = parameters.initialStdAngle
    let l = parameters.initialStdLogSize
    let ar = parameters.initialStdAngleRate
    let lr = parameters.initialStdLogSizeRate
    let sd: V6 = [a, a, l, ar, ar, lr]
    for i in 0..<6 { p[i, i] = sd[i] * sd[i] }
  }

  /// x⁻ = F x,  P⁻ = (F P) Fᵀ + Q.
  mutating func predict(dt: Double) {
    if dt != lastDt { buildMotionModel(dt: dt) }
    var xNext = V6(repeating: 0)
    for i in 0..<6 {
      var s = 0.0
      for k in 0..<6 { s += f[i, k] * x[k] }
      xNext[i] = s
    }
    x = xNext
    var fp = M66()
    for i in 0..<6 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<6 { s += f[i, k] * p[k, j] }
        fp[i, j] = s
      }
    }
    var pNext = M66()
    for i in 0..<6 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<6 { s += fp[i, k] * f[j, k] }
        pNext[i, j] = s + q[i, j]
      }
    }
    p = pNext
  }

  /// Joseph-form update; returns the NIS.
  @discardableResult
  mutating func update(u: Double, v: Double, height: Double, pose: CameraPose) -> Double {
    // Innovation: R, H, y = z − h(x⁻), HP = H·P⁻, S = HP·Hᵀ + R, and S's Cholesky factor.
    let m = model.evaluate(azimuth: x[0], elevation: x[1], logSize: x[2], pose: pose)
    // The noise the filters assume for a box as tall as the one predicted (floor + slope × height).
    let (center, size) = parameters.measurementNoise(predictedHeight: m.h)
    var r = M33()
    r[0, 0] = center * center
    r[1, 1] = center * center
    r[2, 2] = size * size
    var h = M36()
    h[0, 0] = m.duAz
    h[0, 1] = m.duEl
    h[1, 0] = m.dvAz
    h[1, 1] = m.dvEl
    h[2, 2] = m.dhLs
    let y: V3 = [u - m.u, v - m.v, height - m.h]
    var hp = M36()
    for i in 0..<3 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<6 { s += h[i, k] * p[k, j] }
        hp[i, j] = s
      }
    }
    var l = M33()
    for i in 0..<3 {
      for j in 0..<3 {
        var s = 0.0
        for k in 0..<6 { s += hp[i, k] * h[j, k] }
        l[i, j] = s + r[i, j]
      }
    }
    Self.choleskyInPlace(&l)

    // Kᵀ = S⁻¹·HP (column by column), w = S⁻¹·y, NIS = yᵀw.
    var kt = hp
    for j in 0..<6 {
      let col = Self.choleskySolve(l, [kt[0, j], kt[1, j], kt[2, j]])
      for i in 0..<3 { kt[i, j] = col[i] }
    }
    let w = Self.choleskySolve(l, y)
    var nis = 0.0
    for i in 0..<3 { nis += y[i] * w[i] }

    // x = x⁻ + K·y.
    for i in 0..<6 {
      var s = 0.0
      for k in 0..<3 { s += kt[k, i] * y[k] }
      x[i] = s + x[i]
    }
    // J = I − K·H;  P = J·P⁻·Jᵀ + K·R·Kᵀ, then (P + Pᵀ)/2.
    var joseph = M66()
    for i in 0..<6 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<3 { s += kt[k, i] * h[k, j] }
        joseph[i, j] = (i == j ? 1 : 0) - s
      }
    }
    var jp = M66()
    for i in 0..<6 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<6 { s += joseph[i, k] * p[k, j] }
        jp[i, j] = s
      }
    }
    var pNext = M66()
    for i in 0..<6 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<6 { s += jp[i, k] * joseph[j, k] }
        pNext[i, j] = s
      }
    }
    var kr = M63()  // K·R, 6×3
    for i in 0..<6 {
      for j in 0..<3 {
        var s = 0.0
        for k in 0..<3 { s += kt[k, i] * r[k, j] }
        kr[i, j] = s
      }
    }
    for i in 0..<6 {
      for j in 0..<6 {
        var s = 0.0
        for k in 0..<3 { s += kr[i, k] * kt[k, j] }
        pNext[i, j] = s + pNext[i, j]
      }
    }
    for i in 0..<6 {
      for j in (i + 1)..<6 {
        let mean = 0.5 * (pNext[i, j] + pNext[j, i])
        pNext[i, j] = mean
        pNext[j, i] = mean
      }
    }
    p = pNext
    x[0] = Angle.wrap(x[0])
    return nis
  }

  private mutating func buildMotionModel(dt: Double) {
    lastDt = dt
    f = M66()
    q = M66()
    for i in 0..<6 { f[i, i] = 1 }
    let qs: V3 = [parameters.processNoiseAngle, parameters.processNoiseAngle, parameters.processNoiseLogSize]
    for i in 0..<3 {
      f[i, i + 3] = dt
      q[i, i] = qs[i] * dt * dt * dt / 3
      q[i, i + 3] = qs[i] * dt * dt / 2
      q[i + 3, i] = q[i, i + 3]
      q[i + 3, i + 3] = qs[i] * dt
    }
  }

  /// Lower Cholesky factor of a 3×3 SPD matrix in place (upper triangle zeroed).
  private static func choleskyInPlace(_ a: inout M33) {
    for j in 0..<3 {
      var d = a[j, j]
      for k in 0..<j { d -= a[j, k] * a[j, k] }
      let ljj = d.squareRoot()
      a[j, j] = ljj
      for i in (j + 1)..<3 {
        var s = a[i, j]
        for k in 0..<j { s -= a[i, k] * a[j, k] }
        a[i, j] = s / ljj
      }
      for i in 0..<j { a[i, j] = 0 }
    }
  }

  /// Solves L·Lᵀ·x = b by forward then back substitution.
  private static func choleskySolve(_ l: M33, _ b: V3) -> V3 {
    var z = b
    for i in 0..<3 {
      var s = z[i]
      for k in 0..<i { s -= l[i, k] * z[k] }
      z[i] = s / l[i, i]
    }
    for i in stride(from: 2, through: 0, by: -1) {
      var s = z[i]
      for k in (i + 1)..<3 { s -= l[k, i] * z[k] }
      z[i] = s / l[i, i]
    }
    return z
  }
}
