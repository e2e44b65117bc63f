import Foundation

/// Runs the built `docksim` binary and captures its output.
enum CLI {
  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The `docksim` built beside the test bundle.
  static var binary: URL {
    get throws {
      var candidates: [URL] = []
      candidates.append(Bundle.main.bundleURL.appendingPathComponent("docksim"))
      candidates.append(
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
          "docksim"))
      for c in candidates where FileManager.default.isExecutableFile(atPath: c.path) { return c }
      throw CLIError(
        "docksim binary not found beside the tests (looked in \(candidates.map(\.path))); run `swift build` first"
      )
    }
  }

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The variables `docksim run` takes a shard from (docs/sharding.md).
  static let shardVariables = [
    "DOCKSIM_SHARD", "JOB_COMPLETION_INDEX", "DOCKSIM_SHARD_COUNT", "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "TEST_SHARD_INDEX",
    "TEST_TOTAL_SHARDS",
  ]

  /// This process's environment with `extra` added, less any shard variables of its own (the tests may
  /// themselves run as a Slurm array task or a sharded Bazel test), and one OpenBLAS thread.
  static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    for name in shardVariables { env[name] = nil }
    env.merge(extra) { _, new in new }
    env["OPENBLAS_NUM_THREADS"] = "1"
    return env
  }

  /// Runs docksim with `environment` added to this process's (`environment(_:)`).
  static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
    -> Result
  {
    let process = Process()
    process.executableURL = try binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repository
    process.environment = Self.environment(environment)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A CSV table DockSim wrote (no quoted cells): its header and rows, split at commas.
  static func table(_ text: String) -> (header: [String], rows: [[String]]) {
    let lines = text.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    return (lines.first ?? [], Array(lines.dropFirst()))
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

struct CLIError: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}
