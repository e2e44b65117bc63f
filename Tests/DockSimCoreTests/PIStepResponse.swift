import DockSimCore
import Foundation

/// The analytic step response of the linear PI velocity loop (no Coulomb friction, no torque limit),
/// from rest, to a constant set-point `r` (rad/s): the reference the motor tests compare with.
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
