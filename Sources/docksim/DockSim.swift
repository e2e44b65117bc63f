import ArgumentParser

@main
struct DockSim: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "docksim",
    abstract: "Simulate a motorized pan/tilt phone stand following people, and score the tracking.",
    discussion: """
      Exit codes: 0 success; 1 a scenario failed to run; 2 bad input or usage.
      """,
    subcommands: [RunCommand.self, ValidateCommand.self, ReplayCommand.self])
}
