import DockSimCore
import DockSimIO
import Foundation
import Synchronization

struct Options: Sendable {
  var target = Target.scenario
  var seed: UInt64 = 1
  var start = 0
  var executions = 100_000
  var replay: Int?
  var input: String?
  var out: String?
  var checkpoint: String?
  var checkpointEvery = 1_000
  var progressEvery = 100_000
  /// Inputs slower than this are reported (seconds).
  var slow = 1.0
  /// An input still running after this long is a hang (seconds).
  var hang = 10.0
  var memoryLimitMB = 2_048
  /// Seeds are cut to this many bytes; nil: the target's own limit (`Target.seedLimit`).
  var seedLimit: Int?
  var corpus: [String]?
  /// Builds the inputs without running them: measures the harness's own share of the time.
  var generateOnly = false
}

func usage() -> Never {
  FileHandle.standardError.write(
    Data(
      """
      usage: docksim-fuzz --target scenario|log|reference|summary|tolerances|shard|trials|
                                   trajectory|recording|detections|profile
                          [--seed S] [--executions N] [--start I]
                          [--checkpoint FILE] [--checkpoint-every K] [--progress-every K]
                          [--slow SECONDS] [--hang SECONDS] [--memory-limit-mb MB] [--corpus PATH]...
             docksim-fuzz --target T --seed S --replay I [--out FILE]   (write input I to FILE and run it)
             docksim-fuzz --target T --input FILE                       (run one saved input)

      """.utf8))
  exit(2)
}

func parseOptions() -> Options {
  var o = Options()
  var args = CommandLine.arguments.dropFirst()
  func value() -> String {
    guard let v = args.popFirst() else { usage() }
    return v
  }
  func int() -> Int {
    guard let v = Int(value()), v >= 0 else { usage() }
    return v
  }
  while let arg = args.popFirst() {
    switch arg {
    case "--target":
      guard let t = Target(rawValue: value()) else { usage() }
      o.target = t
    case "--seed":
      guard let s = UInt64(value()) else { usage() }
      o.seed = s
    case "--start": o.start = int()
    case "--executions": o.executions = int()
    case "--replay": o.replay = int()
    case "--input": o.input = value()
    case "--out": o.out = value()
    case "--checkpoint": o.checkpoint = value()
    case "--checkpoint-every": o.checkpointEvery = max(1, int())
    case "--progress-every": o.progressEvery = max(1, int())
    case "--slow": o.slow = Double(value()) ?? o.slow
    case "--hang": o.hang = Double(value()) ?? o.hang
    case "--memory-limit-mb": o.memoryLimitMB = int()
    case "--seed-limit": o.seedLimit = int()
    case "--generate-only": o.generateOnly = true
    case "--corpus": o.corpus = (o.corpus ?? []) + [value()]
    default: usage()
    }
  }
  return o
}

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func write(_ bytes: [UInt8], to path: String) {
  let dir = (path as NSString).deletingLastPathComponent
  if !dir.isEmpty { try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

func say(_ line: String) {
  // FileHandle rather than print: unbuffered, so progress shows at once and survives a crash.
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Resident memory of this process, bytes (Linux; 0 elsewhere).
func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The iteration running now (-1 between inputs) and when it began (bit pattern of a Double), for the
/// watchdog thread.
let running = Atomic<Int>(-1)
let runningSince = Atomic<UInt64>(0)

/// Builds inputs from (seed, iteration) and names saved ones.
struct Generator: Sendable {
  let options: Options
  let mutator: Mutator

  func input(_ index: Int) -> [UInt8] {
    var rng = SplitMix64(seed: options.seed, index: UInt64(index))
    return mutator.input(&rng)
  }

  func savedName(_ index: Int, _ why: String) -> String {
    "\(why)-\(options.target.rawValue)-seed\(options.seed)-\(index).\(options.target.fileExtension)"
  }
}
