import DockSimIO
import Testing

/// The one rule for paths a file names relative to itself.
struct RelativePathTests {
  @Test(arguments: [
    // A relative file two levels down naming a path two levels up: the working directory itself
    // (Foundation's URL.standardized made this `/Tests/log.csv`).
    ("Scenarios/tuning/example.tune.yaml", "../../Tests/log.csv", "Tests/log.csv"),
    ("Scenarios/suites/ci.suite.yaml", "../walk-across.yaml", "Scenarios/walk-across.yaml"),
    ("a/s.suite.yaml", "../../x.yaml", "../x.yaml"),
    ("s.suite.yaml", "x.yaml", "x.yaml"),
    ("s.suite.yaml", "./x.yaml", "x.yaml"),
    ("./a//b/s.yaml", "c/./d.csv", "a/b/c/d.csv"),
    ("/data/a/s.yaml", "../../../x.yaml", "/x.yaml"),
    ("/data/a/s.yaml", "/abs/x.yaml", "/abs/x.yaml"),
    ("a/s.yaml", "..", "."),
  ])
  func resolvesBesideTheFile(file: String, path: String, expected: String) {
    #expect(RelativePath.resolve(path, besideFile: file) == expected)
  }

  @Test func normalizeKeepsTheClimbOfARelativePathAndStopsAtTheRoot() {
    #expect(RelativePath.normalize("../../a/../b") == "../../b")
    #expect(RelativePath.normalize("/../a") == "/a")
    #expect(RelativePath.normalize("a/b/../..") == ".")
    #expect(RelativePath.normalize("/") == "/")
  }
}
