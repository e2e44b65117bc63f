import Foundation
import Testing

@testable import DockSimIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `OutputTransaction`, the one way outputs are written (docs/robustness.md, "Outputs and faults").
struct OutputTransactionTests {
  private func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Test func commitPlacesStagedFilesRemovesUnwrittenTablesAndLeavesNoScratch() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("summary.csv", "old\n")
    try dir.write("montecarlo.csv", "an earlier run's\n")
    try dir.write("notes.txt", "the user's\n")
    let transaction = try OutputTransaction(directory: dir.path, command: "docksim run")
    try transaction.write("new\n", to: "summary.csv")
    try transaction.write("t\n", to: "traces/a.csv")
    try transaction.remove("montecarlo.csv")
    try transaction.remove("summary.csv")  // staged as well: the staged file wins
    try transaction.commit(last: ["summary.csv"])
    #expect(read(dir.path + "/summary.csv") == "new\n")
    #expect(read(dir.path + "/traces/a.csv") == "t\n")
    #expect(read(dir.path + "/montecarlo.csv") == nil)
    #expect(read(dir.path + "/notes.txt") == "the user's\n")
    transaction.abort()
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(left == ["notes.txt", "summary.csv", "traces"])
  }

  /// A step that fails half-way (a file where `traces/` is to be) undoes the steps before it: the
  /// replaced table comes back, the created one goes, the summary removed first is restored.
  @Test func aFailedPublicationLeavesTheOldSetWhole() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("expectations.csv", "old expectations\n")
    try dir.write("summary.csv", "old summary\n")
    try dir.write("seeds.csv", "old seeds\n")
    try dir.write("traces", "a file where a directory is to be\n")
    let transaction = try OutputTransaction(directory: dir.path, command: "docksim run")
    defer { transaction.abort() }
    try transaction.write("new expectations\n", to: "expectations.csv")
    try transaction.write("new table\n", to: "montecarlo.csv")
    try transaction.write("new summary\n", to: "summary.csv")
    try transaction.write("trace\n", to: "traces/a.csv")
    try transaction.remove("seeds.csv")
    #expect {
      try transaction.commit(last: ["summary.csv"])
    } throws: { error in
      // Named where it was to go, not its staging copy.
      (error as? IOFailure)?.path == dir.path + "/traces"
    }
    #expect(read(dir.path + "/expectations.csv") == "old expectations\n")
    #expect(read(dir.path + "/summary.csv") == "old summary\n")
    #expect(read(dir.path + "/seeds.csv") == "old seeds\n")
    #expect(read(dir.path + "/montecarlo.csv") == nil)
  }

  /// A holder killed during its renames leaves a journal; the next holder puts the old set back.
  @Test func theNextHolderRollsBackAPublicationAKilledProcessLeftHalfDone() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let staging = "\(OutputDirectory.stagingPrefix)999999"
    // What a process killed after its first two renames leaves.
    try dir.write("summary.csv", "new summary\n")
    try dir.write("traces/a.csv", "new trace\n")
    try dir.write("expectations.csv", "old expectations\n")
    try dir.write("\(staging)/\(OutputDirectory.stagingMarker)", "docksim staging directory of pid 999999\n")
    try dir.write("\(staging)/\(Publication.previousName)/summary.csv", "old summary\n")
    try dir.write("\(staging)/\(Publication.previousName)/expectations.csv", "old expectations\n")
    try dir.write("\(staging)/expectations.csv", "new expectations\n")
    try dir.write(
      "\(staging)/\(Publication.journalName)",
      "place\texisted\tsummary.csv\nplace\tnew\ttraces/a.csv\nplace\texisted\texpectations.csv\n")
    try OutputDirectory(path: dir.path, command: "docksim run").release()
    #expect(read(dir.path + "/summary.csv") == "old summary\n")
    #expect(read(dir.path + "/expectations.csv") == "old expectations\n")
    #expect(read(dir.path + "/traces/a.csv") == nil)
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + staging))
  }

  /// A committed publication's leftovers are only removed, never undone.
  @Test func aCommittedPublicationIsNotUndone() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let staging = "\(OutputDirectory.stagingPrefix)999998"
    try dir.write("summary.csv", "new summary\n")
    try dir.write("\(staging)/\(OutputDirectory.stagingMarker)", "x\n")
    try dir.write("\(staging)/\(Publication.previousName)/summary.csv", "old summary\n")
    try dir.write("\(staging)/\(Publication.journalName)", "place\texisted\tsummary.csv\n")
    try dir.write("\(staging)/\(Publication.committedName)", "")
    try OutputDirectory(path: dir.path, command: "docksim run").release()
    #expect(read(dir.path + "/summary.csv") == "new summary\n")
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + staging))
  }

  @Test(arguments: ["../outside.csv", "/etc/outside.csv", "traces/../../outside.csv", "", "a//b", "./a"])
  func aNameFromDataThatWouldLeaveTheDirectoryIsRefused(_ name: String) throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let transaction = try OutputTransaction(directory: dir.path + "/out", command: "docksim merge")
    defer { transaction.abort() }
    #expect(throws: OutputConflict.self) { try transaction.write("x\n", to: name) }
    #expect(throws: OutputConflict.self) { try transaction.remove(name) }
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/outside.csv"))
  }

  /// `--out/traces` a link to another directory would take every trace there.
  @Test func aLinkedDirectoryInsideTheOutputIsRefusedAndNothingChanges() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try FileManager.default.createDirectory(
      atPath: dir.path + "/elsewhere", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir.path + "/out/traces", withDestinationPath: "../elsewhere")
    try dir.write("out/summary.csv", "old\n")
    let transaction = try OutputTransaction(directory: dir.path + "/out", command: "docksim run")
    defer { transaction.abort() }
    try transaction.write("new\n", to: "summary.csv")
    try transaction.write("t\n", to: "traces/a.csv")
    #expect {
      try transaction.commit()
    } throws: { error in
      (error as? IOFailure)?.message.contains("symbolic link") == true
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/elsewhere").isEmpty)
    #expect(read(dir.path + "/out/summary.csv") == "old\n")
  }

  @Test func namedFilesInTwoDirectoriesArePublishedTogether() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let junit = dir.path + "/ci/junit.xml"
    let markdown = dir.path + "/gate.md"
    let transaction = try OutputTransaction(
      files: [LabeledPath("--junit", junit), LabeledPath("--markdown", markdown)], command: "docksim gate")
    try transaction.write("<xml/>\n", file: junit)
    try transaction.write("# gate\n", file: markdown)
    try transaction.commit()
    transaction.abort()
    #expect(read(junit) == "<xml/>\n")
    #expect(read(markdown) == "# gate\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["ci", "gate.md"])
  }

  @Test func anOutputThatIsAnInputOrNamedTwiceIsRefusedBeforeAnythingIsLocked() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let input = try dir.write("log.csv", "frame\n")
    try FileManager.default.createSymbolicLink(atPath: dir.path + "/alias.csv", withDestinationPath: input)
    #expect {
      _ = try OutputTransaction(
        files: [LabeledPath("--output", dir.path + "/alias.csv")], command: "docksim replay",
        inputs: [LabeledPath("log", input)])
    } throws: { error in
      "\(error)"
        == "--output \(dir.path)/alias.csv is the log \(input): an output never replaces an input; choose another path"
    }
    #expect {
      _ = try OutputTransaction(
        files: [
          LabeledPath("--junit", dir.path + "/r.xml"), LabeledPath("--markdown", dir.path + "/./r.xml"),
        ],
        command: "docksim gate")
    } throws: { error in
      "\(error)".contains("two outputs need two files")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + OutputDirectory.lockName))
    #expect(read(input) == "frame\n")
  }

  /// `--out /dev/null`, run as root, must neither replace the device nor leave a lock in /dev.
  @Test func aDeviceIsRefusedBeforeItsDirectoryIsLocked() throws {
    #expect {
      _ = try OutputTransaction(files: [LabeledPath("--out", "/dev/null")], command: "docksim score")
    } throws: { error in
      "\(error)".hasPrefix("/dev/null: is a character device, not a regular file")
    }
    #expect(!FileManager.default.fileExists(atPath: "/dev/" + OutputDirectory.lockName))
  }

  @Test func aTransactionThatIsNotCommittedChangesNothing() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("summary.csv", "old\n")
    do {
      let transaction = try OutputTransaction(directory: dir.path, command: "docksim run")
      try transaction.write("new\n", to: "summary.csv")
      try transaction.remove("summary.csv")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["summary.csv"])
    #expect(read(dir.path + "/summary.csv") == "old\n")
  }
}
