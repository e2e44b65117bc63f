import DockMath

extension LinearAlgebraError {
  /// Whether this is `.dimensionMismatch` with any message.
  var isDimensionMismatch: Bool {
    if case .dimensionMismatch = self { true } else { false }
  }
}
