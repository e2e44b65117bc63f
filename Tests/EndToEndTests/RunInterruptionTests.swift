import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `docksim run` stopped by a real signal (docs/robustness.md, "Interruption"): it exits 128 + the
/// signal soon after, keeps the whole traces of scenarios that finished, and writes no tables and no
/// half-written file.
struct RunInterruptionTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func signalStopsTheRunWithoutPartialFiles(_ signal: Int32) throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out")
    let process = Process()
    process.executableURL = try CLI.binary
    // A short scenario, then the one-hour benchmark that is still running when the signal comes.
    process.arguments = [
      "run", "Scenarios/walk-across.yaml", "Scenarios/benchmarks/sixteen-people-1h.yaml", "--out", out.path,
      "--jobs", "1", "--quiet",
    ]
    process.currentDirectoryURL = CLI.repository
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    // Traces are staged until the run ends (docs/robustness.md, "All or nothing").
    let finished = out.appendingPathComponent(
      ".docksim-staging-\(process.processIdentifier)/traces/walk-across.events.csv"
    ).path
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline, process.isRunning, !FileManager.default.fileExists(atPath: finished) {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(process.isRunning, "the run ended before it could be interrupted")
    Thread.sleep(forTimeInterval: 0.3)
    let sent = Date()
    kill(process.processIdentifier, signal)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(Date().timeIntervalSince(sent) < 10, "took \(Date().timeIntervalSince(sent)) s to stop")
    #expect(process.terminationStatus == 128 + signal, "\(stderr)")
    #expect(
      stderr.contains("docksim: interrupted (signal \(signal)): no summary.csv or other tables written"))
    #expect(!stderr.contains("Fatal error"))
    let left = try RunCommandTests.files(under: out).keys.sorted()
    #expect(
      left == [
        "/traces/walk-across.csv", "/traces/walk-across.events.csv", "/traces/walk-across.objects.csv",
        "/traces/walk-across.observations.csv",
      ], "\(left)")
  }
}
