import DockSimCore
import Foundation

/// The linear special case of the DC motor axis and its analytic step responses: the references the
/// RK4 and exact-step motor tests compare with.
enum LinearMotorLoop {
  /// No Coulomb friction, a torque limit never reached, no speed cap in the way.
  static func axis(ki: Double = 0) -> AxisParameters {
    AxisParameters(
      positionRange: nil, maximumSpeed: 100, inertia: 5e-4, viscousFriction: 1e-4, coulombFriction: 0,
      torqueLimit: 1e9, velocityKp: 0.1, velocityKi: ki, encoderCountsPerRevolution: 0)
  }
}

/// The step response of the proportional loop (Ki = 0) from rest to a constant set-point `r` (rad/s):
/// J ω' = Kp (r − ω) − b ω, so ω(t) = ω∞ (1 − e^{−t/τ}) with τ = J / (Kp + b), ω∞ = Kp r / (Kp + b).
struct PStepResponse {
  let tau: Double
  let steadyVelocity: Double

  init(_ p: AxisParameters, setPoint r: Double) {
    let k = p.velocityKp + p.viscousFriction
    tau = p.inertia / k
    steadyVelocity = p.velocityKp * r / k
  }

  /// ω(t), rad/s.
  func velocity(at t: Double) -> Double { steadyVelocity * (1 - exp(-t / tau)) }

  /// θ(t), rad, from θ(0) = 0.
  func position(at t: Double) -> Double { steadyVelocity * (t - tau * (1 - exp(-t / tau))) }
}

/// The step response of the PI loop (no Coulomb friction, no torque limit) from rest to a constant
/// set-point `r` (rad/s).
///
/// J ω'' + (Kp + b) ω' + Ki ω = Ki r with ω(0) = 0 and ω'(0) = Kp r / J, so
/// ω(t) = r + A e^{s1 t} + B e^{s2 t}, with A + B = −r and s1 A + s2 B = ω'(0).
struct PIStepResponse {
  let r: Double
  let s1: Double
  let s2: Double
  let coefA: Double
  let coefB: Double

  init(_ p: AxisParameters, setPoint r: Double) {
    let a = p.inertia
    let b = p.velocityKp + p.viscousFriction
    let c = p.velocityKi
    let disc = (b * b - 4 * a * c).squareRoot()
    self.r = r
    s1 = (-b + disc) / (2 * a)
    s2 = (-b - disc) / (2 * a)
    let d0 = p.velocityKp * r / p.inertia
    coefB = (d0 + s1 * r) / (s2 - s1)
    coefA = -r - coefB
  }

  /// ω(t), rad/s.
  func velocity(at t: Double) -> Double { r + coefA * exp(s1 * t) + coefB * exp(s2 * t) }

  /// θ(t), rad, from θ(0) = 0.
  func position(at t: Double) -> Double {
    r * t + coefA / s1 * (exp(s1 * t) - 1) + coefB / s2 * (exp(s2 * t) - 1)
  }
}
