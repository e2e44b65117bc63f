/// The release of DockSim this build is: the one number `docksim --version` prints and the
/// CHANGELOG's newest heading names.
public enum DockSimVersion {
  /// Semantic version, `MAJOR.MINOR.PATCH`.
  public static let current = "0.2.0"
}
