import ArgumentParser

/// How often `run` and `tune` report progress when standard error is not a terminal (CI logs).
struct ProgressOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds between progress lines on standard error when it is not a terminal (a terminal gets a bar).",
      valueName: "seconds"))
  var progressInterval: Double = 10

  /// The interval, checked: a finite number of seconds > 0 (exit 2 otherwise).
  func interval() throws -> Double {
    guard progressInterval.isFinite, progressInterval > 0 else {
      throw fail("--progress-interval: expected a number of seconds > 0, got \(progressInterval)")
    }
    return progressInterval
  }
}
