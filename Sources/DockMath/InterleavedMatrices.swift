/// `count` small matrices of one shape, `rows`×`columns`, interleaved lane by lane: element (i, j) of
/// matrix k is at `(j·rows + i)·stride + k`, where `stride` (the lanes of one element) is `count`
/// rounded up to a multiple of `strideAlignment`.
///
/// The same element of every matrix is contiguous, so a kernel doing the same arithmetic on every
/// matrix (the Kalman update of every track, `InterleavedInnovation`) serves `laneWidth` matrices with
/// each SIMD instruction. Seen whole, the storage is a column-major (rows·stride)×columns matrix whose
/// row i·stride + k is row i of matrix k, so a product with one shared matrix on the right (Pₖ·Fᵀ for
/// every k) is one dgemm (`InterleavedMatrices+Algebra.swift`).
///
/// Lanes k ≥ `count` up to `stride` are padding: they hold what was there (a dropped matrix, what a
/// kernel computed in a lane group that also holds matrices, or zero), and none is ever reported; a
/// matrix added by `resize(to:)` is zero. The buffer grows only when `count` needs more than it ever held; changing
/// `count` within that capacity allocates nothing (a change of `stride` moves the elements in place).
public struct InterleavedMatrices: Sendable {
  /// Matrices per SIMD group; `stride` is a multiple of it.
  public static let laneWidth = 4

  /// What `stride` is a multiple of (a multiple of `laneWidth`). BLAS calls over whole elements of
  /// every matrix (the dgemm products of `InterleavedMatrices+Algebra.swift`) then cover a multiple
  /// of 16 lanes: OpenBLAS's x86-64 kernels run whole blocks through one instruction sequence (fused
  /// multiply-adds) and a shorter remainder through another, and with a remainder a matrix's rounding
  /// would depend on how many matrices the bank holds. (The tracker's prediction, which first set
  /// this for OpenBLAS's daxpy, now runs in lane loops of its own, `predictConstantVelocity`; the
  /// kernels touch only the lane groups that hold matrices, so the padding costs them nothing.)
  public static let strideAlignment = 16

  /// Rows of each matrix.
  public let rows: Int
  /// Columns of each matrix.
  public let columns: Int
  /// Matrices in use.
  public private(set) var count: Int
  /// Lanes per element: `count` rounded up to a multiple of `strideAlignment` (at least that).
  public private(set) var stride: Int
  /// rows·columns·capacity elements; the first rows·columns·stride are in use.
  @usableFromInline var storage: [Double]

  /// `count` matrices of `rows`×`columns`, all zero.
  /// - Precondition: positive shape, non-negative count.
  public init(rows: Int, columns: Int, count: Int = 0) {
    precondition(
      rows > 0 && columns > 0 && count >= 0, "InterleavedMatrices of \(count) matrices \(rows)×\(columns)")
    self.rows = rows
    self.columns = columns
    self.count = count
    stride = Self.stride(for: count)
    storage = Array(repeating: 0, count: rows * columns * stride)
  }

  /// The stride for `count` matrices.
  @usableFromInline static func stride(for count: Int) -> Int {
    Swift.max(strideAlignment, (count + strideAlignment - 1) / strideAlignment * strideAlignment)
  }

  /// Elements of one matrix.
  public var elementCount: Int { rows * columns }

  /// Matrices the buffer holds without growing.
  public var capacity: Int { storage.count / elementCount }

  /// Sets the number of matrices. Matrices kept keep their values; added ones are zero. Grows the
  /// buffer only past its capacity.
  @inlinable
  public mutating func resize(to newCount: Int) {
    // Inlined so that the usual call, to the count the bank already has (every workspace, every
    // frame), costs a comparison and no call.
    if newCount != count { changeCount(to: newCount) }
  }

  @usableFromInline
  mutating func changeCount(to newCount: Int) {
    precondition(newCount >= 0, "InterleavedMatrices count \(newCount) is negative")
    let newStride = Self.stride(for: newCount)
    let e = elementCount
    if newStride * e > storage.count {
      // Doubling keeps the number of reallocations logarithmic in the largest count.
      storage.append(
        contentsOf: repeatElement(0, count: Swift.max(newStride, 2 * capacity) * e - storage.count))
    }
    let (old, kept) = (stride, Swift.min(count, newCount))
    storage.withUnsafeMutableBufferPointer { s in
      if newStride == old {
        // The usual change (a frame gating every track and updating some, tracks born and dropped):
        // nothing moves, and only the lanes of added matrices are zeroed (those of dropped ones are
        // padding now); rewriting every lane of every element was a fifth of a tracker frame on a
        // street scene.
        for q in 0..<e {
          for k in kept..<newCount { s[q &* old &+ k] = 0 }
        }
      } else if newStride > old {
        // Element q moves from q·old to q·newStride ≥ q·old: last element first, so nothing is
        // overwritten before it is read.
        for q in Swift.stride(from: e - 1, through: 0, by: -1) {
          for k in Swift.stride(from: newStride - 1, through: 0, by: -1) {
            s[q * newStride + k] = k < kept ? s[q * old + k] : 0
          }
        }
      } else {
        for q in 0..<e {
          for k in 0..<newStride { s[q * newStride + k] = k < kept ? s[q * old + k] : 0 }
        }
      }
    }
    stride = newStride
    count = newCount
  }

