internal import CLAPACKE

/// The only place DockMath calls LAPACKE. Column-major layout makes LAPACKE pass the storage
/// straight to LAPACK without a transposed temporary. Returns LAPACK's `info` unchanged; mapping
/// it to errors is the caller's job. `lapack_int` is a macro Swift does not import; this
/// LAPACKE is the LP64 build, where it is `int32_t`.
enum LAPACKCalls {
  private static let lower = CChar(UInt8(ascii: "L"))

  /// dpotrf on the lower triangle of the square matrix `a`, in place.
  static func dpotrfLower(_ a: inout Matrix) -> Int32 {
    BLASCalls.pinToOneThread()
    let n = Int32(a.rows)
    let lda = Int32(a.leadingDimension)
    return a.withMutableStorage { pa in
      LAPACKE_dpotrf(LAPACK_COL_MAJOR, lower, n, pa.baseAddress, lda)
    }
  }

  /// dpotrs with the lower factor `factor` (n×n), overwriting `b` (n×nrhs) with the solution.
  static func dpotrsLower(factor: Matrix, _ b: inout Matrix) -> Int32 {
    BLASCalls.pinToOneThread()
    let n = Int32(factor.rows)
    let nrhs = Int32(b.columns)
    let lda = Int32(factor.leadingDimension)
    let ldb = Int32(b.leadingDimension)
    return factor.withStorage { pa in
      b.withMutableStorage { pb in
        LAPACKE_dpotrs(LAPACK_COL_MAJOR, lower, n, nrhs, pa.baseAddress, lda, pb.baseAddress, ldb)
      }
    }
  }

  /// dpbtrf on the lower band storage `ab` ((bands+1) rows used, leading dimension `ab.rows`) of a
  /// symmetric band matrix of order `order`, in place.
  static func dpbtrfLower(_ ab: inout Matrix, order: Int, bands: Int) -> Int32 {
    BLASCalls.pinToOneThread()
    let ldab = Int32(ab.leadingDimension)
    return ab.withMutableStorage { pab in
      LAPACKE_dpbtrf(LAPACK_COL_MAJOR, lower, Int32(order), Int32(bands), pab.baseAddress, ldab)
    }
  }

  /// dpbtrs with the lower band factor `factor`, overwriting the first `order` rows and `columns`
  /// columns of `b` with the solution.
  static func dpbtrsLower(factor: Matrix, order: Int, bands: Int, _ b: inout Matrix, columns: Int) -> Int32 {
    BLASCalls.pinToOneThread()
    let ldab = Int32(factor.leadingDimension)
    let ldb = Int32(b.leadingDimension)
    return factor.withStorage { pab in
      b.withMutableStorage { pb in
        LAPACKE_dpbtrs(
          LAPACK_COL_MAJOR, lower, Int32(order), Int32(bands), Int32(columns), pab.baseAddress, ldab,
          pb.baseAddress, ldb)
      }
    }
  }

  /// dtbtrs with the lower band factor `factor` (no transpose, non-unit diagonal): overwrites the first
  /// `order` rows and `columns` columns of `b` with L⁻¹·b.
  static func dtbtrsLower(factor: Matrix, order: Int, bands: Int, _ b: inout Matrix, columns: Int) -> Int32 {
    BLASCalls.pinToOneThread()
    let ldab = Int32(factor.leadingDimension)
    let ldb = Int32(b.leadingDimension)
    let notTransposed = CChar(UInt8(ascii: "N"))
    return factor.withStorage { pab in
      b.withMutableStorage { pb in
        LAPACKE_dtbtrs(
          LAPACK_COL_MAJOR, lower, notTransposed, notTransposed, Int32(order), Int32(bands), Int32(columns),
          pab.baseAddress, ldab, pb.baseAddress, ldb)
      }
    }
  }
}
