import Foundation

/// The measurement update of a bank of Kalman filters held lane-interleaved (`InterleavedMatrices`),
/// `InterleavedMatrices.laneWidth` filters per SIMD instruction: the innovation covariances
/// Sₖ = Hₖ Pₖ Hₖᵀ + Rₖ, their lower Cholesky factors Lₖ, the NIS of any measurement, and the update
/// itself in the forward-substitution form (V = L⁻¹ H P, u = L⁻¹ y: NIS = |u|², x += Vᵀ u,
/// P ← P − Vᵀ V, symmetrized).
///
/// The arithmetic is that of `BlockDiagonalCholesky` (blockwise) and `MatrixStack`'s per-block
/// products, except that each pivot of L is inverted once and the solves multiply by the reciprocal
/// (divisions are the kernels' slowest instructions): results agree with the blockwise algorithm to
/// rounding (a few ulps), not bit for bit. Entries of H that are zero in every filter are skipped
/// (adding a product with an exact zero changes nothing, unless the other factor is infinite or NaN).
/// Workspaces are kept and grow only with the filter count: a steady bank allocates nothing.
public struct InterleavedInnovation: Sendable {
  /// Measurement dimension m (Sₖ is m×m).
  public let measurementSize: Int
  /// State dimension n (Pₖ is n×n).
  public let stateSize: Int
  /// Filters in the last `factor`.
  public private(set) var count = 0
  /// H P, then V = L⁻¹ H P after an update.
  var hp: InterleavedMatrices
  var s: InterleavedMatrices
  var l: InterleavedMatrices
  /// 1 / Lᵢᵢ, m×1: the solves multiply by it.
  var inverseDiagonal: InterleavedMatrices
  var u: InterleavedMatrices
  /// Scratch for the positive-definiteness test of the updated covariances.
  var check: InterleavedMatrices
  /// Bit i·n + j set: entry (i, j) of H is non-zero in some filter.
  var structure: UInt64 = 0
  /// Whether the covariance banks passed in hold each Pₖᵀ (see
  /// `InterleavedMatrices.symmetricSandwich(_:transposes:plus:scratch:)`).
  public let covariancesTransposed: Bool

  /// Workspaces for filters with `stateSize` states and `measurementSize` measured values (m ≤ 4).
  /// `covariancesTransposed`: the covariance banks given to `factor` and `update` hold each Pₖᵀ, as
  /// `InterleavedMatrices.symmetricSandwich(_:transposes:plus:scratch:)` leaves them (the same
  /// matrices when symmetric; the difference is the rounding of the prediction).
  /// - Precondition: both positive, `measurementSize` ≤ 4, `measurementSize`·`stateSize` ≤ 64.
  public init(measurementSize m: Int, stateSize n: Int, covariancesTransposed: Bool = false) {
    precondition(
      m > 0 && n > 0 && m <= 4 && m * n <= 64, "InterleavedInnovation of \(m) measurements, \(n) states")
    self.covariancesTransposed = covariancesTransposed
    measurementSize = m
    stateSize = n
    hp = InterleavedMatrices(rows: m, columns: n)
    s = InterleavedMatrices(rows: m, columns: m)
    l = InterleavedMatrices(rows: m, columns: m)
    inverseDiagonal = InterleavedMatrices(rows: m, columns: 1)
    u = InterleavedMatrices(rows: m, columns: 1)
    check = InterleavedMatrices(rows: n, columns: n)
  }

