import DockSimIO
import Foundation
import Synchronization

/// docksim-fuzz: a seeded mutation fuzzer for the scenario loader, the observation-log reader, the
/// reference-track reader, the tables read back and the data-file readers (docs/robustness.md#fuzzing).
///
/// Iteration `i` of seed `S` is built from (S, i) alone, so any input can be rebuilt with `--replay`.
/// Thrown errors are the expected outcome; a crash or trap kills the process (the caller, scripts/
/// fuzz.sh, finds the iteration from the checkpoint file); a hang or runaway memory is caught by a
/// watchdog thread, which saves the input and exits with status 3 (time) or 4 (memory).

let options = parseOptions()
let corpus = loadCorpus(
  options.target, paths: options.corpus ?? options.target.seedPaths,
  seedLimit: options.seedLimit ?? options.target.seedLimit)
guard !corpus.isEmpty else {
  FileHandle.standardError.write(
    Data("docksim-fuzz: no seed inputs found (run from the repository root)\n".utf8))
  exit(2)
}
let generator = Generator(options: options, mutator: Mutator(corpus: corpus))

if let path = options.input {
  guard let data = FileManager.default.contents(atPath: path) else { usage() }
  let t0 = now()
  let outcome = options.target.run(Array(data))
  say("\(path): \(outcome) (\(String(format: "%.3f", now() - t0)) s)")
  exit(0)
}

if let index = options.replay {
  let bytes = generator.input(index)
  let path = options.out ?? generator.savedName(index, "replay")
  write(bytes, to: path)
  say("wrote iteration \(index) of seed \(options.seed) (\(bytes.count) bytes) to \(path)")
  let t0 = now()
  let outcome = options.target.run(bytes)
  say("outcome: \(outcome) (\(String(format: "%.3f", now() - t0)) s)")
  exit(0)
}

// Watchdog: a hang or runaway memory does not kill the process by itself, so this thread does, after
// rebuilding the input (it depends on the iteration number only) and saving it for a regression test.
let watchdogOptions = options
let watchdogGenerator = generator
Thread.detachNewThread {
  while true {
    usleep(100_000)
    let index = running.load(ordering: .acquiring)
    guard index >= 0 else { continue }
    let elapsed = now() - Double(bitPattern: runningSince.load(ordering: .acquiring))
    let memoryMB = residentBytes() >> 20
    var kind: (String, Int32)?
    if elapsed > watchdogOptions.hang { kind = ("hang", 3) }
    if memoryMB > watchdogOptions.memoryLimitMB { kind = ("memory", 4) }
    guard let (why, status) = kind, running.load(ordering: .acquiring) == index else { continue }
    let path = ".build/fuzz/" + watchdogGenerator.savedName(index, why)
    write(watchdogGenerator.input(index), to: path)
    say(
      "\(why.uppercased()): target=\(watchdogOptions.target.rawValue) seed=\(watchdogOptions.seed) "
        + "iteration=\(index) after \(String(format: "%.1f", elapsed)) s, \(memoryMB) MB resident; "
        + "input saved to \(path)")
    exit(status)
  }
}

func writeCheckpoint(_ index: Int) {
  guard let path = options.checkpoint else { return }
  _ = FileManager.default.createFile(atPath: path, contents: Data("\(index)\n".utf8))
}

// Self-test of scripts/fuzz.sh's crash path: a deliberate trap at this iteration.
let crashAt = ProcessInfo.processInfo.environment["DOCKSIM_FUZZ_CRASH_AT"].flatMap { Int($0) }
let t0 = now()
var slowest = (index: -1, seconds: 0.0)
var slowCount = 0
let end = options.start + options.executions
func summary(_ done: Int, _ slowest: (index: Int, seconds: Double), _ slowCount: Int) -> String {
  let seconds = now() - t0
  return "target=\(options.target.rawValue) seed=\(options.seed) executions=\(done) "
    + "seconds=\(String(format: "%.1f", seconds)) exec/s=\(String(format: "%.0f", Double(done) / max(seconds, 1e-9))) "
    + "slowest=#\(slowest.index) \(String(format: "%.4f", slowest.seconds)) s, over \(options.slow) s: \(slowCount)"
}
say(
  "docksim-fuzz: target=\(options.target.rawValue) seed=\(options.seed) corpus=\(corpus.count) inputs, "
    + "iterations \(options.start)..<\(end)")
for index in options.start..<end {
  if (index - options.start) % options.checkpointEvery == 0 { writeCheckpoint(index) }
  let input = generator.input(index)
  if index == crashAt { fatalError("DOCKSIM_FUZZ_CRASH_AT=\(index): deliberate crash") }
  let started = now()
  runningSince.store(started.bitPattern, ordering: .releasing)
  running.store(index, ordering: .releasing)
  if !options.generateOnly { options.target.run(input) }
  running.store(-1, ordering: .releasing)
  let seconds = now() - started
  if seconds > slowest.seconds { slowest = (index, seconds) }
  if seconds > options.slow {
    slowCount += 1
    say("SLOW: iteration \(index) took \(String(format: "%.3f", seconds)) s (\(input.count) bytes)")
  }
  let done = index - options.start + 1
  if done % options.progressEvery == 0 { say("progress: " + summary(done, slowest, slowCount)) }
}
writeCheckpoint(end)
say("done: " + summary(options.executions, slowest, slowCount))
