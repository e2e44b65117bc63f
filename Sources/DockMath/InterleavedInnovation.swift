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
  /// The k ≤ n leading states the measurement depends on: Hₖ is m×k, the Jacobian's first k columns
  /// (the others are zero). The tracker's box depends on the angles and the log size, not on their
  /// rates: H is 3×3, and neither the scan of H for zeros nor the products look at the rates' zeros.
  public let observedStates: Int
  /// Filters in the last `factor`.
  public private(set) var count = 0
  /// H P, then V = L⁻¹ H P after an update.
  var hp: InterleavedMatrices
  var s: InterleavedMatrices
  var l: InterleavedMatrices
  /// 1 / Lᵢᵢ, m×1: the solves multiply by it.
  var inverseDiagonal: InterleavedMatrices
  /// Scratch for the positive-definiteness test of the updated covariances (other than 6×6, whose
  /// test keeps its factors on the stack; resized by `update` for those only).
  var check: InterleavedMatrices
  /// Bit i·k + j set (k = `observedStates`): entry (i, j) of H is non-zero in some filter.
  var structure: UInt64 = 0
  /// Whether the covariance banks passed in hold each Pₖᵀ (see
  /// `InterleavedMatrices.symmetricSandwich(_:transposes:plus:scratch:)`).
  public let covariancesTransposed: Bool

  /// Workspaces for filters with `stateSize` states and `measurementSize` measured values (m ≤ 4).
  /// `covariancesTransposed`: the covariance banks given to `factor` and `update` hold each Pₖᵀ, as
  /// `InterleavedMatrices.symmetricSandwich(_:transposes:plus:scratch:)` leaves them (the same
  /// matrices when symmetric; the difference is the rounding of the prediction). `observedStates`:
  /// the Jacobians given to `factor` are m×k, the measurement's dependence on the first k states
  /// (nil: all n).
  /// - Precondition: all positive, `measurementSize` ≤ 4, `observedStates` ≤ `stateSize`,
  ///   `measurementSize`·`stateSize` ≤ 64.
  public init(
    measurementSize m: Int, stateSize n: Int, observedStates: Int? = nil, covariancesTransposed: Bool = false
  ) {
    let k = observedStates ?? n
    precondition(
      m > 0 && n > 0 && k > 0 && k <= n && m <= 4 && m * n <= 64,
      "InterleavedInnovation of \(m) measurements, \(n) states, \(k) observed")
    self.covariancesTransposed = covariancesTransposed
    measurementSize = m
    stateSize = n
    self.observedStates = k
    hp = InterleavedMatrices(rows: m, columns: n)
    s = InterleavedMatrices(rows: m, columns: m)
    l = InterleavedMatrices(rows: m, columns: m)
    inverseDiagonal = InterleavedMatrices(rows: m, columns: 1)
    check = InterleavedMatrices(rows: n, columns: n)
  }

  /// Computes H P and factors every Sₖ = Hₖ Pₖ Hₖᵀ + diag(rₖ).
  /// - Parameters:
  ///   - p: the covariances, n×n (only what the products read; symmetric in practice).
  ///   - h: the measurement Jacobians, m×k (k = `observedStates`).
  ///   - r: the measurement noise variances, m×1 (R diagonal), in the measurement's units squared.
  /// - Throws: `dimensionMismatch` for shapes or counts that do not fit; `invalidArgument` when an Sₖ
  ///   holds NaN and `notPositiveDefinite(order:)` when one is not positive definite, with the order
  ///   within the block-diagonal S of all filters (filter `(order − 1) / m`), as
  ///   `BlockDiagonalCholesky` reports them. On a throw, `p` and `h` are untouched.
  public mutating func factor(
    covariances p: InterleavedMatrices, jacobians h: InterleavedMatrices,
    noiseVariances r: InterleavedMatrices
  ) throws(LinearAlgebraError) {
    let (m, n, k) = (measurementSize, stateSize, observedStates)
    guard p.rows == n, p.columns == n, h.rows == m, h.columns == k, r.rows == m, r.columns == 1,
      h.count == p.count, r.count == p.count
    else {
      throw .dimensionMismatch(
        "InterleavedInnovation.factor: p \(p.shapeText), h \(h.shapeText), r \(r.shapeText); need \(n)×\(n), \(m)×\(k), \(m)×1, equal counts"
      )
    }
    count = p.count
    hp.resize(to: count)
    s.resize(to: count)
    l.resize(to: count)
    inverseDiagonal.resize(to: count)
    let (used, hs) = (count, h.stride)
    structure = h.withLanes { ph in
      // The tracker's 3×3 with the sizes as constants, so that the loops unroll.
      m == 3 && k == 3
        ? Self.nonzeroStructure(ph, stride: hs, count: used, m: 3, n: 3)
        : Self.nonzeroStructure(ph, stride: hs, count: used, m: m, n: k)
    }
    guard count > 0 else { return }
    let failed = p.withLanes { pp in
      h.withLanes { ph in
        r.withLanes { pr in
          hp.withMutableLanes { php in
            s.withMutableLanes { ps in
              l.withMutableLanes { pl in
                inverseDiagonal.withMutableLanes { pd in
                  let kernels = Kernels(stride: p.stride, count: count, structure: structure)
                  if m == 3 && n == 6 && k == 3 && covariancesTransposed {
                    return kernels.factor(pp, ph, pr, php, ps, pl, pd, m: 3, n: 6, k: 3, transposed: true)
                  }
                  return kernels.factor(
                    pp, ph, pr, php, ps, pl, pd, m: m, n: n, k: k, transposed: covariancesTransposed)
                }
              }
            }
          }
        }
      }
    }
    if failed { throw firstFailure() }
  }

  /// Bit i·n + j set: entry (i, j) of some filter's m×n matrix in `h` is not zero (NaN counts as not
  /// zero); padding lanes are not looked at. Element by element, each over all lane groups, with no
  /// branch per group: the scan runs every frame, and skipping the elements already seen (group by
  /// group) kept its loop from unrolling, about 40 ns of a one-track frame (with a division by m per
  /// element found).
  @inline(__always)
  private static func nonzeroStructure(
    _ h: UnsafePointer<Double>, stride: Int, count: Int, m: Int, n: Int
  ) -> UInt64 {
    let full = count / Lanes.scalarCount * Lanes.scalarCount
    let tail = (Lanes(0, 1, 2, 3) .< Lanes(repeating: Double(count &- full))).bits
    var structure: UInt64 = 0
    for j in 0..<n {
      for i in 0..<m {
        // Column-major: entry (i, j) is element j·m + i.
        let q = j &* m &+ i
        var any = SIMD4<Int64>(repeating: 0)
        for c in Swift.stride(from: 0, to: full, by: Lanes.scalarCount) {
          any |= (h.lanes(q &* stride &+ c) .!= 0).bits
        }
        if full < count { any |= (h.lanes(q &* stride &+ full) .!= 0).bits & tail }
        if any.anyLane { structure |= 1 &<< UInt64(i &* n &+ j) }
      }
    }
    return structure
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
    // Every entry is written below: the array is rebuilt only when its size changes (a generic
    // replacement and append every frame otherwise).
    if nis.count != count {
      nis.removeAll(keepingCapacity: true)
      nis.append(contentsOf: repeatElement(0, count: count))
    }
    if !notPositiveDefinite.isEmpty { notPositiveDefinite.removeAll(keepingCapacity: true) }
    guard count > 0 else { return }
    // The check's scratch bank serves sizes other than 6×6 (whose factors stay on the stack): resized
    // only for them, since the gate and the update change the count every frame.
    if n != 6 { check.resize(to: count) }
    let k = Kernels(stride: l.stride, count: count, structure: structure)
    let (l, inverseDiagonal) = (self.l, self.inverseDiagonal)
    let transposed = covariancesTransposed
    y.withLanes { py in
      l.withLanes { pl in
        inverseDiagonal.withLanes { pd in
          hp.withMutableLanes { pv in
            check.withMutableLanes { pc in
              x.withMutableLanes { px in
                p.withMutableLanes { pp in
                  nis.withUnsafeMutableBufferPointer { pn in
                    let b = UpdateBuffers(
                      y: py, l: Factor(l: pl, inverseDiagonal: pd), v: pv, check: pc, x: px, p: pp,
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

/// L (m×m lanes) and the reciprocals of its diagonal (m×1 lanes).
private struct Factor {
  var l: UnsafePointer<Double>
  var inverseDiagonal: UnsafePointer<Double>
}

private struct UpdateBuffers {
  var y: UnsafePointer<Double>
  var l: Factor
  var v: UnsafeMutablePointer<Double>
  var check: UnsafeMutablePointer<Double>
  var x: UnsafeMutablePointer<Double>
  var p: UnsafeMutablePointer<Double>
  var nis: UnsafeMutablePointer<Double>
}

/// The lane loops. Element (i, j) of a bank with r rows sits at (j·r + i)·stride + lane. Every loop
/// walks the filters one lane group at a time: four lanes (`SIMD4`, two SSE2 registers) while more
/// than two filters are left, and two (`SIMD2`, one register) for a last group of one or two filters,
/// so that a bank of one track does half the arithmetic of a whole group (the tracker's usual case,
/// one subject). Each lane does the same IEEE operations in the same order at either width, so a
/// filter's result does not depend on the width its group ran at, nor on the other filters. Sizes
/// and the covariances' orientation are parameters so that calls with constants unroll and fold.
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
  @inline(__always) func validLanes<V: KernelLanes>(_: V.Type, from c: Int) -> V.Bits {
    V.lanes(below: count &- c)
  }

  /// Whether the lane group from `c` runs four lanes wide: more than two filters are left from it.
  /// Each kernel runs its wide groups, then the last group two lanes wide when one or two filters are
  /// left for it (groups start at multiples of four either way).
  @inline(__always) func wide(_ c: Int) -> Bool { count &- c > 2 }

  /// H P, S and L for every filter (H m×k, its first k columns); true if some filter's S holds NaN
  /// or is not positive definite.
  @inline(__always)
  func factor(
    _ p: UnsafePointer<Double>, _ h: UnsafePointer<Double>, _ r: UnsafePointer<Double>,
    _ hp: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Double>, _ l: UnsafeMutablePointer<Double>,
    _ inverseDiagonal: UnsafeMutablePointer<Double>, m: Int, n: Int, k: Int, transposed pt: Bool
  ) -> Bool {
    var (bad, c) = (false, 0)
    while wide(c) {
      if factorGroup(
        SIMD4<Double>.self, c, p, h, r, hp, s, l, inverseDiagonal, m: m, n: n, k: k, transposed: pt)
      {
        bad = true
      }
      c &+= 4
    }
    if c < count,
      factorGroup(SIMD2<Double>.self, c, p, h, r, hp, s, l, inverseDiagonal, m: m, n: n, k: k, transposed: pt)
    {
      bad = true
    }
    return bad
  }

  /// One lane group of `factor`. `@_transparent` (inlined before specialization), not
  /// `@inline(__always)`: with the latter the compiler kept the two-lane specialization out of line,
  /// where the sizes passed as constants are not constants, and a bank of one track ran 15 % slower.
  @_transparent
  func factorGroup<V: KernelLanes>(
    _: V.Type, _ c: Int, _ p: UnsafePointer<Double>, _ h: UnsafePointer<Double>, _ r: UnsafePointer<Double>,
    _ hp: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Double>, _ l: UnsafeMutablePointer<Double>,
    _ inverseDiagonal: UnsafeMutablePointer<Double>, m: Int, n: Int, k: Int, transposed pt: Bool
  ) -> Bool {
    for j in 0..<n {
      for i in 0..<m {
        var acc = V(repeating: 0)
        for q in 0..<k where nonzero(i, q, n: k) {
          acc += V.load(h, at(q &* m &+ i, c)) * V.load(p, at(pIndex(q, j, n: n, transposed: pt), c))
        }
        acc.store(hp, at(j &* m &+ i, c))
      }
    }
    // S = H P Hᵀ + R, lower triangle.
    for j in 0..<m {
      for i in j..<m {
        var acc = V(repeating: 0)
        for q in 0..<k where nonzero(j, q, n: k) {
          acc += V.load(hp, at(q &* m &+ i, c)) * V.load(h, at(q &* m &+ j, c))
        }
        if i == j { acc += V.load(r, at(i, c)) }
        acc.store(s, at(j &* m &+ i, c))
      }
    }
    let valid = validLanes(V.self, from: c)
    var bad = V.Bits(repeating: 0)
    for j in 0..<m {
      for i in j..<m {
        bad |= V.load(s, at(j &* m &+ i, c)).nanBits & valid
      }
      var d = V.load(s, at(j &* m &+ j, c))
      for q in 0..<j {
        let ljq = V.load(l, at(q &* m &+ j, c))
        d -= ljq * ljq
      }
      bad |= ~d.positiveBits & valid
      let pivot = d.squareRoot()
      // One division per pivot; the column below and every later solve multiply by it.
      let inverse = V(repeating: 1) / pivot
      pivot.store(l, at(j &* m &+ j, c))
      inverse.store(inverseDiagonal, at(j, c))
      for i in 0..<j { V(repeating: 0).store(l, at(j &* m &+ i, c)) }
      for i in (j + 1)..<m {
        var v = V.load(s, at(j &* m &+ i, c))
        for q in 0..<j { v -= V.load(l, at(q &* m &+ i, c)) * V.load(l, at(q &* m &+ j, c)) }
        (v * inverse).store(l, at(j &* m &+ i, c))
      }
    }
    return bad.anyLane
  }

  /// u ← L⁻¹ u for the filters from lane `c`.
  @inline(__always)
  func forward<V: KernelLanes>(_ f: Factor, _ u: inout InlineLanes<V>, c: Int, m: Int) {
    for i in 0..<m {
      var v = u[i]
      for q in 0..<i { v -= V.load(f.l, at(q &* m &+ i, c)) * u[q] }
      u[i] = v * V.load(f.inverseDiagonal, at(i, c))
    }
  }

  @inline(__always)
  func distances(
    _ z: UnsafePointer<Double>, _ columns: Int, _ predicted: UnsafePointer<Double>, _ l: Factor,
    _ out: UnsafeMutablePointer<Double>, m: Int
  ) {
    var c = 0
    while wide(c) {
      distancesGroup(SIMD4<Double>.self, c, z, columns, predicted, l, out, m: m)
      c &+= 4
    }
    if c < count { distancesGroup(SIMD2<Double>.self, c, z, columns, predicted, l, out, m: m) }
  }

  /// One lane group of `distances` (`@_transparent`: see `factorGroup`).
  @_transparent
  func distancesGroup<V: KernelLanes>(
    _: V.Type, _ c: Int, _ z: UnsafePointer<Double>, _ columns: Int, _ predicted: UnsafePointer<Double>,
    _ l: Factor, _ out: UnsafeMutablePointer<Double>, m: Int
  ) {
    let lanes = Swift.min(V.scalarCount, count &- c)
    for j in 0..<columns {
      var u = InlineLanes<V>()
      for i in 0..<m { u[i] = V(repeating: z[j &* m &+ i]) - V.load(predicted, at(i, c)) }
      forward(l, &u, c: c, m: m)
      var sum = V(repeating: 0)
      for i in 0..<m { sum += u[i] * u[i] }
      for t in 0..<lanes { out[(c &+ t) &* columns &+ j] = sum[t] }
    }
  }

  @inline(__always)
  func update(_ b: UpdateBuffers, m: Int, n: Int, transposed pt: Bool, notPositiveDefinite: inout [Int]) {
    var c = 0
    while wide(c) {
      updateGroup(
        SIMD4<Double>.self, c, b, m: m, n: n, transposed: pt, notPositiveDefinite: &notPositiveDefinite)
      c &+= 4
    }
    if c < count {
      updateGroup(
        SIMD2<Double>.self, c, b, m: m, n: n, transposed: pt, notPositiveDefinite: &notPositiveDefinite)
    }
  }

  /// One lane group of `update` (`@_transparent`: see `factorGroup`).
  @_transparent
  func updateGroup<V: KernelLanes>(
    _: V.Type, _ c: Int, _ b: UpdateBuffers, m: Int, n: Int, transposed pt: Bool,
    notPositiveDefinite: inout [Int]
  ) {
    // V = L⁻¹ H P, column by column, in place of H P.
    for j in 0..<n {
      var col = InlineLanes<V>()
      for i in 0..<m { col[i] = V.load(b.v, at(j &* m &+ i, c)) }
      forward(b.l, &col, c: c, m: m)
      for i in 0..<m { col[i].store(b.v, at(j &* m &+ i, c)) }
    }
    var u = InlineLanes<V>()
    for i in 0..<m { u[i] = V.load(b.y, at(i, c)) }
    forward(b.l, &u, c: c, m: m)
    var nis = u[0] * u[0]
    for i in 1..<m { nis += u[i] * u[i] }
    let lanes = Swift.min(V.scalarCount, count &- c)
    for t in 0..<lanes { b.nis[c &+ t] = nis[t] }
    // x += Vᵀ u.
    for i in 0..<n {
      var sum = V(repeating: 0)
      for q in 0..<m { sum += V.load(b.v, at(i &* m &+ q, c)) * u[q] }
      (V.load(b.x, at(i, c)) + sum).store(b.x, at(i, c))
    }
    // P ← P − Vᵀ V; the two halves differ by rounding of the prediction, so both are updated and
    // averaged (which makes the orientation of the storage irrelevant from here on).
    let half = V(repeating: 0.5)
    for j in 0..<n {
      // Column j of V once for the whole column of P (stores into P could alias it otherwise).
      var vj = InlineLanes<V>()
      for q in 0..<m { vj[q] = V.load(b.v, at(j &* m &+ q, c)) }
      for i in j..<n {
        var sum = V(repeating: 0)
        for q in 0..<m { sum += V.load(b.v, at(i &* m &+ q, c)) * vj[q] }
        let (lo, up) = (
          at(pIndex(i, j, n: n, transposed: pt), c), at(pIndex(j, i, n: n, transposed: pt), c)
        )
        let lower = V.load(b.p, lo) - sum
        if i == j {
          lower.store(b.p, lo)
        } else {
          let mean = half * (lower + (V.load(b.p, up) - sum))
          mean.store(b.p, lo)
          mean.store(b.p, up)
        }
      }
    }
    // Positive definite: the LDLᵀ factorization of the new P has positive, finite pivots (the
    // squares of Cholesky's, without the square roots). For the tracker's six states the factors
    // stay on the stack, where the compiler keeps them in registers: in the `check` bank every one
    // went through memory (the pointers may alias P), a store and a load on the chain of pivots.
    var bad: V.Bits
    if n == 6 {
      var scratch = StackScratch36<V>()
      bad = indefiniteLanes(V.self, b.p, c, n: 6, scratch: &scratch)
    } else {
      var scratch = BankScratch<V>(base: b.check, stride: stride, lane: c)
      bad = indefiniteLanes(V.self, b.p, c, n: n, scratch: &scratch)
    }
    bad &= validLanes(V.self, from: c)
    if bad.anyLane {
      for t in 0..<lanes where bad[t] != 0 { notPositiveDefinite.append(c &+ t) }
    }
  }

  /// All ones in the lanes from `c` whose n×n covariance (column-major at `p`) has an LDLᵀ pivot that
  /// is not positive and finite (padding lanes included). `scratch` holds W = L·D below the diagonal
  /// and L above it (L(i, j) at (j, i)): with both at hand each term of the elimination is one
  /// product, not two.
  @_transparent
  func indefiniteLanes<V: KernelLanes, S: LaneScratch>(
    _: V.Type, _ p: UnsafeMutablePointer<Double>, _ c: Int, n: Int, scratch: inout S
  ) -> V.Bits where S.V == V {
    var bad = V.Bits(repeating: 0)
    for j in 0..<n {
      var d = V.load(p, at(j &* n &+ j, c))
      for q in 0..<j { d -= scratch[q &* n &+ j] * scratch[j &* n &+ q] }
      bad |= ~(d.positiveBits & d.belowInfinityBits)
      let inverse = V(repeating: 1) / d
      for i in (j + 1)..<n {
        var w = V.load(p, at(j &* n &+ i, c))
        for q in 0..<j { w -= scratch[q &* n &+ i] * scratch[j &* n &+ q] }
        scratch[j &* n &+ i] = w
        scratch[i &* n &+ j] = w * inverse
      }
    }
    return bad
  }
}

/// Up to four element-lanes of one column (m ≤ 4), on the stack.
private struct InlineLanes<V: KernelLanes> {
  var e = InlineArray<4, V>(repeating: V(repeating: 0))
  @inline(__always) subscript(i: Int) -> V {
    get { e[i] }
    set { e[i] = newValue }
  }
}

/// Where the positive-definiteness check keeps its factors: element q of an n×n matrix of lanes.
private protocol LaneScratch {
  associatedtype V: KernelLanes
  subscript(q: Int) -> V { get set }
}

/// A 6×6 matrix of lanes on the stack.
private struct StackScratch36<V: KernelLanes>: LaneScratch {
  var e = InlineArray<36, V>(repeating: V(repeating: 0))
  @inline(__always) subscript(q: Int) -> V {
    get { e[q] }
    set { e[q] = newValue }
  }
}

/// The lanes from `lane` of a bank's elements (any size).
private struct BankScratch<V: KernelLanes>: LaneScratch {
  let base: UnsafeMutablePointer<Double>
  let stride: Int
  let lane: Int
  @inline(__always) subscript(q: Int) -> V {
    get { V.load(base, q &* stride &+ lane) }
    nonmutating set { newValue.store(base, q &* stride &+ lane) }
  }
}

/// The SIMD unit of the kernels, `SIMD4<Double>` or `SIMD2<Double>`: the requirements are met by the
/// standard library's concrete operators on those types, so a kernel specialized for one compiles to
/// the same vector instructions as code written for it directly.
private protocol KernelLanes {
  /// The lanes of a comparison, all ones where it holds.
  associatedtype Bits: KernelBits
  static var scalarCount: Int { get }
  init(repeating value: Double)
  subscript(index: Int) -> Double { get set }
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func * (a: Self, b: Self) -> Self
  static func / (a: Self, b: Self) -> Self
  static func += (a: inout Self, b: Self)
  static func -= (a: inout Self, b: Self)
  func squareRoot() -> Self
  /// All ones in lanes 0..<`n`, zero in the others.
  static func lanes(below n: Int) -> Bits
  /// All ones in the lanes that are NaN.
  var nanBits: Bits { get }
  /// All ones in the lanes that are > 0.
  var positiveBits: Bits { get }
  /// All ones in the lanes that are < +∞.
  var belowInfinityBits: Bits { get }
  /// The lanes from `offset` (no alignment needed).
  static func load(_ p: UnsafePointer<Double>, _ offset: Int) -> Self
  static func load(_ p: UnsafeMutablePointer<Double>, _ offset: Int) -> Self
  /// Stores the lanes at `offset` (no alignment needed).
  func store(_ p: UnsafeMutablePointer<Double>, _ offset: Int)
}

/// Comparison lanes as integers (see `SIMDMask.bits` for why not masks).
private protocol KernelBits {
  init(repeating value: Int64)
  subscript(index: Int) -> Int64 { get set }
  static func & (a: Self, b: Self) -> Self
  static func &= (a: inout Self, b: Self)
  static func |= (a: inout Self, b: Self)
  static prefix func ~ (a: Self) -> Self
  var anyLane: Bool { get }
}

extension SIMD4<Double>: KernelLanes {
  @inline(__always) fileprivate static func lanes(below n: Int) -> SIMD4<Int64> {
    (Self(0, 1, 2, 3) .< Self(repeating: Double(n))).bits
  }
  @inline(__always) fileprivate var nanBits: SIMD4<Int64> { (self .!= self).bits }
  @inline(__always) fileprivate var positiveBits: SIMD4<Int64> { (self .> 0).bits }
  @inline(__always) fileprivate var belowInfinityBits: SIMD4<Int64> { (self .< .infinity).bits }
  @inline(__always) fileprivate static func load(_ p: UnsafePointer<Double>, _ offset: Int) -> Self {
    p.lanes(offset)
  }
  @inline(__always) fileprivate static func load(_ p: UnsafeMutablePointer<Double>, _ offset: Int) -> Self {
    p.lanes(offset)
  }
  @inline(__always) fileprivate func store(_ p: UnsafeMutablePointer<Double>, _ offset: Int) {
    p.setLanes(offset, self)
  }
}

extension SIMD4<Int64>: KernelBits {}

extension SIMD2<Double>: KernelLanes {
  @inline(__always) fileprivate static func lanes(below n: Int) -> SIMD2<Int64> {
    (Self(0, 1) .< Self(repeating: Double(n))).bits
  }
  @inline(__always) fileprivate var nanBits: SIMD2<Int64> { (self .!= self).bits }
  @inline(__always) fileprivate var positiveBits: SIMD2<Int64> { (self .> 0).bits }
  @inline(__always) fileprivate var belowInfinityBits: SIMD2<Int64> { (self .< .infinity).bits }
  @inline(__always) fileprivate static func load(_ p: UnsafePointer<Double>, _ offset: Int) -> Self {
    UnsafeRawPointer(p + offset).loadUnaligned(as: Self.self)
  }
  @inline(__always) fileprivate static func load(_ p: UnsafeMutablePointer<Double>, _ offset: Int) -> Self {
    UnsafeRawPointer(p + offset).loadUnaligned(as: Self.self)
  }
  @inline(__always) fileprivate func store(_ p: UnsafeMutablePointer<Double>, _ offset: Int) {
    UnsafeMutableRawPointer(p + offset).storeBytes(of: self, as: Self.self)
  }
}

extension SIMD2<Int64>: KernelBits {
  @inline(__always) fileprivate var anyLane: Bool { self[0] | self[1] != 0 }
}

extension SIMDMask where Storage == SIMD2<Int64> {
  /// As `SIMDMask<SIMD4<Int64>>.bits`.
  @inline(__always) fileprivate var bits: SIMD2<Int64> { unsafeBitCast(self, to: SIMD2<Int64>.self) }
}
