import DockSimCore
import DockSimIO
import Foundation
import Testing

/// `docksim replay`'s tracker options are `TrackerParameters.table`'s: every option the table gives is
/// accepted (each at its default changes nothing, under either tracker that reads it), and a bad value
/// of any of them exits 2 naming the option and what it expects.
struct ReplayTrackerOptionsTests {
  static let log = CLI.repository.appendingPathComponent("Tests/Fixtures/replay/K1_log.csv").path
  static let table = TrackerParameters.table

  /// The option's default as typed: a number of degrees that converts to the stored radians exactly.
  static func defaultText(_ option: TrackerOption) -> String {
    if let words = option.words {
      return table.defaultValue(of: option.parameter) == .boolean(true) ? words.whenTrue : words.whenFalse
    }
    let value = table.defaultValue(of: option.parameter)
    guard case .degrees(let path, _) = option.parameter.kind, case .number(let degrees) = value else {
      return "\(value)"
    }
    let radians = table.defaults[keyPath: path]
    var candidates = [degrees]
    for _ in 0..<16 { candidates += [candidates.last!.nextUp, candidates[0].nextDown] }
    return "\(candidates.first { Angle.radians(degrees: $0) == radians } ?? degrees)"
  }

  @Test(arguments: ["multi", "gnn"])
  func everyOptionAtItsDefaultChangesNothing(_ tracker: String) throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let reader: ParameterReaders = tracker == "gnn" ? .gnnReference : .multiTargetTracker
    let options = TrackerParameterInput.replayOptions.filter { $0.parameter.readers.contains(reader) }
    #expect(options.count == (tracker == "gnn" ? 11 : 30))
    let plain = tmp.appendingPathComponent("plain.csv")
    let given = tmp.appendingPathComponent("given.csv")
    let common = ["replay", Self.log, "--hfov-rad", "1.2", "--tracker", tracker]
    let a = try CLI.run(common + ["-o", plain.path])
    let b = try CLI.run(common + ["-o", given.path] + options.flatMap { [$0.flag, Self.defaultText($0)] })
    #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
    #expect(try Data(contentsOf: plain) == (try Data(contentsOf: given)))
  }

  @Test func everyOptionRefusesABadValueNamingIt() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    for (k, option) in TrackerParameterInput.replayOptions.enumerated() {
      let bad: String
      let says: String
      switch option.parameter.kind {
      case .number(_, let bounds), .degrees(_, let bounds):
        bad = "1e6"
        says = "expected a number <= \(NumberBounds.format(bounds.upper!)), got 1e6"
      case .integer:
        bad = "0.5"
        says = "expected \(option.parameter.expectation(in: Self.table.defaults)), got 0.5"
      case .boolean:
        bad = "perhaps"
        says =
          option.words.map { "expected one of '\($0.whenTrue)' and '\($0.whenFalse)', got 'perhaps'" }
          ?? "expected true or false, got the string \"perhaps\""
      }
      let out = tmp.appendingPathComponent("out\(k).csv")
      let r = try CLI.run(["replay", Self.log, "-o", out.path, option.flag, bad])
      #expect(r.status == 2, "\(option.flag) \(bad): exit \(r.status)")
      #expect(r.stderr == "docksim: \(option.flag): \(says)\n", "\(option.flag) \(bad)")
      #expect(!FileManager.default.fileExists(atPath: out.path))
      if option.refusedByGNN {
        let gnn = try CLI.run(
          ["replay", Self.log, "-o", out.path, "--tracker", "gnn", option.flag, Self.defaultText(option)])
        #expect(
          gnn.status == 2 && gnn.stderr.hasPrefix("docksim: \(option.flag): applies to --tracker multi"))
      }
    }
    // A negative number is a value, not a missing one: every numeric option names itself and its
    // range (before, `--max-coast-s -1` said "Missing value").
    for (k, option) in TrackerParameterInput.replayOptions.enumerated() {
      guard case .number(_, let bounds) = option.parameter.kind, let lower = bounds.lower, lower >= 0 else {
        continue
      }
      let out = tmp.appendingPathComponent("negative\(k).csv")
      let r = try CLI.run(["replay", Self.log, "-o", out.path, option.flag, "-1"])
      #expect(r.status == 2, "\(option.flag) -1: exit \(r.status)")
      #expect(r.stderr.hasPrefix("docksim: \(option.flag): expected a number"), "\(option.flag): \(r.stderr)")
      #expect(r.stderr.hasSuffix("got -1\n"), "\(option.flag): \(r.stderr)")
    }
    let help = try CLI.run(["replay", "--help"])
    for option in TrackerParameterInput.replayOptions {
      #expect(help.stdout.contains("\(option.flag) <\(option.valueName)>"), "\(option.flag) in --help")
    }
    #expect(!help.stdout.contains("--reacquire-frames"))
  }
}
