/// A failure of a DockMath operation. Every check is a thrown error in every build
/// configuration, never an assertion, so release builds report rather than compute garbage.
public enum LinearAlgebraError: Error, Equatable, CustomStringConvertible {
  /// Operand shapes do not fit; the message names the operation and the shapes.
  case dimensionMismatch(String)
  /// dpotrf found that the leading minor of this order (1-based) is not positive definite.
  case notPositiveDefinite(order: Int)
  /// LAPACK rejected argument number `position` (1-based, LAPACKE numbering) of `routine`.
  /// LAPACKE reports a NaN in an input matrix this way.
  case invalidArgument(routine: String, position: Int)
  /// Any other nonzero `info` from a LAPACK routine.
  case lapackFailure(routine: String, info: Int32)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .dimensionMismatch(let message):
      "dimension mismatch: \(message)"
    case .notPositiveDefinite(let order):
      "matrix is not positive definite: leading minor of order \(order) is not positive"
    case .invalidArgument(let routine, let position):
      "\(routine): argument \(position) is invalid (LAPACKE also reports NaN input this way)"
    case .lapackFailure(let routine, let info):
      "\(routine) failed with info = \(info)"
    }
  }
}
