import DockSimCore
import DockSimIO
import Foundation

/// The tuning specification a `trials.csv` was written under, kept beside it as `trials.spec`: one line
/// per part (`train`, `validation`, `parameters`, `objective`, `search`), each the part in canonical
/// text, so that `docksim tune --resume` compares the specification part by part and names what
/// differs instead of mixing the objectives of two specifications in one file.
///
/// The datasets are written as what a candidate is scored on, not as the paths given: each scenario
/// by its name, repetitions and digest as loaded (`ShardManifest.digest`, every stored property under
/// its suite's overrides), each log by its file name and a digest of its text. A specification moved
/// to another directory or machine therefore reads the same, and an edited scenario does not.
public struct TuneSpecFingerprint: Equatable, Sendable {
  /// One part of the specification and its canonical text (one line, line breaks escaped).
  public struct Part: Equatable, Sendable {
    public var name: String
    public var text: String
  }

  /// The file beside `trials.csv`.
  public static let fileName = "trials.spec"

  /// The most a `trials.spec` may hold: a specification's few lines, with room for thousands of
  /// scenarios in a dataset.
  static let maximumSize = 4 << 20

  static let heading =
    "# docksim tune: the specification trials.csv was written under (docs/tuning.md); --resume "
    + "refuses another\n"

  /// The parts, in file order.
  public var parts: [Part]

  /// The fingerprint of `spec` with its datasets expanded as the tuning runs them.
  ///
  /// - Throws: what loading a scenario or reading a log throws.
  static func of(_ spec: TuneSpec, train: TuneData, validation: TuneData) throws -> TuneSpecFingerprint {
    TuneSpecFingerprint(parts: [
      Part(name: "train", text: try dataset(train)),
      Part(name: "validation", text: try dataset(validation)),
      Part(name: "parameters", text: parameters(spec.parameters)),
      Part(name: "objective", text: objective(spec.objective)),
      Part(name: "search", text: search(spec.search)),
    ])
  }

  /// The text of `trials.spec`.
  public var text: String {
    Self.heading + parts.map { "\($0.name): \($0.text)\n" }.joined()
  }

  /// Reads the text of a `trials.spec`; `file` names it in errors.
  ///
  /// - Throws: `TuneError` naming the line that is not `part: text`.
  public static func parse(_ text: String, file: String) throws -> TuneSpecFingerprint {
    var parts: [Part] = []
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let colon = line.range(of: ": ") else {
        throw TuneError(
          "\(file):\(i + 1): expected 'part: text' as `docksim tune` writes it, got '\(line.prefix(80))'")
      }
      parts.append(Part(name: String(line[..<colon.lowerBound]), text: String(line[colon.upperBound...])))
    }
    return TuneSpecFingerprint(parts: parts)
  }

  /// Each part whose text differs between `old` (the file's) and this specification, as
  /// `part: was X, now Y`, in this specification's order and then any part only `old` has.
  public func differences(from old: TuneSpecFingerprint) -> [String] {
    func text(_ part: String, in f: TuneSpecFingerprint) -> String {
      f.parts.first { $0.name == part }?.text ?? "(absent)"
    }
    let names = parts.map(\.name) + old.parts.map(\.name).filter { n in !parts.contains { $0.name == n } }
    return names.compactMap { name in
      let (was, now) = (text(name, in: old), text(name, in: self))
      return was == now ? nil : "\(name): was \(was), now \(now)"
    }
  }

  // MARK: Canonical text of each part

  static func dataset(_ data: TuneData) throws -> String {
    var items: [String] = []
    for unit in data.scenarios {
      let scenario = try unit.load()
      items.append(
        "\(scenario.name) ×\(unit.repetitions) #\(ShardManifest.hex(ShardManifest.digest(scenario)))")
    }
    for log in data.logs {
      var item = "log \(try fileDigest(log.spec.log))"
      if let reference = log.spec.reference { item += " reference \(try fileDigest(reference))" }
      item += " hfov \(CSVFormat.cell(log.spec.horizontalFOV)) aspect \(CSVFormat.cell(log.spec.aspect))"
      item += " tracker #\(ShardManifest.hex(FNV1a.hash(CanonicalText.of(log.spec.tracker))))"
      items.append(item)
    }
    return items.isEmpty ? "none" : escaped(items.joined(separator: ", "))
  }

  /// `name #digest` of the file at `path`: its last component and FNV-1a of its bytes. The file was
  /// read and checked (size, UTF-8) when the dataset was expanded; this only hashes it again.
  static func fileDigest(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TuneError("\(path): cannot read the file again to record it in \(fileName)")
    }
    let digest = FNV1a.hash(String(decoding: data, as: UTF8.self))
    return "\((path as NSString).lastPathComponent) #\(ShardManifest.hex(digest))"
  }

  static func parameters(_ parameters: [TuneParameter]) -> String {
    guard !parameters.isEmpty else { return "none" }
    return escaped(
      parameters.map { p in
        var item = "\(p.path) "
        switch p.domain {
        case .real(let lower, let upper, let logarithmic):
          item += "real \(CSVFormat.cell(lower))...\(CSVFormat.cell(upper))" + (logarithmic ? " log" : "")
        case .integer(let lower, let upper, let logarithmic):
          item += "integer \(lower)...\(upper)" + (logarithmic ? " log" : "")
        case .choice(let values):
          item += "one of " + values.joined(separator: " | ")
        }
        if let start = p.start { item += " from \(start)" }
        return item
      }.joined(separator: ", "))
  }

  static func objective(_ objective: TuneObjective) -> String {
    var items = objective.terms.map { t in
      "\(t.weight < 0 ? "maximize" : "minimize") \(t.metric.name) ×\(CSVFormat.cell(abs(t.weight)))"
    }
    items += objective.constraints.map { c in
      var bound = c.metric.name
      if let minimum = c.minimum { bound = "\(CSVFormat.cell(minimum)) ≤ " + bound }
      if let maximum = c.maximum { bound += " ≤ \(CSVFormat.cell(maximum))" }
      return "constraint " + bound
    }
    return items.isEmpty ? "none" : items.joined(separator: ", ")
  }

  static func search(_ s: TuneSearch) -> String {
    "seed \(s.seed), \(s.initial.rawValue) with \(s.initialTrials) initial trials, \(s.method.rawValue), "
      + "budget \(s.budget), validate top \(s.validateTop), sensitivity step \(CSVFormat.cell(s.sensitivityStep))"
  }

  /// `text` on one line: `%` and line breaks percent-encoded (`%25`, `%0A`), since a choice may be any
  /// YAML scalar; anything else as it is.
  static func escaped(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: lineSafe) ?? text
  }

  private static let lineSafe = CharacterSet.newlines.union(CharacterSet(charactersIn: "%")).inverted
}
