extension Matrix: CustomStringConvertible {
  /// The shape followed by the elements row by row, e.g. `2×2 [[1.0, 2.0], [3.0, 4.0]]`.
  public var description: String {
    let body = (0..<rows).map { i in
      "[" + (0..<columns).map { j in "\(self[i, j])" }.joined(separator: ", ") + "]"
    }
    return "\(shapeText) [" + body.joined(separator: ", ") + "]"
  }
}
