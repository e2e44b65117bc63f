/// Whether an operand enters a product as is or transposed: `op(a)` is `a` or `aᵀ`.
public enum Transpose: Sendable {
  /// `op(a) = a`.
  case none
  /// `op(a) = aᵀ`.
  case transposed

  /// The other choice; `op(a)ᵀ` uses `flipped` on `a`.
  public var flipped: Transpose {
    switch self {
    case .none: .transposed
    case .transposed: .none
    }
  }
}
