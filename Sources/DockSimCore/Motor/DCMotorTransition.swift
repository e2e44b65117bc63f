/// The exact (zero-order-hold) transition of ``DCMotorAxis`` over one step of `dt` seconds while its
/// dynamics are linear: torque below the limit, friction direction fixed, set-point held.
///
/// With `y = (θ, ω, I)` (rad, rad/s, rad), set-point `r` (rad/s) and Coulomb torque `f = τ_c·sgn(ω)`
/// (N·m) held over the step, the axis obeys the affine system
///
///     θ' = ω
///     ω' = (−(Kp + b)·ω + Ki·I + Kp·r − f) / J
///     I' = r − ω
///
/// whose solution after `dt` is `y(dt) = Φ·y(0) + γ_r·r + γ_f·f`. `Φ`, `γ_r` and `γ_f` are the first
/// three rows of `exp(M·dt)` for the 5×5 matrix `M` of the system augmented with the constant inputs
/// `r` and `f`, computed once here (scaling and squaring of a Taylor series, to about 1e-15 relative).
/// The transition over `dt/2` is kept too: the step checks the torque limit at the middle as well as
/// at both ends. See docs/integrator.md for the method and its error against RK4.
///
/// A class, immutable: a step reads its 30 coefficients through one reference, where a struct held
/// in the dock was copied (≈ 330 bytes, twice per tick) at every call.
public final class DCMotorTransition: Sendable {
  /// The parameters the matrices were computed for.
  public let parameters: AxisParameters
  /// The step, seconds.
  public let dt: Double
  let full: AffineMap
  let half: AffineMap

  /// The transition of an axis with `parameters` over `dt` seconds (> 0, finite).
  public init(parameters: AxisParameters, dt: Double) {
    precondition(dt > 0 && dt.isFinite, "the step must be positive and finite")
    self.parameters = parameters
    self.dt = dt
    full = AffineMap(Self.exponential(Self.generator(parameters), dt))
    half = AffineMap(Self.exponential(Self.generator(parameters), dt / 2))
  }

  /// `M`, row-major 5×5, over `(θ, ω, I, r, f)`; the inputs' rows are zero (held constant).
  static func generator(_ p: AxisParameters) -> [Double] {
    let j = p.inertia
    var m = [Double](repeating: 0, count: 25)
    m[0 * 5 + 1] = 1
    m[1 * 5 + 1] = -(p.velocityKp + p.viscousFriction) / j
    m[1 * 5 + 2] = p.velocityKi / j
    m[1 * 5 + 3] = p.velocityKp / j
    m[1 * 5 + 4] = -1 / j
    m[2 * 5 + 1] = -1
    m[2 * 5 + 3] = 1
    return m
  }

  /// `exp(m·t)` for a row-major 5×5 `m`: `m·t` scaled by 2^-s to norm ≤ 1/2, a Taylor series to 24
  /// terms (remainder below 1e-30 there), then squared s times.
  static func exponential(_ m: [Double], _ t: Double) -> [Double] {
    let n = 5
    var norm = 0.0
    for c in 0..<n {
      var column = 0.0
      for r in 0..<n { column += abs(m[r * n + c] * t) }
      norm = max(norm, column)
    }
    var squarings = 0
    var scale = t
    while norm > 0.5 && norm.isFinite {
      norm /= 2
      scale /= 2
      squarings += 1
    }
    let a = m.map { $0 * scale }
    // Four buffers for the whole computation: a transition is built once per run and axis, and
    // allocating per term would add hundreds of mallocs to every run.
    var result = identity(n)
    var term = identity(n)
    var product = [Double](repeating: 0, count: n * n)
    for k in 1...24 {
      multiply(term, a, n, into: &product)
      for i in term.indices {
        term[i] = product[i] / Double(k)
        result[i] += term[i]
      }
    }
    for _ in 0..<squarings {
      multiply(result, result, n, into: &product)
      swap(&result, &product)
    }
    return result
  }

  private static func identity(_ n: Int) -> [Double] {
    var m = [Double](repeating: 0, count: n * n)
    for i in 0..<n { m[i * n + i] = 1 }
    return m
  }

  private static func multiply(_ x: [Double], _ y: [Double], _ n: Int, into z: inout [Double]) {
    for i in z.indices { z[i] = 0 }
    for i in 0..<n {
      for k in 0..<n {
        let xik = x[i * n + k]
        for j in 0..<n { z[i * n + j] += xik * y[k * n + j] }
      }
    }
  }
}

/// `y ↦ Φ·y + γ_r·r + γ_f·f` over `y = (θ, ω, I)`, stored as plain fields so that a step is a few
/// multiply-adds on the stack.
struct AffineMap: Equatable, Sendable {
  var p00, p01, p02, p10, p11, p12, p20, p21, p22: Double
  var r0, r1, r2: Double
  var f0, f1, f2: Double

  /// The first three rows of a row-major 5×5 exponential.
  init(_ e: [Double]) {
    p00 = e[0]
    p01 = e[1]
    p02 = e[2]
    r0 = e[3]
    f0 = e[4]
    p10 = e[5]
    p11 = e[6]
    p12 = e[7]
    r1 = e[8]
    f1 = e[9]
    p20 = e[10]
    p21 = e[11]
    p22 = e[12]
    r2 = e[13]
    f2 = e[14]
  }

  @inline(__always)
  func apply(_ y: Vector3, reference r: Double, friction f: Double) -> Vector3 {
    Vector3(
      p00 * y.a + p01 * y.b + p02 * y.c + r0 * r + f0 * f,
      p10 * y.a + p11 * y.b + p12 * y.c + r1 * r + f1 * f,
      p20 * y.a + p21 * y.b + p22 * y.c + r2 * r + f2 * f)
  }
}
