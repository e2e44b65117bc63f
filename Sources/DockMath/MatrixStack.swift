/// `count` matrices of one shape, `rows`×`columns`, side by side in one column-major buffer: block
/// k occupies columns k·`columns` ..< (k+1)·`columns` of a `rows` × (`columns`·capacity) matrix.
///
/// Each block is contiguous and column-major, so an operation with one shared factor (F·Pₖ for every
/// track k) is a single BLAS call over all blocks, and per-block kernels walk memory linearly. The
/// buffer grows (doubling) only when `count` exceeds every count used before; changing `count` within
/// the capacity allocates nothing.
public struct MatrixStack: Equatable, Sendable {
  /// Rows of each block.
  public let rows: Int
  /// Columns of each block.
  public let columns: Int
  /// Number of blocks in use.
  public private(set) var count: Int
  /// rows × (columns · capacity).
  @usableFromInline var matrix: Matrix

  /// `count` blocks of `rows`×`columns`, all zero.
  /// - Precondition: non-negative sizes.
  public init(rows: Int, columns: Int, count: Int = 0) {
    precondition(rows > 0 && columns > 0 && count >= 0, "MatrixStack of \(count) blocks \(rows)×\(columns)")
    self.rows = rows
    self.columns = columns
    self.count = count
    matrix = Matrix(rows: rows, columns: columns * Swift.max(count, 1))
  }

  /// Blocks the buffer holds without growing.
  public var capacity: Int { matrix.columns / columns }

  /// Elements per block.
  public var blockSize: Int { rows * columns }

  /// Sets the number of blocks in use. Blocks kept keep their values; the values of added blocks are
  /// unspecified (write them before reading). Grows the buffer only past its capacity.
  public mutating func resize(to newCount: Int) {
    precondition(newCount >= 0, "MatrixStack count \(newCount) is negative")
    if newCount > capacity {
      var grown = Matrix(rows: rows, columns: columns * Swift.max(newCount, 2 * capacity))
      let used = count * blockSize
      grown.withMutableStorage { dst in
        matrix.withStorage { src in
          for i in 0..<used { dst[i] = src[i] }
        }
      }
      matrix = grown
    }
    count = newCount
  }

  /// Element (`row`, `column`) of block `block`, all zero-based. Inlinable: the tracker reads and writes
  /// single elements in its per-frame loops.
  @inlinable
  public subscript(block: Int, row: Int, column: Int) -> Double {
    get {
      precondition(isValid(block, row, column), "Index [\(block)](\(row), \(column)) outside \(shapeText)")
      return matrix.storage[block * blockSize + column * rows + row]
    }
    set {
      precondition(isValid(block, row, column), "Index [\(block)](\(row), \(column)) outside \(shapeText)")
      matrix.setStorage(block * blockSize + column * rows + row, newValue)
    }
  }

  /// Block `block` as a matrix (allocates; for tests and messages, not for loops).
  public func block(_ block: Int) -> Matrix {
    precondition(block >= 0 && block < count, "Block \(block) outside \(shapeText)")
    let start = block * blockSize
    return Matrix(
      rows: rows, columns: columns, columnMajor: Array(matrix.storage[start..<start + blockSize]))
  }

  /// Copies `values` (column-major, `blockSize` of them) into block `block`.
  public mutating func setBlock(_ block: Int, columnMajor values: [Double]) {
    precondition(
      block >= 0 && block < count && values.count == blockSize, "setBlock \(block) of \(shapeText)")
    let start = block * blockSize
    let size = blockSize
    matrix.withMutableStorage { dst in
      for i in 0..<size { dst[start + i] = values[i] }
    }
  }

  /// Copies block `block` into `values` (column-major, `blockSize` of them), which must have that count.
  public func copyBlock(_ block: Int, into values: inout [Double]) {
    precondition(
      block >= 0 && block < count && values.count == blockSize, "copyBlock \(block) of \(shapeText)")
    let start = block * blockSize
    matrix.withStorage { src in
      for i in 0..<blockSize { values[i] = src[start + i] }
    }
  }

  /// Copies block `source` over block `destination` (both in use).
  public mutating func copyBlock(from source: Int, to destination: Int) {
    precondition(source >= 0 && source < count && destination >= 0 && destination < count, "copyBlock")
    let size = blockSize
    matrix.withMutableStorage { s in
      for i in 0..<size { s[destination * size + i] = s[source * size + i] }
    }
  }

  /// Whether every element of block `block` is finite.
  public func blockIsFinite(_ block: Int) -> Bool {
    precondition(block >= 0 && block < count, "Block \(block) outside \(shapeText)")
    let size = blockSize
    return matrix.withStorage { s in
      for i in 0..<size where !s[block * size + i].isFinite { return false }
      return true
    }
  }

  /// Whether the (square, symmetric) block `block` is positive definite: its Cholesky factorization
  /// runs to the end with positive pivots. Works on a stack-allocated copy: no heap allocation.
  public func blockIsPositiveDefinite(_ block: Int) -> Bool {
    precondition(
      rows == columns && block >= 0 && block < count, "blockIsPositiveDefinite \(block) of \(shapeText)")
    let n = rows
    let size = blockSize
    return matrix.withStorage { s in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { l in
        for i in 0..<size { l[i] = s[block * size + i] }
        for j in 0..<n {
          var d = l[j * n + j]
          for m in 0..<j { d -= l[m * n + j] * l[m * n + j] }
          guard d > 0, d.isFinite else { return false }
          let pivot = d.squareRoot()
          l[j * n + j] = pivot
          for i in (j + 1)..<n {
            var v = l[j * n + i]
            for m in 0..<j { v -= l[m * n + i] * l[m * n + j] }
            l[j * n + i] = v / pivot
          }
        }
        return true
      }
    }
  }

  /// Copies block `source` of `other` (same block shape) over block `destination` of this stack.
  public mutating func copyBlock(_ destination: Int, from other: MatrixStack, block source: Int) {
    precondition(
      other.rows == rows && other.columns == columns && source >= 0 && source < other.count
        && destination >= 0 && destination < count, "copyBlock across stacks")
    let size = blockSize
    other.matrix.withStorage { src in
      matrix.withMutableStorage { dst in
        for i in 0..<size { dst[destination * size + i] = src[source * size + i] }
      }
    }
  }

  /// Makes this stack equal to `other` (same block shape) in place: no allocation within capacity.
  public mutating func copy(from other: MatrixStack) {
    precondition(
      other.rows == rows && other.columns == columns, "copy from \(other.shapeText) into \(shapeText)")
    resize(to: other.count)
    other.withBlocks { src in
      withMutableBlocks { dst in
        for i in 0..<src.count { dst[i] = src[i] }
      }
    }
  }

  /// The shape as `count×(rows×columns)`, for messages.
  public var shapeText: String { "\(count)×(\(rows)×\(columns))" }

  @usableFromInline
  func isValid(_ block: Int, _ row: Int, _ column: Int) -> Bool {
    block >= 0 && block < count && row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Gives `body` the used part of the storage (`count` blocks), for writing.
  mutating func withMutableBlocks<R>(_ body: (UnsafeMutableBufferPointer<Double>) -> R) -> R {
    let used = count * blockSize
    return matrix.withMutableStorage { body(UnsafeMutableBufferPointer(rebasing: $0[0..<used])) }
  }

  /// Gives `body` the used part of the storage for reading.
  func withBlocks<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
    let used = count * blockSize
    return matrix.withStorage { body(UnsafeBufferPointer(rebasing: $0[0..<used])) }
  }
}
