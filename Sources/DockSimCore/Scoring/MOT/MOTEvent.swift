/// One CLEAR MOT decision of a frame, as py-motmetrics 1.4.0 names its event types (see
/// `docs/metrics.md`, "Multi-object tracking metrics").
public struct MOTEvent: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// The object kept or newly took the hypothesis it was last paired with (or its first one).
    case match = "MATCH"
    /// The object was paired with a different hypothesis than its last pair, however long ago: an
    /// identity switch (counted in `MOTSummary.numSwitches`).
    case identitySwitch = "SWITCH"
    /// The object was present and unpaired (a false negative).
    case miss = "MISS"
    /// The hypothesis was present and unpaired.
    case falsePositive = "FP"
  }

  public var kind: Kind
  /// The ground-truth id; nil for a false positive.
  public var object: Int?
  /// The hypothesis id; nil for a miss.
  public var hypothesis: Int?
  /// The pair's distance in normalized image units (MATCH and SWITCH); nil otherwise.
  public var distance: Double?

  public init(kind: Kind, object: Int?, hypothesis: Int?, distance: Double?) {
    self.kind = kind
    self.object = object
    self.hypothesis = hypothesis
    self.distance = distance
  }
}

/// The events of one frame, filled by `MOTAccumulator.observe(frame:groundTruth:hypotheses:events:)`.
///
/// Reuse one buffer for every frame: each observation clears it keeping its capacity, so once it has
/// grown to the largest frame nothing is allocated per frame.
public struct MOTFrameEvents: Sendable {
  /// The frame the events belong to; nil before the first observation.
  public private(set) var frame: Int?
  /// One event per ground-truth object of the frame (MATCH, SWITCH or MISS) in the order the objects
  /// were given, then one FP per unpaired hypothesis in the order the hypotheses were given.
  public private(set) var events: [MOTEvent] = []

  /// - Parameter capacity: events to reserve room for (objects plus hypotheses of a large frame).
  public init(capacity: Int = 0) {
    events.reserveCapacity(capacity)
  }

  mutating func start(frame: Int) {
    self.frame = frame
    events.removeAll(keepingCapacity: true)
  }

  mutating func append(_ event: MOTEvent) { events.append(event) }
}
