import DockSimIO

/// One part of a run split across machines: shard `index` of `count` (0-based).
///
/// Work items are dealt round robin by their position in the ordered work list (`owns(_:)`), so every
/// shard gets a similar mix of the list whatever its order, and a shard's part depends on the list and
/// the count alone. The shard comes from a flag (`parse(_:source:)`, `--shard 2/4`) or from the variables
/// a job engine sets (`fromEnvironment(_:)`).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// This shard's number, from 0.
  public var index: Int
  /// How many shards the work is split into, at least 1.
  public var count: Int

  /// The largest accepted `count`: more shards than this is almost certainly a mistyped number, and
  /// every shard's manifest lists the whole work list.
  public static let maximumCount = 10_000

  /// Shard `index` of `count`; the caller guarantees `0 ≤ index < count` (use `parse` or
  /// `fromEnvironment` for outside input).
  public init(index: Int, count: Int) {
    precondition(count >= 1 && index >= 0 && index < count, "shard \(index)/\(count) out of range")
    self.index = index
    self.count = count
  }

  /// Whether the item at `position` (0-based) of the work list belongs to this shard: `position % count
  /// == index`.
  public func owns(_ position: Int) -> Bool { position % count == index }

  /// The items of `work` this shard owns (`owns(_:)` by position), in order.
  public func part<Item>(of work: [Item]) -> [Item] { work.indices.filter(owns).map { work[$0] } }

  /// `INDEX/COUNT`, as `--shard` takes it.
  public var description: String { "\(index)/\(count)" }

  /// Parses `INDEX/COUNT` (`2/4`: the third of four shards); `source` names the flag or variable the text
  /// came from in errors.
  ///
  /// - Throws: `ShardError` for anything but two non-negative integers with `INDEX < COUNT` and
  ///   `1 ≤ COUNT ≤ 10000`.
  public static func parse(_ text: String, source: String = "--shard") throws(ShardError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw ShardError(
        source: source,
        message: "expected INDEX/COUNT with 0 ≤ INDEX < COUNT (e.g. 2/4), got '\(text)'")
    }
    let index = try integer(String(parts[0]), source: source, part: "INDEX")
    let count = try shardCount(String(parts[1]), source: source, part: "COUNT")
    guard index < count else {
      throw ShardError(
        source: source,
        message:
          "expected INDEX < COUNT (INDEX counts from 0, so 0/\(count) to \(count - 1)/\(count)), got '\(text)'"
      )
    }
    return Shard(index: index, count: count)
  }

  /// The shard a job engine assigned to this process, or nil when no shard variable is set. Read in
  /// this order, the first one present winning:
  ///
  /// 1. `DOCKSIM_SHARD=INDEX/COUNT` (any engine; e.g. a CI matrix).
  /// 2. `JOB_COMPLETION_INDEX` (a Kubernetes indexed Job) with the count from `DOCKSIM_SHARD_COUNT`,
  ///    which Kubernetes does not provide (set it to the Job's `completions`).
  /// 3. `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT` (a Slurm job array): the index is the task
  ///    id minus `SLURM_ARRAY_TASK_MIN` when set, divided by `SLURM_ARRAY_TASK_STEP` when set, so
  ///    `--array=1-4` and `--array=0-12:4` both give shards 0…3.
  /// 4. `TEST_SHARD_INDEX` with `TEST_TOTAL_SHARDS` (Bazel's test sharding).
  ///
  /// - Throws: `ShardError` naming the variable(s) and what was expected when a value is not a
  ///   non-negative integer, a count is outside 1…10000, the index is not below the count, one
  ///   variable of a pair is missing, or `DOCKSIM_SHARD_COUNT` is set without an index: a half-configured
  ///   shard must not silently run the whole work list.
  public static func fromEnvironment(_ env: [String: String]) throws(ShardError) -> Shard? {
    if let text = env["DOCKSIM_SHARD"] { return try parse(text, source: "DOCKSIM_SHARD") }
    if let text = env["JOB_COMPLETION_INDEX"] {
      guard let countText = env["DOCKSIM_SHARD_COUNT"] else {
        throw ShardError(
          source: "JOB_COMPLETION_INDEX",
          message:
            "set (\(text)) but DOCKSIM_SHARD_COUNT is not; expected DOCKSIM_SHARD_COUNT set to the number of shards (the indexed Job's completions)"
        )
      }
      let index = try integer(text, source: "JOB_COMPLETION_INDEX")
      let count = try shardCount(countText, source: "DOCKSIM_SHARD_COUNT")
      return try checked(
        index, count,
        source: "JOB_COMPLETION_INDEX=\(text) with DOCKSIM_SHARD_COUNT=\(countText)")
    }
    if let text = env["SLURM_ARRAY_TASK_ID"] { return try slurm(text, env) }
    if env["TEST_SHARD_INDEX"] != nil || env["TEST_TOTAL_SHARDS"] != nil {
      guard let text = env["TEST_SHARD_INDEX"], let countText = env["TEST_TOTAL_SHARDS"] else {
        throw ShardError(
          source: "TEST_SHARD_INDEX and TEST_TOTAL_SHARDS",
          message: "expected both set (Bazel test sharding), got only one")
      }
      let index = try integer(text, source: "TEST_SHARD_INDEX")
      let count = try shardCount(countText, source: "TEST_TOTAL_SHARDS")
      return try checked(
        index, count, source: "TEST_SHARD_INDEX=\(text) with TEST_TOTAL_SHARDS=\(countText)")
    }
    if let countText = env["DOCKSIM_SHARD_COUNT"] {
      throw ShardError(
        source: "DOCKSIM_SHARD_COUNT",
        message:
          "set (\(countText)) but no shard index is; expected JOB_COMPLETION_INDEX (a Kubernetes indexed Job) beside it, or DOCKSIM_SHARD=INDEX/COUNT instead"
      )
    }
    return nil
  }

  /// A Slurm array task: its id relative to the array's first id, in steps.
  private static func slurm(_ text: String, _ env: [String: String]) throws(ShardError) -> Shard {
    guard let countText = env["SLURM_ARRAY_TASK_COUNT"] else {
      throw ShardError(
        source: "SLURM_ARRAY_TASK_ID",
        message:
          "set (\(text)) but SLURM_ARRAY_TASK_COUNT is not; expected both, as Slurm sets them for a job array"
      )
    }
    let id = try integer(text, source: "SLURM_ARRAY_TASK_ID")
    let count = try shardCount(countText, source: "SLURM_ARRAY_TASK_COUNT")
    var source = "SLURM_ARRAY_TASK_ID=\(text)"
    var offset = id
    if let minText = env["SLURM_ARRAY_TASK_MIN"] {
      let minimum = try integer(minText, source: "SLURM_ARRAY_TASK_MIN")
      source += " minus SLURM_ARRAY_TASK_MIN=\(minText)"
      guard id >= minimum else {
        throw ShardError(source: source, message: "expected a task id at least the array's minimum")
      }
      offset = id - minimum
    }
    if let stepText = env["SLURM_ARRAY_TASK_STEP"] {
      let step = try integer(stepText, source: "SLURM_ARRAY_TASK_STEP")
      guard step >= 1 else {
        throw ShardError(
          source: "SLURM_ARRAY_TASK_STEP", message: "expected an integer ≥ 1, got '\(stepText)'")
      }
      source += " in steps of SLURM_ARRAY_TASK_STEP=\(stepText)"
      guard offset % step == 0 else {
        throw ShardError(
          source: source,
          message: "expected a task id on the array's steps (a range with a step, --array=A-B:S)")
      }
      offset /= step
    }
    return try checked(offset, count, source: source + " with SLURM_ARRAY_TASK_COUNT=\(countText)")
  }

  private static func checked(_ index: Int, _ count: Int, source: String) throws(ShardError) -> Shard {
    guard index < count else {
      throw ShardError(
        source: source,
        message:
          "gives shard index \(index); expected an index below the count \(count) (indices count from 0)")
    }
    return Shard(index: index, count: count)
  }

  /// A non-negative integer in ASCII digits: no sign, no spaces, no fraction.
  private static func integer(_ text: String, source: String, part: String? = nil) throws(ShardError) -> Int {
    // The digit rule of the tables read back (`CSVNumber.count`): no sign, no spaces, no fraction.
    guard let value = try? CSVNumber.count(text) else {
      throw ShardError(
        source: source,
        message: "\(part.map { "\($0): " } ?? "")expected a non-negative integer, got '\(text)'")
    }
    return value
  }

  private static func shardCount(_ text: String, source: String, part: String? = nil) throws(ShardError)
    -> Int
  {
    let label = part.map { "\($0): " } ?? ""
    guard let value = try? CSVNumber.count(text), (1...maximumCount).contains(value) else {
      throw ShardError(
        source: source,
        message: "\(label)expected a shard count, an integer in 1...\(maximumCount), got '\(text)'")
    }
    return value
  }
}

/// A shard given wrongly: the flag or environment variable(s) and what was expected.
///
/// The description reads `<source>: <message>`, e.g. `--shard: expected INDEX < COUNT …, got '4/4'`.
public struct ShardError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The flag or variable(s) the value came from (`--shard`, `JOB_COMPLETION_INDEX=3 with …`).
  public let source: String
  /// What was wrong, saying what was expected.
  public let message: String
  public init(source: String, message: String) {
    self.source = source
    self.message = message
  }
  public var description: String { "\(source): \(message)" }
}
