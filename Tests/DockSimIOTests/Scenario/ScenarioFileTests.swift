import Foundation
import Testing

@testable import DockSimIO

/// The file-system side: reading, encodings, missing paths and directory expansion.
@Suite struct ScenarioFileTests {
  @Test func loadsAFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = try dir.write("walk.yaml", ScenarioSamples.full)
    let scenario = try ScenarioLoader.load(path: path)
    #expect(scenario.name == "walk-across")
  }

  @Test func nonUTF8BytesAreRejectedWithTheirLine() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    // Latin-1 "é" (0xE9) in the description on line 2.
    let bytes = Array("name: t\ndescription: caf".utf8) + [0xE9] + Array("\nseed: 1\n".utf8)
    let path = try dir.write("latin1.yaml", bytes: bytes)
    let error = try #require(throws: InputError.self) { try ScenarioLoader.load(path: path) }
    #expect(error.file == path)
    #expect(error.line == 2)
    #expect(error.message.contains("byte 0xE9 at offset 24 is not valid UTF-8; expected a UTF-8 text file"))
    #expect(error.description.hasPrefix("\(path):2: "))
  }

  @Test func missingFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/nope.yaml"
    let error = try #require(throws: InputError.self) { try ScenarioLoader.load(path: path) }
    #expect(
      error == InputError(file: path, message: "no such file; expected a scenario file (.yaml or .yml)"))
    #expect(error.description == "\(path): no such file; expected a scenario file (.yaml or .yml)")
  }

  @Test func directoryGivenAsAFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let error = try #require(throws: InputError.self) { try ScenarioLoader.load(path: dir.path) }
    #expect(error.file == dir.path)
    #expect(error.message == "is a directory; expected a scenario file (.yaml or .yml)")
  }

  @Test func emptyFileOnDisk() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = try dir.write("empty.yaml", "")
    let error = try #require(throws: InputError.self) { try ScenarioLoader.load(path: path) }
    #expect(error.description.hasPrefix("\(path): the file is empty; expected a mapping"))
  }

  @Test func directoriesExpandToSortedScenarioFiles() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let b = try dir.write("b.yml", ScenarioSamples.minimal)
    let a = try dir.write("a.yaml", ScenarioSamples.full)
    try dir.write("notes.txt", "not a scenario")
    try dir.write(".hidden.yaml", "broken: [")
    try FileManager.default.createDirectory(
      atPath: dir.path + "/nested.yaml", withIntermediateDirectories: false)
    let loaded = try ScenarioLoader.loadAll(paths: [dir.path])
    #expect(loaded.map(\.path) == [a, b])
    #expect(loaded.map(\.scenario.name) == ["walk-across", "minimal"])
    // A file named explicitly is taken whatever its extension, and keeps its place in the list.
    let text = try dir.write("extra.txt", ScenarioSamples.base)
    #expect(try ScenarioLoader.scenarioFiles(in: [text, dir.path + "/"]) == [text, a, b])
  }

  @Test func loadAllStopsAtAMissingPathOrEmptyDirectory() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let missing = try #require(throws: InputError.self) {
      try ScenarioLoader.loadAll(paths: [dir.path + "/absent"])
    }
    #expect(missing.file == dir.path + "/absent")
    #expect(missing.message.hasPrefix("no such file or directory; expected"))
    let empty = try #require(throws: InputError.self) { try ScenarioLoader.loadAll(paths: [dir.path]) }
    #expect(empty.message == "no .yaml or .yml files in this directory; expected at least one")
  }

  @Test func loadAllReportsTheFailingFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("a.yaml", ScenarioSamples.minimal)
    let bad = try dir.write("b.yaml", ScenarioSamples.base(replacing: "seed: 1", with: "seed: -1"))
    let error = try #require(throws: InputError.self) { try ScenarioLoader.loadAll(paths: [dir.path]) }
    #expect(error.file == bad)
    #expect(error.line == 2)
    #expect(error.field == "seed")
  }
}
