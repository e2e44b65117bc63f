/// A dense matrix of `Double` stored in column-major order, the layout BLAS and LAPACK use, so
/// the storage goes to them without copying.
///
/// Element `(row, column)` lives at `storage[column * rows + row]`. The shape is fixed at
/// creation; in-place operations reuse the existing storage and allocate nothing as long as the
/// matrix is uniquely referenced (a shared copy is duplicated once, by copy-on-write).
public struct Matrix: Equatable, Sendable {
  /// Number of rows (≥ 0).
  public let rows: Int
  /// Number of columns (≥ 0).
  public let columns: Int
  /// The elements in column-major order; `storage.count == rows * columns`.
  public private(set) var storage: [Double]

  /// A `rows`×`columns` matrix with every element equal to `repeating`.
  /// - Precondition: `rows >= 0` and `columns >= 0`.
  public init(rows: Int, columns: Int, repeating: Double = 0) {
    precondition(rows >= 0 && columns >= 0, "Matrix shape \(rows)×\(columns) is negative")
    self.rows = rows
    self.columns = columns
    self.storage = Array(repeating: repeating, count: rows * columns)
  }

  /// A `rows`×`columns` matrix over `columnMajor`, which lists column 0 top to bottom, then
  /// column 1, and so on.
  /// - Precondition: `columnMajor.count == rows * columns`.
  public init(rows: Int, columns: Int, columnMajor: [Double]) {
    precondition(rows >= 0 && columns >= 0, "Matrix shape \(rows)×\(columns) is negative")
    precondition(
      columnMajor.count == rows * columns,
      "Matrix \(rows)×\(columns) needs \(rows * columns) elements, got \(columnMajor.count)")
    self.rows = rows
    self.columns = columns
    self.storage = columnMajor
  }

  /// A matrix written the way it reads: `rows[i][j]` is element `(i, j)`. An empty array gives a
  /// 0×0 matrix.
  /// - Precondition: every row has the same count.
  public init(rowMajor rows: [[Double]]) {
    let columnCount = rows.first?.count ?? 0
    precondition(rows.allSatisfy { $0.count == columnCount }, "Matrix rows differ in length")
    var storage: [Double] = []
    storage.reserveCapacity(rows.count * columnCount)
    for j in 0..<columnCount {
      for row in rows { storage.append(row[j]) }
    }
    self.init(rows: rows.count, columns: columnCount, columnMajor: storage)
  }

  /// The `n`×`n` identity matrix.
  public static func identity(_ n: Int) -> Matrix {
    var m = Matrix(rows: n, columns: n)
    m.setIdentity()
    return m
  }

  /// Element `(row, column)`, both zero-based.
  /// - Precondition: `0 <= row < rows` and `0 <= column < columns`; the storage bound alone
  ///   would let an out-of-range row silently read the next column.
  public subscript(row: Int, column: Int) -> Double {
    get {
      precondition(isValid(row: row, column: column), "Index (\(row), \(column)) outside \(shapeText)")
      return storage[column * rows + row]
    }
    set {
      precondition(isValid(row: row, column: column), "Index (\(row), \(column)) outside \(shapeText)")
      storage[column * rows + row] = newValue
    }
  }

  /// Sets the element at storage `index` (column-major), for `MatrixStack`'s element access: one array
  /// store instead of a closure per element.
  @usableFromInline
  mutating func setStorage(_ index: Int, _ value: Double) { storage[index] = value }

  /// Gives `body` the storage for writing, in place. The setter is private so the element count
  /// cannot change; this is the one door through which the rest of DockMath writes elements.
  mutating func withMutableStorage<R, E: Error>(
    _ body: (UnsafeMutableBufferPointer<Double>) throws(E) -> R
  ) throws(E) -> R {
    try storage.withUnsafeMutableBufferPointer { (buffer) throws(E) -> R in try body(buffer) }
  }

  /// Gives `body` the storage for reading.
  func withStorage<R, E: Error>(_ body: (UnsafeBufferPointer<Double>) throws(E) -> R) throws(E) -> R {
    try storage.withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(buffer) }
  }

  /// The address of the storage buffer, so tests can check that in-place operations kept it
  /// (a copy-on-write copy would move it).
  var storageAddress: Int {
    withStorage { Int(bitPattern: $0.baseAddress) }
  }

  private func isValid(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }
}
