import ArgumentParser
import DockSimIO

extension ArgumentHelp {
  /// The help of the `docksim replay` option that sets tracker parameter `name`: the parameter's doc,
  /// the values it takes and its default, from `TrackerParameters.table`.
  static func tracker(_ name: String) -> ArgumentHelp {
    let option = ReplayTrackerOptions.option(name)
    return ArgumentHelp(option.help, valueName: option.valueName)
  }
}

extension CompletionKind {
  /// The two words of a boolean tracker option spelled on the command line (`anchor`, `center`).
  static func trackerWords(_ name: String) -> CompletionKind {
    guard let words = ReplayTrackerOptions.option(name).words else { return .default }
    return .list([words.whenTrue, words.whenFalse])
  }
}

extension ReplayTrackerOptions {
  /// The option of parameter `name`. ReplayTrackerOptions.swift is generated from the same table, and a
  /// test fails while it is not the generated one.
  static func option(_ name: String) -> TrackerOption {
    guard let option = TrackerParameterInput.replayOptions.first(where: { $0.parameter.name == name }) else {
      fatalError(
        "ReplayTrackerOptions.swift names '\(name)', which is no option of TrackerParameters.table: regenerate it"
      )
    }
    return option
  }
}