  /// Computes H P and factors every Sₖ = Hₖ Pₖ Hₖᵀ + diag(rₖ).
  /// - Parameters:
  ///   - p: the covariances, n×n (only what the products read; symmetric in practice).
  ///   - h: the measurement Jacobians, m×n.
  ///   - r: the measurement noise variances, m×1 (R diagonal), in the measurement's units squared.
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit; `invalidArgument` when an Sₖ
  ///   holds NaN and `notPositiveDefinite(order:)` when one is not positive definite, with the order
  ///   within the block-diagonal S of all filters (filter `(order − 1) / m`), as
  ///   `BlockDiagonalCholesky` reports them. On a throw, `p` and `h` are untouched.
  public mutating func factor(
    covariances p: InterleavedMatrices, jacobians h: InterleavedMatrices,
    noiseVariances r: InterleavedMatrices
  ) throws(LinearAlgebraError) {
    let (m, n) = (measurementSize, stateSize)
    guard p.rows == n, p.columns == n, h.rows == m, h.columns == n, r.rows == m, r.columns == 1,
      h.count == p.count, r.count == p.count
    else {
      throw .dimensionMismatch(
        "InterleavedInnovation.factor: p \(p.shapeText), h \(h.shapeText), r \(r.shapeText); need \(n)×\(n), \(m)×\(n), \(m)×1, equal counts"
      )
    }
    count = p.count
    hp.resize(to: count)
    s.resize(to: count)
    l.resize(to: count)
    inverseDiagonal.resize(to: count)
    u.resize(to: count)
    check.resize(to: count)
    structure = 0
    let (used, hs) = (count, h.stride)
    h.withLanes { ph in
      // Group by group, looking only at the elements not yet seen non-zero (after the first group,
      // the ones that are zero in every filter so far); padding lanes masked out.
      var seen: UInt64 = 0
      for c in Swift.stride(from: 0, to: used, by: Lanes.scalarCount) {
        let valid = (Lanes(0, 1, 2, 3) .< Lanes(repeating: Double(used &- c))).bits
        for q in 0..<(m * n) where seen & (1 &<< UInt64(q)) == 0 {
          let nonzero = (ph.lanes(q &* hs &+ c) .!= 0).bits & valid
          if nonzero.anyLane { seen |= 1 &<< UInt64(q) }
        }
      }
      // Element q of the column-major H is (q % m, q / m).
      for q in 0..<(m * n) where seen & (1 &<< UInt64(q)) != 0 {
        structure |= 1 << UInt64((q % m) * n + q / m)
      }
    }
    guard count > 0 else { return }
    let failed = p.withLanes { pp in
      h.withLanes { ph in
        r.withLanes { pr in
          hp.withMutableLanes { php in
            s.withMutableLanes { ps in
              l.withMutableLanes { pl in
                inverseDiagonal.withMutableLanes { pd in
                  let k = Kernels(stride: p.stride, count: count, structure: structure)
                  if m == 3 && n == 6 && covariancesTransposed {
                    return k.factor(pp, ph, pr, php, ps, pl, pd, m: 3, n: 6, transposed: true)
                  }
                  return k.factor(
                    pp, ph, pr, php, ps, pl, pd, m: m, n: n, transposed: covariancesTransposed)
                }
              }
            }
          }
        }
      }
    }
    if failed { throw firstFailure() }
  }

  /// Keeps the factors of the filters at `indices` (ascending, distinct, below `count`) of the last
  /// `factor`, as filters 0, 1, … in that order: an update of those filters alone then needs no new
  /// `factor` (each filter's factor is computed independently of the others, so it is the one a
  /// `factor` of the gathered filters would give).
  public mutating func keepFilters(at indices: [Int]) {
    hp.keepMatrices(at: indices)
    s.keepMatrices(at: indices)
    l.keepMatrices(at: indices)
    inverseDiagonal.keepMatrices(at: indices)
    u.resize(to: indices.count)
    check.resize(to: indices.count)
    count = indices.count
  }

  /// The error of the first filter whose Sₖ did not factor, found again element by element.
  private func firstFailure() -> LinearAlgebraError {
    let m = measurementSize
    for k in 0..<count {
      for j in 0..<m {
        for i in j..<m where s[k, i, j].isNaN {
          return .invalidArgument(routine: "InterleavedInnovation.factor (NaN input)", position: 0)
        }
        var d = s[k, j, j]
        for q in 0..<j { d -= l[k, j, q] * l[k, j, q] }
        guard d > 0 else { return .notPositiveDefinite(order: k * m + j + 1) }
      }
    }
    return .notPositiveDefinite(order: 0)
  }

  /// ln det Sₖ of filter `k` in the last `factor`: 2 ln Πᵢ (Lₖ)ᵢᵢ (one logarithm, not m; the
  /// product of m ≤ 4 pivots of a factored S is far from overflow in the tracker's units).
  public func logDeterminant(_ k: Int) -> Double {
    precondition(k >= 0 && k < count, "filter \(k) of \(count)")
    var product = 1.0
    for i in 0..<measurementSize { product *= l[k, i, i] }
    return 2 * Foundation.log(product)
  }

