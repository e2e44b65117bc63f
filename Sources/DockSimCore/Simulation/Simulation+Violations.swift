extension Simulation {
  /// Records a call an app made that the dock refused before it reached the simulation (an argument
  /// DockSimKit checks itself, such as a roll limit or an invalid camera description): reported with
  /// the next frame and counted in `api_violations`, as any refused command.
  public mutating func recordViolation(command name: String, error: DockKitError) {
    pendingAPI.violations.append(APIViolation(time: now, command: name, error: error))
  }
}
