import Foundation
import Testing

/// The gate over seeds end to end: `run --repetitions` writes seeds.csv, an unchanged run passes, a
/// worsened tracker over 20 seeds regresses with an interval, 3 seeds cannot tell (failing only with
/// `--strict`), and files that do not pair up or hold non-finite values exit 2.
struct SeedGateCommandTests {
  /// A short walk: 20 seeds of it stay within a few seconds in a debug build.
  static let walk = CLI.repository.appendingPathComponent("Scenarios/walk-across.yaml").path
  static let short = ["--set", "duration_s=6", "--quiet", "--jobs", "2"]
  static let worse = ["--set", "tracker.process_noise_angle=0.0001"]

  /// Runs the walk with `repetitions` seeds into `out`; returns the directory.
  static func run(_ out: URL, repetitions: Int, _ extra: [String] = []) throws -> URL {
    let r = try CLI.run(
      ["run", walk, "--out", out.path, "--repetitions", "\(repetitions)"] + short + extra)
    #expect(r.status == 0 || r.status == 1, "docksim run: \(r.stderr)")
    return out
  }

  static func seeds(_ dir: URL) -> String { dir.appendingPathComponent("seeds.csv").path }

  @Test func unchangedPassesWorsenedRegressesFewSeedsCannotTell() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let base = try Self.run(tmp.appendingPathComponent("base"), repetitions: 20)
    let baseline = tmp.appendingPathComponent("baseline/seeds.csv").path
    let update = try CLI.run(["baseline", "update", "--summary", Self.seeds(base), "--out", baseline])
    #expect(
      update.status == 0 && update.stdout.contains("(1 scenarios, 20 seeds)"),
      "\(update.stdout)\(update.stderr)")
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 21)
    #expect(text.hasPrefix("scenario,repetition,seed,duration_s,frames,"))

    // Run twice: the same bytes, and the gate passes. A summary.csv with a seed-level baseline
    // means the seeds.csv beside it.
    let again = try Self.run(tmp.appendingPathComponent("again"), repetitions: 20)
    #expect(
      FileManager.default.contents(atPath: Self.seeds(again))
        == FileManager.default.contents(atPath: baseline))
    let pass = try CLI.run([
      "gate", "--baseline", baseline, "--summary", again.appendingPathComponent("summary.csv").path,
    ])
    #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
    #expect(pass.stdout.contains("comparing \(Self.seeds(again)) (beside "))
    #expect(pass.stdout.contains("docksim gate: PASS: 0 regressions, 0 improvements, 0 cannot tell"))

    // A filter that barely believes the subject can turn, over 20 seeds.
    let worse = try Self.run(tmp.appendingPathComponent("worse"), repetitions: 20, Self.worse)
    let junit = tmp.appendingPathComponent("junit.xml")
    let markdown = tmp.appendingPathComponent("gate.md")
    let fail = try CLI.run([
      "gate", "--baseline", baseline, "--summary", Self.seeds(worse), "--junit", junit.path, "--markdown",
      markdown.path,
    ])
    #expect(fail.status == 1, "\(fail.stdout)\(fail.stderr)")
    // The sluggish filter lags the person (its identity survives, since a track picked up anew
    // continues the old one's).
    let row = fail.stdout.split(separator: "\n").first {
      $0.hasPrefix("walk-across ") && $0.contains(" camera_lag_ms ")
    }
    #expect(
      row?.contains("worse (95% CI +") == true && row?.contains("; 20 seeds)") == true, "\(fail.stdout)")
    #expect(row?.hasSuffix("REGRESSION") == true, "\(fail.stdout)")
    #expect(try String(contentsOf: junit, encoding: .utf8).contains("95% CI"))
    #expect(try String(contentsOf: markdown, encoding: .utf8).hasPrefix("## ❌ docksim gate: fail"))

    // Three seeds of each: not enough to tell.
    let base3 = try Self.run(tmp.appendingPathComponent("base3"), repetitions: 3)
    let worse3 = try Self.run(tmp.appendingPathComponent("worse3"), repetitions: 3, Self.worse)
    let few = try CLI.run(["gate", "--baseline", Self.seeds(base3), "--summary", Self.seeds(worse3)])
    #expect(few.status == 0, "\(few.stdout)\(few.stderr)")
    #expect(
      few.stdout.contains("CANNOT TELL: 3 seeds compared; at least 10 (min_seeds) needed"), "\(few.stdout)")
    let strict = try CLI.run([
      "gate", "--baseline", Self.seeds(base3), "--summary", Self.seeds(worse3), "--strict",
    ])
    #expect(strict.status == 1 && strict.stdout.contains("(--strict: failing)"), "\(strict.stdout)")

    // A plain run into the same directory removes the seed-level files of the earlier one.
    let plain = try CLI.run(["run", Self.walk, "--out", base3.path] + Self.short)
    #expect(plain.status == 0 || plain.status == 1)
    #expect(!FileManager.default.fileExists(atPath: Self.seeds(base3)))
    #expect(!FileManager.default.fileExists(atPath: base3.appendingPathComponent("montecarlo.csv").path))
  }

  @Test func badSeedInputsExitTwoNamingWhatDiffers() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let dir = tmp.appendingPathComponent("run")
    let r = try CLI.run(
      ["run", Self.walk, "--out", dir.path, "--repetitions", "3", "--set", "duration_s=1", "--quiet"])
    #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
    let good = try String(contentsOfFile: Self.seeds(dir), encoding: .utf8)
    var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func write(_ name: String, _ text: String) throws -> String {
      let path = tmp.appendingPathComponent(name).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    func cells(_ line: String) -> [String] {
      line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = cells(lines[0])
    var reseeded = cells(lines[2])
    reseeded[2] = "12345"
    let seedChanged = try write(
      "seed.csv",
      ([lines[0], lines[1], reseeded.joined(separator: ","), lines[3]] + [""]).joined(separator: "\n"))
    let fewer = try write("fewer.csv", ([lines[0], lines[1], lines[2]] + [""]).joined(separator: "\n"))
    let renamed = try write(
      "renamed.csv", good.replacingOccurrences(of: "\nwalk-across,", with: "\nwalk-along,"))
    var infinite = cells(lines[2])
    infinite[header.firstIndex(of: "framing_error_rms")!] = "inf"
    lines[2] = infinite.joined(separator: ",")
    let inf = try write("inf.csv", lines.joined(separator: "\n"))
    let nan = try write(
      "nan.csv", lines.joined(separator: "\n").replacingOccurrences(of: ",inf,", with: ",nan,"))
    let summaryInf = try write(
      "summary-inf.csv", "scenario,seed,framing_error_rms,expectations_failed,status,error\na,1,inf,0,ok,\n")
    let summaryOk = try write(
      "summary-ok.csv", "scenario,seed,framing_error_rms,expectations_failed,status,error\na,1,0.1,0,ok,\n")
    let negative = try write(
      "summary-neg.csv", "scenario,seed,framing_error_rms,expectations_failed,status,error\na,1,0.1,-1,ok,\n")
    let lonely = tmp.appendingPathComponent("lonely")
    try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
    let lonelySummary = try write("lonely/summary.csv", "scenario,seed,status,error\na,1,ok,\n")
    let cases: [([String], String)] = [
      (
        ["--baseline", Self.seeds(dir), "--summary", seedChanged],
        "\(seedChanged):3: seed: scenario 'walk-across' repetition 1 has seed 12345 here and"
      ),
      (
        ["--baseline", Self.seeds(dir), "--summary", fewer],
        "\(fewer): repetition: scenario 'walk-across' has 2 repetitions here and 3 in the baseline"
      ),
      (
        ["--baseline", Self.seeds(dir), "--summary", renamed],
        "\(renamed): scenario 'walk-across' is in the baseline"
      ),
      (["--baseline", Self.seeds(dir), "--summary", inf], "\(inf):3:"),
      (["--baseline", nan, "--summary", Self.seeds(dir)], "\(nan):3:"),
      (["--baseline", summaryInf, "--summary", summaryOk], "\(summaryInf):2:"),
      (["--baseline", summaryOk, "--summary", summaryInf], "framing_error_rms: expected a finite number"),
      (["--baseline", summaryOk, "--summary", negative], "expectations_failed: expected a whole number ≥ 0"),
      (
        ["--baseline", Self.seeds(dir), "--summary", lonelySummary],
        "\(lonely.path)/seeds.csv: no such file; the baseline"
      ),
      (
        ["--baseline", summaryOk, "--summary", Self.seeds(dir)],
        "\(summaryOk): a summary.csv (one row per scenario), but"
      ),
    ]
    let junit = tmp.appendingPathComponent("junit.xml")
    for (arguments, message) in cases {
      let g = try CLI.run(["gate", "--junit", junit.path] + arguments)
      #expect(g.status == 2, "\(arguments): exit \(g.status); \(g.stdout)\(g.stderr)")
      #expect(g.stderr.contains(message), "\(arguments): \(g.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: junit.path), "nothing written on bad input")
    let update = try CLI.run([
      "baseline", "update", "--summary", inf, "--out", tmp.appendingPathComponent("b.csv").path,
    ])
    #expect(update.status == 2 && update.stderr.contains("expected a finite number"), "\(update.stderr)")
  }

  @Test func expectationsOverSeedsPassOrFailByShare() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let text = try String(contentsOfFile: Self.walk, encoding: .utf8)
    let cut = try #require(text.range(of: "\nexpect:\n"), "walk-across.yaml ends with its expectations")
    let original = String(text[..<cut.lowerBound])
    // Impossible in every seed; then trivially true, needed in a quarter of the seeds.
    for (expect, status, message) in [
      (
        "framing_error_rms: { max: 0 }", Int32(1),
        "held in 0 of 4 seeds (share 0.0, 95% CI 0.000–0.602, required 1.0)"
      ),
      ("in_frame_ratio: { min: 0, share: 0.25 }", Int32(0), ""),
    ] {
      let file = tmp.appendingPathComponent("walk-across.yaml")
      try (original + "\nexpect:\n  \(expect)\n").write(to: file, atomically: true, encoding: .utf8)
      let out = tmp.appendingPathComponent("out")
      let r = try CLI.run(
        ["run", file.path, "--out", out.path, "--repetitions", "4", "--set", "duration_s=1", "--quiet"])
      #expect(r.status == status, "\(expect): \(r.stderr)")
      #expect(message.isEmpty || r.stderr.contains(message), "\(r.stderr)")
      let csv = try String(contentsOf: out.appendingPathComponent("expectations.csv"), encoding: .utf8)
      #expect(
        csv.hasPrefix(
          "scenario,metric,min,max,value,result,runs,share,required_share,share_ci_low,share_ci_high,verdict\n"
        ))
      #expect(csv.contains(status == 0 ? ",pass,4,1.0,0.25," : ",fail,4,0.0,1.0,0.0,"), "\(csv)")
      #expect(csv.hasSuffix(status == 0 ? ",pass\n" : ",fail\n"), "\(csv)")
    }
  }
}
