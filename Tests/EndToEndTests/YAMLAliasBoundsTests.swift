import Foundation
import Testing

/// A billion laughs in every YAML file `docksim` reads besides scenarios (which `BadInputCatalog`
/// covers): the tolerance file (found hanging `gate` by `docksim-fuzz --target tolerances`), suites,
/// `--params` overlays, tune specifications and `--set` values all hung before `YAMLShape` bounded them.
/// Each is a `BadInput` run by the catalogue's own check (exit 2, one line, nothing written).
enum YAMLAliasBounds {
  typealias B = BadInputs

  /// Eleven levels of anchors, each aliasing the previous seven times, used as mapping keys: 7^10 nodes.
  static let laughs =
    "l0: &l0 [\"lol\"]\n"
    + (1...10).map {
      "l\($0): &l\($0) [" + Array(repeating: "*l\($0 - 1)", count: 7).joined(separator: ", ") + "]"
    }
    .joined(separator: "\n") + "\nk: {*l10: 1, *l9: 2}\n"
  static let says = "aliases stand for more than 100000 nodes in all"

  static let all: [BadInput] = [
    BadInput(
      "tolerances: a billion laughs",
      B.with(
        B.gateFiles, ["b.csv": B.repository("Scenarios/baseline/summary.csv"), "t.yaml": B.text(laughs)]),
      B.gate(), says: "t.yaml:7: " + says),
    BadInput(
      "suite: a billion laughs", B.with(B.good, ["x.suite.yaml": B.text(laughs)]),
      ["run", "x.suite.yaml", "--out", "out"], says: "x.suite.yaml:7: " + says),
    BadInput(
      "--params: a billion laughs", B.with(B.good, ["p.yaml": B.text(laughs)]),
      B.run + ["--params", "p.yaml"],
      says: "p.yaml:7: " + says),
    BadInput(
      "tune: a billion laughs in the specification", ["tune.yaml": B.text(laughs)],
      ["tune", "tune.yaml", "--out", "out/t"], says: "tune.yaml:7: " + says),
    BadInput(
      "--set: a billion laughs in the value", B.good,
      B.run + [
        "--set", "tracker.gate={" + laughs.split(separator: "\n").dropLast().joined(separator: ", ") + "}",
      ],
      says: "--set tracker.gate={l0:", says),
  ]
}

struct YAMLAliasBoundsTests {
  @Test(arguments: YAMLAliasBounds.all)
  func refusedQuicklyWithOneLineAndNoOutput(_ input: BadInput) throws {
    try BadInputCatalogTests().refusedWithOneLineAndNoOutput(input)
  }
}
