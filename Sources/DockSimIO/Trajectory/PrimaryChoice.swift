import DockSimCore
import Foundation

/// How `docksim import-trajectories --primary auto` picks the person the run is about: someone who
/// walks through the scene with others in view, preferably beside a companion (the hard case for
/// keeping the right person), chosen by rules with explicit tie-breaks so the same file gives the same
/// person.
public enum PrimaryChoice {
  /// Metres: a person this close to the primary at the same instant walks with them.
  public static let companionDistance = 1.2
  /// Share of the primary's samples with a companion that makes the pair "walking together".
  public static let companionShare = 0.5
  /// Metres between the first and last sample: less is standing about, not walking through.
  public static let minimumWalk = 2.0
  /// Seconds in the window: shorter is a passer-by at the edge of the window.
  public static let minimumPresence = 4.0
  /// Share of the primary's samples with at least one other person present.
  public static let othersShare = 0.5

  /// What was measured of one candidate, in scenario time and base-frame metres.
  public struct Candidate: Equatable, Sendable {
    public var id: Int
    public var presence: Double
    public var walk: Double
    /// Share of samples with another person within `companionDistance`, and the most frequent one.
    public var companionShare: Double
    public var companion: Int?
    public var othersShare: Double
    public var othersMost: Int

    /// Walks through the scene with others in view.
    public var eligible: Bool {
      presence >= PrimaryChoice.minimumPresence && walk >= PrimaryChoice.minimumWalk
        && othersShare >= PrimaryChoice.othersShare
    }
    public var hasCompanion: Bool { companionShare >= PrimaryChoice.companionShare }
  }

  /// Every person measured, in id order.
  public static func candidates(_ people: [RecordedPerson]) -> [Candidate] {
    // Samples at one instant share its microsecond: index positions by it once.
    var byTime: [Int64: [(id: Int, x: Double, y: Double)]] = [:]
    for p in people {
      for s in p.samples { byTime[micro(s.time), default: []].append((p.id, s.x, s.y)) }
    }
    return people.map { p in
      var withCompanion = 0
      var withOthers = 0
      var most = 0
      var companions: [Int: Int] = [:]
      for s in p.samples {
        let others = (byTime[micro(s.time)] ?? []).filter { $0.id != p.id }
        if !others.isEmpty { withOthers += 1 }
        most = max(most, others.count)
        // The nearest other person, ties to the lower id.
        var nearest: (id: Int, d: Double)?
        for o in others {
          let d = ((o.x - s.x) * (o.x - s.x) + (o.y - s.y) * (o.y - s.y)).squareRoot()
          if d <= companionDistance,
            nearest == nil || d < nearest!.d || (d == nearest!.d && o.id < nearest!.id)
          {
            nearest = (o.id, d)
          }
        }
        if let n = nearest {
          withCompanion += 1
          companions[n.id, default: 0] += 1
        }
      }
      let n = Double(p.samples.count)
      let first = p.samples.first!
      let last = p.samples.last!
      let companion = companions.keys.sorted().max { a, b in companions[a]! < companions[b]! }
      return Candidate(
        id: p.id, presence: last.time - first.time,
        walk: ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y))
          .squareRoot(),
        companionShare: Double(withCompanion) / n, companion: companion, othersShare: Double(withOthers) / n,
        othersMost: most)
    }
  }

  /// The chosen person: eligible ones first, then with a companion, then the longest presence, then
  /// the larger companion share, then the lower id.
  public static func choose(_ candidates: [Candidate]) -> Candidate? {
    candidates.min { a, b in
      if a.eligible != b.eligible { return a.eligible }
      if a.hasCompanion != b.hasCompanion { return a.hasCompanion }
      if a.presence != b.presence { return a.presence > b.presence }
      if a.companionShare != b.companionShare { return a.companionShare > b.companionShare }
      return a.id < b.id
    }
  }

  /// Why `c` was chosen, in one line.
  public static func reason(_ c: Candidate) -> String {
    var text =
      "p\(c.id) walks \(TrajectoryFormat.number(c.walk, digits: 1)) m over \(TrajectoryFormat.number(c.presence, digits: 1)) s "
      + "with others in view \(Int((c.othersShare * 100).rounded()))% of the time (up to \(c.othersMost))"
    if let companion = c.companion {
      text +=
        "; p\(companion) walks within \(NumberBounds.format(companionDistance)) m of them "
        + "\(Int((c.companionShare * 100).rounded()))% of the time"
    } else {
      text += "; nobody walks within \(NumberBounds.format(companionDistance)) m of them"
    }
    if !c.eligible { text += " (no one in the window walks through with others in view; best available)" }
    return text
  }

  static func micro(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) }
}