  /// Element (`row`, `column`) of matrix `matrix`, all zero-based.
  @inlinable
  public subscript(matrix: Int, row: Int, column: Int) -> Double {
    get {
      // The message is built out of line, so that this accessor stays small enough to inline.
      if !isValid(matrix, row, column) { outOfRange(matrix, row, column) }
      return storage[(column * rows + row) * stride + matrix]
    }
    set {
      if !isValid(matrix, row, column) { outOfRange(matrix, row, column) }
      storage[(column * rows + row) * stride + matrix] = newValue
    }
  }

  /// Matrix `k` as a `Matrix` (allocates; for tests and messages, not for loops).
  public func matrix(_ k: Int) -> Matrix {
    precondition(k >= 0 && k < count, "Matrix \(k) outside \(shapeText)")
    var values: [Double] = []
    values.reserveCapacity(elementCount)
    for q in 0..<elementCount { values.append(storage[q * stride + k]) }
    return Matrix(rows: rows, columns: columns, columnMajor: values)
  }

  /// Matrix `k` becomes `value`.
  /// - Precondition: `value` is `rows`×`columns` and `k` is in use.
  public mutating func setMatrix(_ k: Int, to value: Matrix) {
    precondition(
      k >= 0 && k < count && value.rows == rows && value.columns == columns,
      "setMatrix \(k) to \(value.shapeText) in \(shapeText)")
    for q in 0..<elementCount { storage[q * stride + k] = value.storage[q] }
  }

  /// Matrix `destination` takes matrix `source`'s values (both in use).
  public mutating func copyMatrix(from source: Int, to destination: Int) {
    precondition(
      source >= 0 && source < count && destination >= 0 && destination < count,
      "copyMatrix from \(source) to \(destination) in \(shapeText)")
    let (e, s) = (elementCount, stride)
    storage.withUnsafeMutableBufferPointer { m in
      for q in 0..<e { m[q &* s &+ destination] = m[q &* s &+ source] }
    }
  }

  /// Matrix `destination` of this bank takes matrix `source` of `other` (same shape).
  public mutating func copyMatrix(_ destination: Int, from other: InterleavedMatrices, matrix source: Int) {
    precondition(
      other.rows == rows && other.columns == columns && source >= 0 && source < other.count
        && destination >= 0 && destination < count, "copyMatrix across \(other.shapeText) and \(shapeText)")
    // One access to each buffer (an element-wise loop checked the destination's uniqueness and both
    // bounds per element: gathering a frame's measured tracks was 5 % of a street-scene frame).
    let (e, s, t) = (elementCount, stride, other.stride)
    other.storage.withUnsafeBufferPointer { from in
      storage.withUnsafeMutableBufferPointer { to in
        for q in 0..<e { to[q &* s &+ destination] = from[q &* t &+ source] }
      }
    }
  }

  /// Keeps the matrices for which `keep` is true, in order (the others are dropped).
  public mutating func retain(_ keep: (Int) -> Bool) {
    var kept = 0
    for k in 0..<count where keep(k) {
      if k != kept { copyMatrix(from: k, to: kept) }
      kept += 1
    }
    resize(to: kept)
  }

  /// Keeps the matrices at `indices` (ascending, distinct, in use), as matrices 0, 1, … in that order.
  public mutating func keepMatrices(at indices: [Int]) {
    var previous = -1
    for (b, k) in indices.enumerated() {
      precondition(k > previous && k < count, "keepMatrices: index \(k) after \(previous) in \(shapeText)")
      previous = k
      if k != b { copyMatrix(from: k, to: b) }
    }
    resize(to: indices.count)
  }

  /// Element (`row`, `column`) of the `laneWidth` matrices from `first`, one per lane (padding lanes
  /// included): for computing on four matrices at once outside DockMath.
  /// - Precondition: `first` is a multiple of `laneWidth` below `stride`; the element is in the shape.
  @inlinable
  public func lanes(from first: Int, row: Int, column: Int) -> SIMD4<Double> {
    let offset = laneOffset(first, row, column)
    return storage.withUnsafeBufferPointer { $0.baseAddress!.lanes(offset) }
  }

