/// How a trial ranks: failed trials last, then infeasible ones by how far they break the constraints,
/// then feasible ones by objective (lower is better).
public struct TrialScore: Comparable, Sendable, Equatable {
  public enum Status: String, Sendable {
    case ok
    case infeasible
    case failed
  }
  public var status: Status
  /// Σ weight × metric; nil when the trial failed.
  public var objective: Double?
  /// How far outside the constraints the values lie (0 when feasible).
  public var violation: Double

  public init(status: Status, objective: Double?, violation: Double) {
    self.status = status
    self.objective = objective
    self.violation = violation
  }

  public static let failed = TrialScore(status: .failed, objective: nil, violation: .infinity)

  private var key: (Int, Double, Double) {
    switch status {
    case .ok: return (0, objective ?? .infinity, 0)
    case .infeasible: return (1, violation, objective ?? .infinity)
    case .failed: return (2, 0, 0)
    }
  }

  public static func < (a: TrialScore, b: TrialScore) -> Bool { a.key < b.key }
  public static func == (a: TrialScore, b: TrialScore) -> Bool { a.key == b.key }
}