  /// The NIS |Lₖ⁻¹ (zⱼ − ẑₖ)|² of every measurement zⱼ (column j < `columns` of `z`, m rows) from every
  /// filter's predicted measurement ẑₖ (`predicted`, m×1), with the factors of the last `factor`;
  /// written filter-major: out[k·columns + j].
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit.
  public func squaredDistances(
    of z: Matrix, columns: Int, from predicted: InterleavedMatrices, into out: inout [Double]
  ) throws(LinearAlgebraError) {
    let m = measurementSize
    guard z.rows == m, columns >= 0, columns <= z.columns, predicted.rows == m, predicted.columns == 1,
      predicted.count == count
    else {
      throw .dimensionMismatch(
        "InterleavedInnovation.squaredDistances: z \(z.shapeText) (\(columns) columns), predicted \(predicted.shapeText); need \(m) rows, \(count) filters"
      )
    }
    out.removeAll(keepingCapacity: true)
    out.append(contentsOf: repeatElement(0, count: count * columns))
    guard count > 0, columns > 0 else { return }
    let k = Kernels(stride: l.stride, count: count, structure: structure)
    z.withStorage { pz in
      predicted.withLanes { pe in
        l.withLanes { pl in
          inverseDiagonal.withLanes { pd in
            out.withUnsafeMutableBufferPointer { po in
              let factor = Factor(l: pl, inverseDiagonal: pd)
              if m == 3 {
                k.distances(pz.baseAddress!, columns, pe, factor, po.baseAddress!, m: 3)
              } else {
                k.distances(pz.baseAddress!, columns, pe, factor, po.baseAddress!, m: m)
              }
            }
          }
        }
      }
    }
  }