  /// Element (`row`, `column`) of the `laneWidth` matrices from `first` becomes `value`, one lane each.
  /// - Precondition: as `lanes(from:row:column:)`.
  @inlinable
  public mutating func setLanes(from first: Int, row: Int, column: Int, to value: SIMD4<Double>) {
    let offset = laneOffset(first, row, column)
    storage.withUnsafeMutableBufferPointer { $0.baseAddress!.setLanes(offset, value) }
  }

  /// The `r` elements from (`row`, `column`) in column-major order (down the column, then on into the
  /// next ones) of the `laneWidth` matrices from `first` become `values`, one lane each: what `r`
  /// calls of `setLanes(from:row:column:to:)` do, with one access to the storage (each access checks
  /// that the buffer is uniquely referenced, a call into the runtime: filling a lane group's
  /// projection or Jacobian element by element made it a good part of the fill).
  /// - Precondition: as `setLanes(from:row:column:to:)`, for every element written.
  @inlinable
  public mutating func setLanes<let r: Int>(
    from first: Int, row: Int, column: Int, to values: InlineArray<r, SIMD4<Double>>
  ) {
    guard r > 0 else { return }
    let offset = laneOffset(first, row, column)
    let q = column * rows + row
    if q + r > elementCount { lanesOutOfRange(first, row + r - 1, column) }
    let s = stride
    storage.withUnsafeMutableBufferPointer { e in
      for i in 0..<r { e.baseAddress!.setLanes(offset &+ i &* s, values[i]) }
    }
  }

  @inlinable
  func laneOffset(_ first: Int, _ row: Int, _ column: Int) -> Int {
    if !(first >= 0 && first < stride && first % Self.laneWidth == 0 && row >= 0 && row < rows && column >= 0
      && column < columns)
    {
      lanesOutOfRange(first, row, column)
    }
    return (column * rows + row) * stride + first
  }

  @usableFromInline @inline(never)
  func lanesOutOfRange(_ first: Int, _ row: Int, _ column: Int) -> Never {
    preconditionFailure("Lanes from \(first), element (\(row), \(column)) outside \(shapeText)")
  }

  /// Element (`row`, `column`) of every matrix in use becomes `transform` of itself, in matrix order
  /// (one pass over that element's lanes, with no per-element index or uniqueness check).
  @inlinable
  public mutating func transformElement(row: Int, column: Int, _ transform: (Double) -> Double) {
    let base = laneOffset(0, row, column)
    let n = count
    storage.withUnsafeMutableBufferPointer { e in
      for k in 0..<n { e[base &+ k] = transform(e[base &+ k]) }
    }
  }

  /// Whether every element of matrix `k` is finite.
  public func matrixIsFinite(_ k: Int) -> Bool {
    precondition(k >= 0 && k < count, "Matrix \(k) outside \(shapeText)")
    for q in 0..<elementCount where !storage[q * stride + k].isFinite { return false }
    return true
  }

  /// Whether every element of every matrix in use is finite (padding lanes are not looked at).
  public func allMatricesFinite() -> Bool {
    let (n, s, full) = (count, stride, count / Self.laneWidth * Self.laneWidth)
    return withLanes { e in
      // v − v is 0 for a finite v and NaN otherwise: sums of them, four lanes at a time, with no
      // branch per element.
      var sum = Lanes(repeating: 0)
      var rest = 0.0
      for q in 0..<elementCount {
        for k in Swift.stride(from: 0, to: full, by: Self.laneWidth) {
          let v = e.lanes(q &* s &+ k)
          sum += v - v
        }
        for k in full..<n { rest += e[q &* s &+ k] - e[q &* s &+ k] }
      }
      return sum.sum() + rest == 0
    }
  }

  /// The shape as `count×(rows×columns)`, for messages.
  public var shapeText: String { "\(count)×(\(rows)×\(columns))" }

  @inlinable
  func isValid(_ matrix: Int, _ row: Int, _ column: Int) -> Bool {
    matrix >= 0 && matrix < count && row >= 0 && row < rows && column >= 0 && column < columns
  }

  @usableFromInline @inline(never)
  func outOfRange(_ matrix: Int, _ row: Int, _ column: Int) -> Never {
    preconditionFailure("Index [\(matrix)](\(row), \(column)) outside \(shapeText)")
  }

  /// Gives `body` the elements in use (rows·columns·stride), for writing.
  mutating func withMutableLanes<R>(_ body: (UnsafeMutablePointer<Double>) throws -> R) rethrows -> R {
    try storage.withUnsafeMutableBufferPointer { try body($0.baseAddress!) }
  }

  /// Gives `body` the elements in use for reading.
  func withLanes<R>(_ body: (UnsafePointer<Double>) throws -> R) rethrows -> R {
    try storage.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }
}
