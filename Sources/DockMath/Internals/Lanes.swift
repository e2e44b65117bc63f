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
