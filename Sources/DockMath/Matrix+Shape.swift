extension Matrix {
  /// Whether `rows == columns`.
  public var isSquare: Bool { rows == columns }

  /// Whether the matrix is a row or column vector (1×n or n×1); 1×1 counts as both.
  public var isVector: Bool { rows == 1 || columns == 1 }

  /// Number of elements, `rows * columns`.
  public var count: Int { storage.count }

  /// Whether no element is NaN or infinite.
  public var allFinite: Bool { storage.allSatisfy(\.isFinite) }

  /// The shape as `rows×columns`, for error messages.
  public var shapeText: String { "\(rows)×\(columns)" }

  /// The shape of `op(self)`.
  func shape(_ transpose: Transpose) -> (rows: Int, columns: Int) {
    switch transpose {
    case .none: (rows, columns)
    case .transposed: (columns, rows)
    }
  }

  /// `op(self)` as text, e.g. `aᵀ 4×3`, for error messages.
  func shapeText(_ name: String, _ transpose: Transpose) -> String {
    let s = shape(transpose)
    return transpose == .none ? "\(name) \(s.rows)×\(s.columns)" : "\(name)ᵀ \(s.rows)×\(s.columns)"
  }

  /// The leading dimension BLAS and LAPACK expect: the column stride, but never below 1 even
  /// for an empty matrix, which the reference implementations reject.
  var leadingDimension: Int { Swift.max(1, rows) }
}
