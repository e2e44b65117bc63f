/// Nelder–Mead simplex search in the unit cube, on ranks alone.
///
/// The method only ever compares scores, never subtracts them, which is what lets a constrained
/// objective (feasible before infeasible, then by objective) drive it unchanged. Points are clamped
/// to [0, 1]. When the simplex has collapsed (all vertices within `tolerance` of the best on every
/// axis) it restarts around the best vertex with half the step, until the step falls below
/// `minimumStep` or the budget is spent.
public struct NelderMead {
  public var step = 0.2
  public var minimumStep = 0.02
  public var tolerance = 1e-3
  /// Reflection, expansion, contraction and shrink coefficients (the standard 1, 2, ½, ½).
  let alpha = 1.0
  let gamma = 2.0
  let rho = 0.5
  let sigma = 0.5

  public init() {}

  /// Why the search stopped.
  public enum Stop: String, Sendable {
    case budget = "the evaluation budget is spent"
    case converged = "the simplex converged"
  }

  /// Improves on `start` (already evaluated as `startScore`) with at most `budget` evaluations.
  /// `evaluate` scores a batch of points in order; the points of a batch are independent, so the
  /// caller may evaluate them in parallel.
  public func minimize(
    start: [Double], startScore: TrialScore, budget: Int,
    evaluate: ([[Double]]) throws -> [TrialScore]
  ) throws -> Stop {
    let d = start.count
    var left = budget
    var best = (point: start, score: startScore)
    var step = self.step
    while true {
      // A simplex: the best point and one step along each axis (backwards where forwards leaves the cube).
      guard left >= d else { return .budget }
      var simplex: [(point: [Double], score: TrialScore)] = [best]
      let axes: [[Double]] = (0..<d).map { i in
        var p = best.point
        p[i] = p[i] + step <= 1 ? p[i] + step : p[i] - step
        return p
      }
      let scores = try evaluate(axes)
      left -= d
      simplex += zip(axes, scores).map { ($0, $1) }
      let outcome = try iterate(&simplex, left: &left, evaluate: evaluate)
      best = simplex[0]
      if outcome == .budget { return .budget }
      step /= 2
      if step < minimumStep { return .converged }
    }
  }

  /// Runs the simplex until it collapses or the budget runs out; `simplex` ends sorted best first.
  private func iterate(
    _ simplex: inout [(point: [Double], score: TrialScore)], left: inout Int,
    evaluate: ([[Double]]) throws -> [TrialScore]
  ) throws -> Stop {
    let d = simplex.count - 1
    func sort() {
      // Stable on ties: an older vertex stays ahead of a newer one with the same score.
      let order = simplex.indices.sorted { a, b in
        simplex[a].score != simplex[b].score ? simplex[a].score < simplex[b].score : a < b
      }
      simplex = order.map { simplex[$0] }
    }
    func clamp(_ p: [Double]) -> [Double] { p.map { min(1, max(0, $0)) } }
    func one(_ p: [Double]) throws -> TrialScore {
      left -= 1
      return try evaluate([p])[0]
    }
    while true {
      sort()
      let spread =
        simplex.dropFirst().map { v in
          zip(v.point, simplex[0].point).map { abs($0 - $1) }.max() ?? 0
        }.max() ?? 0
      if spread < tolerance { return .converged }
      guard left >= 1 else { return .budget }
      let worst = simplex[d]
      var centroid = Array(repeating: 0.0, count: d)
      for v in simplex.dropLast() { for j in 0..<d { centroid[j] += v.point[j] / Double(d) } }
      func toward(_ p: [Double], _ t: Double) -> [Double] {
        clamp((0..<d).map { centroid[$0] + t * (p[$0] - centroid[$0]) })
      }
      let reflected = toward(worst.point, -alpha)
      let r = try one(reflected)
      if r < simplex[0].score {
        guard left >= 1 else {
          simplex[d] = (reflected, r)
          sort()
          return .budget
        }
        let expanded = toward(worst.point, -alpha * gamma)
        let e = try one(expanded)
        simplex[d] = e < r ? (expanded, e) : (reflected, r)
        continue
      }
      if r < simplex[d - 1].score {
        simplex[d] = (reflected, r)
        continue
      }
      guard left >= 1 else {
        sort()
        return .budget
      }
      let outside = r < worst.score
      let contracted = outside ? toward(reflected, rho) : toward(worst.point, rho)
      let c = try one(contracted)
      if outside ? !(r < c) : c < worst.score {
        simplex[d] = (contracted, c)
        continue
      }
      guard left >= d else {
        sort()
        return .budget
      }
      let best = simplex[0].point
      let shrunk = simplex.dropFirst().map { v in
        clamp((0..<d).map { best[$0] + sigma * (v.point[$0] - best[$0]) })
      }
      let scores = try evaluate(shrunk)
      left -= d
      for (k, p) in shrunk.enumerated() { simplex[k + 1] = (p, scores[k]) }
    }
  }
}
