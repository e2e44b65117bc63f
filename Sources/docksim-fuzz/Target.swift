import DockSimIO
import Foundation

/// What is fuzzed: the three readers of files users bring, the readers of the tables `docksim` reads
/// back (`ReadBackTargets`), and the readers of the data files scenarios and detectors are built from
/// (`DataTargets`).
enum Target: String, CaseIterable, Sendable {
  case scenario, log, reference
  /// `gate`'s summary/seeds/baseline reader, the comparison and its reports.
  case summary
  /// `gate`'s tolerance file.
  case tolerances
  /// `merge`'s shard readers (a bundle of two shard directories).
  case shard
  /// `tune --resume`'s trials.csv reader.
  case trials
  /// The one read-back reader (`CSVTableReader`): every typed accessor on every cell, and the objects
  /// trace `score --objects` reads.
  case table
  /// A subject's trajectory file (`t_s,x_m,y_m[,z_m]`).
  case trajectory
  /// A pedestrian recording (ETH/UCY `frame id x y`, and `frame,id,x,y`), then `import-trajectories`.
  case recording
  /// A MOTChallenge truth and detections pair (split at `DataTargets.detectionsMarker`), then
  /// `fit-detector`'s fit.
  case detections
  /// A detector profile.
  case profile

  /// The corpus: the repository's real inputs of this kind plus the hand-made seeds.
  var seedPaths: [String] {
    switch self {
    case .scenario: ["Scenarios", "Tests/Fixtures/fuzz/seeds/scenario"]
    case .log: ["Tests/Fixtures/replay/*_log.csv", "Tests/Fixtures/fuzz/seeds/log"]
    case .reference: ["Tests/Fixtures/replay/*_reference.csv", "Tests/Fixtures/fuzz/seeds/reference"]
    case .summary:
      ["Scenarios/baseline/summary.csv", "Scenarios/baseline/seeds.csv", "Tests/Fixtures/fuzz/seeds/summary"]
    case .tolerances: ["Scenarios/baseline/tolerances.yaml", "Tests/Fixtures/fuzz/seeds/tolerances"]
    case .shard: ["Tests/Fixtures/fuzz/seeds/shard"]
    case .trials: ["Tests/Fixtures/fuzz/seeds/trials"]
    case .table: ["Tests/Fixtures/fuzz/seeds/table"]
    case .trajectory: ["Tests/Fixtures/fuzz/seeds/trajectory"]
    case .recording: ["Tests/Fixtures/fuzz/seeds/recording"]
    case .detections: ["Tests/Fixtures/fuzz/seeds/detections"]
    case .profile: ["Scenarios/detectors", "Tests/Fixtures/fuzz/seeds/profile"]
    }
  }

  /// Seeds are cut to this many bytes (at a line end) unless `--seed-limit` says otherwise: 8 KB, and
  /// 32 KB for a shard bundle, whose second shard would otherwise be cut off.
  var seedLimit: Int { self == .shard ? 32 << 10 : 8 << 10 }

  var fileExtension: String {
    switch self {
    case .scenario, .tolerances, .profile: "yaml"
    case .shard, .recording, .detections: "txt"
    case .log, .reference, .summary, .trials, .trajectory, .table: "csv"
    }
  }

  /// Feeds one input to the reader. Any thrown error is a pass (its description is built too, since
  /// formatting the error is part of what a user sees); a crash kills the process, which is the point.
  /// Returns a one-line outcome for `--replay`.
  @discardableResult
  func run(_ bytes: [UInt8]) -> String {
    // Invalid UTF-8 is replaced rather than refused here: the file readers refuse it before parsing,
    // so the parsers would otherwise never see those inputs' structure.
    let text = String(decoding: bytes, as: UTF8.self)
    let name = "fuzz.\(fileExtension)"
    switch self {
    case .scenario:
      do { return "loaded scenario '\(try ScenarioLoader.parse(yaml: text, file: name).name)'" } catch {
        return "InputError: \(error.description)"
      }
    case .log:
      do { return "read \(try ObservationLog.parse(text, file: name).count) frames" } catch let error
        as InputError
      {
        return "InputError: \(error.description)"
      } catch { return "other error: \(error)" }
    case .reference:
      do { return "read \(try ReferenceTrack.parse(text, file: name).count) points" } catch {
        return "InputError: \(error.description)"
      }
    case .summary: return ReadBackTargets.summary(text, file: name)
    case .tolerances: return ReadBackTargets.tolerances(text, file: name)
    case .shard: return ReadBackTargets.shard(text)
    case .trials: return ReadBackTargets.trials(text, file: name)
    case .table: return ReadBackTargets.table(text, file: name)
    case .trajectory: return DataTargets.trajectory(text, file: name)
    case .recording: return DataTargets.recording(text, file: name)
    case .detections: return DataTargets.detections(text)
    case .profile: return DataTargets.profile(text, file: name)
    }
  }
}

/// Loads the seed files. Paths are files, directories (their files of the target's extension, not
/// subdirectories) or `dir/*suffix` patterns; everything is sorted so the corpus, and with it every
/// generated input, is the same on every machine.
func loadCorpus(_ target: Target, paths: [String], seedLimit: Int) -> [[UInt8]] {
  let fm = FileManager.default
  var files: [String] = []
  for path in paths {
    if let star = path.range(of: "/*") {
      let dir = String(path[..<star.lowerBound])
      let suffix = String(path[star.upperBound...])
      files += ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(suffix) }.map {
        "\(dir)/\($0)"
      }
      continue
    }
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    if isDirectory.boolValue {
      files += ((try? fm.contentsOfDirectory(atPath: path)) ?? []).filter {
        $0.hasSuffix(".\(target.fileExtension)") || (target == .scenario && $0.hasSuffix(".yml"))
      }.map { "\(path)/\($0)" }
    } else {
      files.append(path)
    }
  }
  files.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  return files.compactMap { path -> [UInt8]? in
    guard var bytes = fm.contents(atPath: path).map(Array.init) else { return nil }
    // Long seeds (the 1000-frame replay log) are cut at a line end: every row kind is in the first
    // lines, and parsing 128 KB per execution would cut the executions per second a hundredfold.
    if bytes.count > seedLimit {
      bytes.removeLast(bytes.count - seedLimit)
      if let end = bytes.lastIndex(of: 0x0A) { bytes.removeLast(bytes.count - end - 1) }
    }
    return bytes
  }
}
