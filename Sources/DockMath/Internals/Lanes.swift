/// Four filters' (or matrices') values of one element: the SIMD unit of `InterleavedMatrices`'
/// kernels (`InterleavedMatrices.laneWidth`).
@usableFromInline typealias Lanes = SIMD4<Double>

extension UnsafePointer<Double> {
  /// The four lanes from `offset` (no alignment needed).
  @usableFromInline @inline(__always) func lanes(_ offset: Int) -> Lanes {
    UnsafeRawPointer(self + offset).loadUnaligned(as: Lanes.self)
  }
}

extension UnsafeMutablePointer<Double> {
  /// The four lanes from `offset` (no alignment needed).
  @usableFromInline @inline(__always) func lanes(_ offset: Int) -> Lanes {
    UnsafeRawPointer(self + offset).loadUnaligned(as: Lanes.self)
  }

  /// Stores four lanes at `offset` (no alignment needed).
  @usableFromInline @inline(__always) func setLanes(_ offset: Int, _ value: Lanes) {
    UnsafeMutableRawPointer(self + offset).storeBytes(of: value, as: Lanes.self)
  }
}

extension SIMDMask where Storage == SIMD4<Int64> {
  /// The comparison's lanes as integers, all ones where true. Combining `SIMDMask`s with `.&`, `.|`
  /// and `.!` is not vectorized on this target (generic code: a quarter of the update kernel's time);
  /// the same operations on the integer lanes are single instructions.
  @usableFromInline @inline(__always) var bits: SIMD4<Int64> { unsafeBitCast(self, to: SIMD4<Int64>.self) }
}

extension SIMD4<Int64> {
  /// Whether some lane is not zero, the lanes combined one by one (`==` and `!=` on whole vectors go
  /// through generic mask code on this target).
  @usableFromInline @inline(__always) var anyLane: Bool { (self[0] | self[1]) | (self[2] | self[3]) != 0 }

  /// Whether every lane is all ones (every lane of a comparison true).
  @usableFromInline @inline(__always) var allLanes: Bool { (self[0] & self[1]) & (self[2] & self[3]) == -1 }
}
