extension Matrix {
  /// The transpose, as a new `columns`×`rows` matrix (allocates).
  public func transposed() -> Matrix {
    var result = Matrix(rows: columns, columns: rows)
    withStorage { source in
      result.withMutableStorage { target in
        for j in 0..<columns {
          for i in 0..<rows { target[i * columns + j] = source[j * rows + i] }
        }
      }
    }
    return result
  }

  /// Sets every element to zero, in place.
  public mutating func setZero() {
    withMutableStorage { $0.update(repeating: 0) }
  }

  /// Sets the matrix to the identity, in place.
  /// - Precondition: the matrix is square.
  public mutating func setIdentity() {
    precondition(isSquare, "setIdentity needs a square matrix, got \(shapeText)")
    let n = rows
    withMutableStorage { buffer in
      buffer.update(repeating: 0)
      for i in 0..<n { buffer[i * n + i] = 1 }
    }
  }

  /// Overwrites every element with those of `other`, reusing this matrix's storage; plain
  /// assignment would share `other`'s buffer and force a copy at the next in-place write.
  /// - Precondition: `other` has the same shape.
  public mutating func copy(from other: Matrix) {
    precondition(
      rows == other.rows && columns == other.columns,
      "copy(from:) needs equal shapes, got \(shapeText) and \(other.shapeText)")
    withMutableStorage { target in
      other.withStorage { source in _ = target.update(fromContentsOf: source) }
    }
  }

  /// Replaces the matrix by (A + Aᵀ)/2, in place, removing the asymmetry rounding leaves in
  /// products such as A·P·Aᵀ. The diagonal is unchanged.
  /// - Precondition: the matrix is square.
  public mutating func symmetrize() {
    precondition(isSquare, "symmetrize needs a square matrix, got \(shapeText)")
    let n = rows
    withMutableStorage { buffer in
      for j in 0..<n {
        for i in (j + 1)..<n {
          let mean = 0.5 * (buffer[j * n + i] + buffer[i * n + j])
          buffer[j * n + i] = mean
          buffer[i * n + j] = mean
        }
      }
    }
  }

  /// self = self + alpha·other, in place (cblas_daxpy over the column-major storage).
  /// - Precondition: `other` has the same shape.
  public mutating func add(_ other: Matrix, scaledBy alpha: Double = 1) {
    precondition(
      rows == other.rows && columns == other.columns,
      "add(_:scaledBy:) needs equal shapes, got \(shapeText) and \(other.shapeText)")
    BLASCalls.daxpy(alpha: alpha, other, into: &self)
  }
}
