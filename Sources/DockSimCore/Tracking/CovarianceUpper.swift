/// The 21 upper-triangle entries of a 6×6 symmetric covariance, row by row (p00, p01, …, p05, p11,
/// …, p55), held inline so that a `Track` copies without touching the heap.
public struct CovarianceUpper: RandomAccessCollection, Equatable, Sendable {
  // Plain stored doubles: SIMD storage would be over-aligned (up to 128 bytes), which async task
  // frames on Linux do not honour.
  private var e0 = 0.0
  private var e1 = 0.0
  private var e2 = 0.0
  private var e3 = 0.0
  private var e4 = 0.0
  private var e5 = 0.0
  private var e6 = 0.0
  private var e7 = 0.0
  private var e8 = 0.0
  private var e9 = 0.0
  private var e10 = 0.0
  private var e11 = 0.0
  private var e12 = 0.0
  private var e13 = 0.0
  private var e14 = 0.0
  private var e15 = 0.0
  private var e16 = 0.0
  private var e17 = 0.0
  private var e18 = 0.0
  private var e19 = 0.0
  private var e20 = 0.0

  public init() {}

  /// From 21 values in row-major upper-triangle order.
  public init(_ values: some Sequence<Double>) {
    var i = 0
    for v in values {
      precondition(i < 21, "a 6×6 upper triangle has 21 entries")
      self[i] = v
      i += 1
    }
    precondition(i == 21, "a 6×6 upper triangle has 21 entries, got \(i)")
  }

  /// From a column-major 6×6 matrix read through `element(row, column)`.
  init(symmetric element: (Int, Int) -> Double) {
    // Written out: the setter's 21-way switch per entry cost more than the reads (one per track and
    // frame for every `Track` the tracker returns).
    e0 = element(0, 0)
    e1 = element(0, 1)
    e2 = element(0, 2)
    e3 = element(0, 3)
    e4 = element(0, 4)
    e5 = element(0, 5)
    e6 = element(1, 1)
    e7 = element(1, 2)
    e8 = element(1, 3)
    e9 = element(1, 4)
    e10 = element(1, 5)
    e11 = element(2, 2)
    e12 = element(2, 3)
    e13 = element(2, 4)
    e14 = element(2, 5)
    e15 = element(3, 3)
    e16 = element(3, 4)
    e17 = element(3, 5)
    e18 = element(4, 4)
    e19 = element(4, 5)
    e20 = element(5, 5)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { 21 }

  public subscript(position: Int) -> Double {
    get {
      precondition(position >= 0 && position < 21, "index \(position) outside 0..<21")
      return switch position {
      case 0: e0
      case 1: e1
      case 2: e2
      case 3: e3
      case 4: e4
      case 5: e5
      case 6: e6
      case 7: e7
      case 8: e8
      case 9: e9
      case 10: e10
      case 11: e11
      case 12: e12
      case 13: e13
      case 14: e14
      case 15: e15
      case 16: e16
      case 17: e17
      case 18: e18
      case 19: e19
      default: e20
      }
    }
    set {
      precondition(position >= 0 && position < 21, "index \(position) outside 0..<21")
      switch position {
      case 0: e0 = newValue
      case 1: e1 = newValue
      case 2: e2 = newValue
      case 3: e3 = newValue
      case 4: e4 = newValue
      case 5: e5 = newValue
      case 6: e6 = newValue
      case 7: e7 = newValue
      case 8: e8 = newValue
      case 9: e9 = newValue
      case 10: e10 = newValue
      case 11: e11 = newValue
      case 12: e12 = newValue
      case 13: e13 = newValue
      case 14: e14 = newValue
      case 15: e15 = newValue
      case 16: e16 = newValue
      case 17: e17 = newValue
      case 18: e18 = newValue
      case 19: e19 = newValue
      default: e20 = newValue
      }
    }
  }

  /// Entry (i, j) of the full symmetric matrix, 0 ≤ i, j < 6.
  public func element(_ i: Int, _ j: Int) -> Double {
    let (r, c) = i <= j ? (i, j) : (j, i)
    // Rows before r hold 6 + 5 + … entries; then the offset within row r.
    return self[r * 6 - r * (r - 1) / 2 + (c - r)]
  }
}
