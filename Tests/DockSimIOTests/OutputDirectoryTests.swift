import Foundation
import Testing

@testable import DockSimIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `OutputDirectory` (docs/robustness.md, "Outputs and faults") and the file-name rules it relies on.
struct OutputDirectoryTests {
  @Test func aSecondHolderIsRefusedNamingTheFirstAndTheLockIsFreedOnRelease() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let out = dir.url.appendingPathComponent("out").path
    let first = try OutputDirectory(path: out, command: "docksim run")
    // flock locks belong to the open file, so a second open in this process conflicts too.
    #expect {
      _ = try OutputDirectory(path: out, command: "docksim tune")
    } throws: { error in
      let busy = try #require(error as? OutputDirectoryBusy)
      return busy.holder?.hasPrefix("pid \(getpid()), docksim run, started 20") == true
        && busy.description.contains("in use by another docksim")
    }
    first.release()
    #expect(!FileManager.default.fileExists(atPath: out + "/" + OutputDirectory.lockName))
    let second = try OutputDirectory(path: out, command: "docksim tune")
    second.release()
  }

  /// A busy directory names its holder even when asked in the moment between the holder taking the
  /// lock and writing its line: the line is awaited (here written 30 ms late); an empty file that
  /// stays empty is "holder unknown" after the wait.
  @Test func aHolderWrittenJustAfterTheLockIsStillNamed() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = try dir.write("lock", "")
    let fd = open(path, O_RDWR | O_CLOEXEC)
    defer { close(fd) }
    let writer = Thread {
      usleep(30_000)
      try? "pid 7, docksim merge, started 2026-11-28T00:00:00Z\n".write(
        toFile: path, atomically: false, encoding: .utf8)
    }
    writer.start()
    #expect(OutputDirectory.awaitHolder(fd) == "pid 7, docksim merge, started 2026-11-28T00:00:00Z")
    let empty = try dir.write("empty", "")
    let other = open(empty, O_RDWR | O_CLOEXEC)
    defer { close(other) }
    #expect(OutputDirectory.awaitHolder(other, attempts: 3) == nil)
  }

  @Test func aLockFileWithoutAHolderBlocksNothing() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(OutputDirectory.lockName, "pid 1, docksim run, started 2020-01-01T00:00:00Z\n")
    let held = try OutputDirectory(path: dir.path, command: "docksim run")
    held.release()
  }

  /// A symbolic link named like the lock is refused, never written through (its target keeps its
  /// bytes); a plain lock file of a finished run is the control.
  @Test func aLockThatIsASymbolicLinkIsRefusedAndItsTargetKept() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("victim.txt", "mine\n")
    let out = dir.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent(OutputDirectory.lockName).path,
      withDestinationPath: dir.url.appendingPathComponent("victim.txt").path)
    #expect {
      _ = try OutputDirectory(path: out.path, command: "docksim run")
    } throws: { error in
      (error as? IOFailure)?.description.contains("is a symbolic link") == true
    }
    #expect(try String(contentsOf: dir.url.appendingPathComponent("victim.txt"), encoding: .utf8) == "mine\n")
    try FileManager.default.removeItem(atPath: out.appendingPathComponent(OutputDirectory.lockName).path)
    try OutputDirectory(path: out.path, command: "docksim run").release()
  }

  /// Leftovers: a killed docksim's staging directory (it carries the marker) is removed; a directory
  /// of the user's that only has such a name, and a link of that name, are kept with what they hold.
  @Test func onlyStagingDirectoriesDockSimMadeAreRemoved() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let dead: Int32 = 2_000_000_000
    let killed = "\(OutputDirectory.stagingPrefix)\(dead)"
    let users = "\(OutputDirectory.stagingPrefix)\(dead - 1)"
    let link = "\(OutputDirectory.stagingPrefix)\(dead - 2)"
    try dir.write("\(killed)/\(OutputDirectory.stagingMarker)", "docksim staging directory of pid \(dead)\n")
    try dir.write("\(killed)/summary.csv", "half\n")
    try dir.write("\(users)/notes.txt", "mine\n")
    try dir.write("elsewhere/\(OutputDirectory.stagingMarker)", "x\n")
    try FileManager.default.createSymbolicLink(
      atPath: dir.url.appendingPathComponent(link).path,
      withDestinationPath: dir.url.appendingPathComponent("elsewhere").path)
    try OutputDirectory(path: dir.path, command: "docksim run").release()
    #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(killed).path))
    #expect(
      try String(contentsOf: dir.url.appendingPathComponent("\(users)/notes.txt"), encoding: .utf8)
        == "mine\n")
    #expect(
      FileManager.default.fileExists(
        atPath: dir.url.appendingPathComponent("elsewhere/\(OutputDirectory.stagingMarker)").path))
    #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(link).path))
  }

  @Test func aFailureInStagingNamesTheFileWhereItWasToGo() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let out = try OutputDirectory(path: dir.path, command: "docksim run")
    defer { out.release() }
    let failure = IOFailure(
      path: out.staging + "/traces/a.csv", message: "cannot write: no space left on device")
    let shown = try #require(out.unstaged(failure) as? IOFailure)
    #expect(shown.path == dir.path + "/traces/a.csv")
    #expect(shown.message == failure.message)
  }

  @Test func onlyDockSimsOwnScratchNamesAreRecognised() {
    let uuid = UUID().uuidString
    #expect(AtomicFileWriter.temporaryOwner(".summary.csv.tmp-123-\(uuid)") == 123)
    #expect(AtomicFileWriter.temporaryOwner(".a.tmp-b.csv.tmp-7-\(uuid)") == 7)
    for name in [
      "summary.csv.tmp-123-\(uuid)", ".summary.csv.tmp-123-not-a-uuid", ".summary.csv.tmp-x-\(uuid)",
      ".keep.tmp-file", ".summary.csv.tmp--1-\(uuid)",
    ] {
      #expect(AtomicFileWriter.temporaryOwner(name) == nil, "\(name)")
    }
    #expect(OutputDirectory.stagingOwner(".docksim-staging-42") == 42)
    for name in [".docksim-staging-", ".docksim-staging-notes", ".docksim-staging-4x", "docksim-staging-4"] {
      #expect(OutputDirectory.stagingOwner(name) == nil, "\(name)")
    }
  }

  @Test func parentsOfPaths() {
    #expect(FileSystem.parent(of: "r") == nil)
    #expect(FileSystem.parent(of: "r/") == nil)
    #expect(FileSystem.parent(of: "r/s.csv") == "r")
    #expect(FileSystem.parent(of: "/r") == "/")
    #expect(FileSystem.parent(of: "/") == nil)
    #expect(FileSystem.parent(of: "/a/b/") == "/a")
  }

  @Test func failuresAreInPlainWords() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let file = try dir.write("f", "x")
    #expect {
      try AtomicFileWriter.write("y", to: file + "/inside.csv")
    } throws: { error in
      "\(error)" == "\(file): cannot create the directory: a file of that name exists"
    }
    #expect(IOFailure.reason(ENOSPC) == "no space left on device")
    #expect(IOFailure.reason(EROFS) == "read-only file system")
  }
}
