import Foundation

/// Runs the release `docksim` (`make build`), for the long runs of this target: the default suite, the
/// Monte Carlo suite, the shipped tuning. They run in seconds there and in minutes in a debug build, so
/// they live here, in `make acceptance`, and `make test` stays short.
enum ReleaseCLI {
  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// `DOCKSIM_BINARY` if set, else the release build in the repository.
  static var binary: URL {
    get throws {
      let path =
        ProcessInfo.processInfo.environment["DOCKSIM_BINARY"]
        ?? repository.appendingPathComponent(".build/release/docksim").path
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw ReleaseCLIError(
          "no docksim at \(path): run `make build` (or set DOCKSIM_BINARY) before the acceptance tests")
      }
      return URL(fileURLWithPath: path)
    }
  }

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = try binary
    process.arguments = arguments
    process.currentDirectoryURL = repository
    var env = ProcessInfo.processInfo.environment
    // The tests may themselves run as a sharded job; a run here is never a shard.
    for name in env.keys.sorted() where name.hasPrefix("SLURM_ARRAY") || name.hasPrefix("DOCKSIM_SHARD") {
      env[name] = nil
    }
    for name in ["JOB_COMPLETION_INDEX", "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"] { env[name] = nil }
    env["OPENBLAS_NUM_THREADS"] = "1"
    process.environment = env
    // Files rather than pipes: a long run's output can never fill a pipe and block the child.
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-acceptance-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Every file under `dir`, by its path below `dir`.
  static func files(under dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
    while let url = e?.nextObject() as? URL {
      var isDir: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
      if !isDir.boolValue { out[String(url.path.dropFirst(dir.path.count))] = try Data(contentsOf: url) }
    }
    return out
  }
}

struct ReleaseCLIError: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}