  /// Updates every filter with its innovation yₖ = zₖ − ẑₖ (m×1), using the factors of the last
  /// `factor` (which must have seen these `p`): x += Vᵀ u and P ← P − Vᵀ V with both halves averaged,
  /// V = L⁻¹ H P and u = L⁻¹ y. The NIS |u|² of each filter goes to `nis` (in filter order), and the
  /// filters whose updated covariance is not positive definite (cancellation when a measurement is far
  /// more precise than the prediction) to `notPositiveDefinite`, ascending; what to do with them is the
  /// caller's choice.
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit (nothing is changed then).
  public mutating func update(
    states x: inout InterleavedMatrices, covariances p: inout InterleavedMatrices,
    innovations y: InterleavedMatrices, nis: inout [Double], notPositiveDefinite: inout [Int]
  ) throws(LinearAlgebraError) {
    let (m, n) = (measurementSize, stateSize)
    guard x.rows == n, x.columns == 1, p.rows == n, p.columns == n, y.rows == m, y.columns == 1,
      x.count == count, p.count == count, y.count == count
    else {
      throw .dimensionMismatch(
        "InterleavedInnovation.update: x \(x.shapeText), p \(p.shapeText), y \(y.shapeText); need \(count) filters of \(n)×1, \(n)×\(n), \(m)×1"
      )
    }
    nis.removeAll(keepingCapacity: true)
    nis.append(contentsOf: repeatElement(0, count: count))
    notPositiveDefinite.removeAll(keepingCapacity: true)
    guard count > 0 else { return }
    let k = Kernels(stride: l.stride, count: count, structure: structure)
    let (l, inverseDiagonal) = (self.l, self.inverseDiagonal)
    let transposed = covariancesTransposed
    y.withLanes { py in
      l.withLanes { pl in
        inverseDiagonal.withLanes { pd in
          hp.withMutableLanes { pv in
            u.withMutableLanes { pu in
              check.withMutableLanes { pc in
                x.withMutableLanes { px in
                  p.withMutableLanes { pp in
                    nis.withUnsafeMutableBufferPointer { pn in
                      let b = UpdateBuffers(
                        y: py, l: Factor(l: pl, inverseDiagonal: pd), v: pv, u: pu, check: pc, x: px, p: pp,
                        nis: pn.baseAddress!)
                      if m == 3 && n == 6 && transposed {
                        k.update(b, m: 3, n: 6, transposed: true, notPositiveDefinite: &notPositiveDefinite)
                      } else {
                        k.update(
                          b, m: m, n: n, transposed: transposed, notPositiveDefinite: &notPositiveDefinite)
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

/// L (m×m lanes) and the reciprocals of its diagonal (m×1 lanes).
private struct Factor {
  var l: UnsafePointer<Double>
  var inverseDiagonal: UnsafePointer<Double>
}

private struct UpdateBuffers {
  var y: UnsafePointer<Double>
  var l: Factor
  var v: UnsafeMutablePointer<Double>
  var u: UnsafeMutablePointer<Double>
  var check: UnsafeMutablePointer<Double>
  var x: UnsafeMutablePointer<Double>
  var p: UnsafeMutablePointer<Double>
  var nis: UnsafeMutablePointer<Double>
}

/// The lane loops. Element (i, j) of a bank with r rows sits at (j·r + i)·stride + lane; every loop
/// walks the lanes four at a time. Sizes and the covariances' orientation are parameters so that calls
/// with constants unroll and fold.
private struct Kernels {
  let stride: Int
  let count: Int
  let structure: UInt64

  @inline(__always) func nonzero(_ i: Int, _ j: Int, n: Int) -> Bool {
    structure & (1 &<< UInt64(i &* n &+ j)) != 0
  }

  /// The offset of element `q` (column-major index) of lanes `c`.
  @inline(__always) func at(_ q: Int, _ c: Int) -> Int { q &* stride &+ c }

  /// The column-major index of P's element (i, j) in a bank of n×n covariances, stored as they are or
  /// transposed.
  @inline(__always) func pIndex(_ i: Int, _ j: Int, n: Int, transposed: Bool) -> Int {
    transposed ? i &* n &+ j : j &* n &+ i
  }

  /// All ones in the lanes from `c` that are filters, zero in padding lanes.
  @inline(__always) func validLanes(from c: Int) -> SIMD4<Int64> {
    (Lanes(0, 1, 2, 3) .< Lanes(repeating: Double(count &- c))).bits
  }

  /// H P, S and L for every filter; true if some filter's S holds NaN or is not positive definite.
  @inline(__always)
  func factor(
    _ p: UnsafePointer<Double>, _ h: UnsafePointer<Double>, _ r: UnsafePointer<Double>,
    _ hp: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Double>, _ l: UnsafeMutablePointer<Double>,
    _ inverseDiagonal: UnsafeMutablePointer<Double>, m: Int, n: Int, transposed pt: Bool
  ) -> Bool {
    var bad = SIMD4<Int64>(repeating: 0)
    for c in Swift.stride(from: 0, to: count, by: 4) {
      for j in 0..<n {
        for i in 0..<m {
          var acc = Lanes(repeating: 0)
          for q in 0..<n where nonzero(i, q, n: n) {
            acc += h.lanes(at(q &* m &+ i, c)) * p.lanes(at(pIndex(q, j, n: n, transposed: pt), c))
          }
          hp.setLanes(at(j &* m &+ i, c), acc)
        }
      }
      // S = H P Hᵀ + R, lower triangle.
      for j in 0..<m {
        for i in j..<m {
          var acc = Lanes(repeating: 0)
          for q in 0..<n where nonzero(j, q, n: n) {
            acc += hp.lanes(at(q &* m &+ i, c)) * h.lanes(at(q &* m &+ j, c))
          }
          if i == j { acc += r.lanes(at(i, c)) }
          s.setLanes(at(j &* m &+ i, c), acc)
        }
      }
      let valid = validLanes(from: c)
      for j in 0..<m {
        for i in j..<m {
          let v = s.lanes(at(j &* m &+ i, c))
          bad |= (v .!= v).bits & valid
        }
        var d = s.lanes(at(j &* m &+ j, c))
        for q in 0..<j {
          let ljq = l.lanes(at(q &* m &+ j, c))
          d -= ljq * ljq
        }
        bad |= ~(d .> 0).bits & valid
        let pivot = d.squareRoot()
        // One division per pivot; the column below and every later solve multiply by it.
        let inverse = 1 / pivot
        l.setLanes(at(j &* m &+ j, c), pivot)
        inverseDiagonal.setLanes(at(j, c), inverse)
        for i in 0..<j { l.setLanes(at(j &* m &+ i, c), Lanes(repeating: 0)) }
        for i in (j + 1)..<m {
          var v = s.lanes(at(j &* m &+ i, c))
          for q in 0..<j { v -= l.lanes(at(q &* m &+ i, c)) * l.lanes(at(q &* m &+ j, c)) }
          l.setLanes(at(j &* m &+ i, c), v * inverse)
        }
      }
    }
    return bad.anyLane
  }

  /// u ← L⁻¹ u for the four filters from lane `c`.
  @inline(__always)
  func forward(_ f: Factor, _ u: inout InlineLanes, c: Int, m: Int) {
    for i in 0..<m {
      var v = u[i]
      for q in 0..<i { v -= f.l.lanes(at(q &* m &+ i, c)) * u[q] }
      u[i] = v * f.inverseDiagonal.lanes(at(i, c))
    }
  }

  @inline(__always)
  func distances(
    _ z: UnsafePointer<Double>, _ columns: Int, _ predicted: UnsafePointer<Double>, _ l: Factor,
    _ out: UnsafeMutablePointer<Double>, m: Int
  ) {
    for c in Swift.stride(from: 0, to: count, by: 4) {
      let lanes = Swift.min(4, count &- c)
      for j in 0..<columns {
        var u = InlineLanes()
        for i in 0..<m { u[i] = Lanes(repeating: z[j &* m &+ i]) - predicted.lanes(at(i, c)) }
        forward(l, &u, c: c, m: m)
        var sum = Lanes(repeating: 0)
        for i in 0..<m { sum += u[i] * u[i] }
        for t in 0..<lanes { out[(c &+ t) &* columns &+ j] = sum[t] }
      }
    }
  }

  @inline(__always)
  func update(_ b: UpdateBuffers, m: Int, n: Int, transposed pt: Bool, notPositiveDefinite: inout [Int]) {
    for c in Swift.stride(from: 0, to: count, by: 4) {
      // V = L⁻¹ H P, column by column, in place of H P.
      for j in 0..<n {
        var col = InlineLanes()
        for i in 0..<m { col[i] = b.v.lanes(at(j &* m &+ i, c)) }
        forward(b.l, &col, c: c, m: m)
        for i in 0..<m { b.v.setLanes(at(j &* m &+ i, c), col[i]) }
      }
      var u = InlineLanes()
      for i in 0..<m { u[i] = b.y.lanes(at(i, c)) }
      forward(b.l, &u, c: c, m: m)
      var nis = u[0] * u[0]
      for i in 1..<m { nis += u[i] * u[i] }
      let lanes = Swift.min(4, count &- c)
      for t in 0..<lanes { b.nis[c &+ t] = nis[t] }
      // x += Vᵀ u.
      for i in 0..<n {
        var sum = Lanes(repeating: 0)
        for q in 0..<m { sum += b.v.lanes(at(i &* m &+ q, c)) * u[q] }
        b.x.setLanes(at(i, c), b.x.lanes(at(i, c)) + sum)
      }
      // P ← P − Vᵀ V; the two halves differ by rounding of the prediction, so both are updated and
      // averaged (which makes the orientation of the storage irrelevant from here on).
      for j in 0..<n {
        // Column j of V once for the whole column of P (stores into P could alias it otherwise).
        var vj = InlineLanes()
        for q in 0..<m { vj[q] = b.v.lanes(at(j &* m &+ q, c)) }
        for i in j..<n {
          var sum = Lanes(repeating: 0)
          for q in 0..<m { sum += b.v.lanes(at(i &* m &+ q, c)) * vj[q] }
          let (lo, up) = (
            at(pIndex(i, j, n: n, transposed: pt), c), at(pIndex(j, i, n: n, transposed: pt), c)
          )
          let lower = b.p.lanes(lo) - sum
          if i == j {
            b.p.setLanes(lo, lower)
          } else {
            let mean = 0.5 * (lower + (b.p.lanes(up) - sum))
            b.p.setLanes(lo, mean)
            b.p.setLanes(up, mean)
          }
        }
      }
      // Positive definite: the LDLᵀ factorization of the new P has positive, finite pivots (the
      // squares of Cholesky's, without the square roots). `check` holds W = L·D below the diagonal,
      // L itself above it (L(i, j) at (j, i)) and the pivots' reciprocals on it: with both W and L
      // at hand each term of the elimination is one product, not two.
      var bad = SIMD4<Int64>(repeating: 0)
      for j in 0..<n {
        var d = b.p.lanes(at(j &* n &+ j, c))
        for q in 0..<j { d -= b.check.lanes(at(q &* n &+ j, c)) * b.check.lanes(at(j &* n &+ q, c)) }
        bad |= ~((d .> 0).bits & (d .< .infinity).bits)
        let inverse = 1 / d
        b.check.setLanes(at(j &* n &+ j, c), inverse)
        for i in (j + 1)..<n {
          var w = b.p.lanes(at(j &* n &+ i, c))
          for q in 0..<j { w -= b.check.lanes(at(q &* n &+ i, c)) * b.check.lanes(at(j &* n &+ q, c)) }
          b.check.setLanes(at(j &* n &+ i, c), w)
          b.check.setLanes(at(i &* n &+ j, c), w * inverse)
        }
      }
      bad &= validLanes(from: c)
      if bad.anyLane {
        for t in 0..<lanes where bad[t] != 0 { notPositiveDefinite.append(c &+ t) }
      }
    }
  }
}

/// Up to four element-lanes of one column (m ≤ 4), on the stack.
private struct InlineLanes {
  var e = InlineArray<4, Lanes>(repeating: Lanes(repeating: 0))
  @inline(__always) subscript(i: Int) -> Lanes {
    get { e[i] }
    set { e[i] = newValue }
  }
}
