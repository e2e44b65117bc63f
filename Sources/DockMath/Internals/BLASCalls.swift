internal import CBLAS

/// The only place DockMath calls CBLAS and OpenBLAS. Callers have already checked shapes; these
/// wrappers turn `Matrix` storage into pointers and leading dimensions and nothing more.
enum BLASCalls {
  /// OpenBLAS would otherwise start one worker per core: results could then depend on the
  /// machine, and the harness, which already runs scenarios in parallel, would oversubscribe the
  /// cores. A `static let` initializer runs exactly once and is thread-safe, so touching it from
  /// every entry point is a concurrency-safe "call once".
  private static let pinnedToOneThread: Void = OpenBLASThreads.pinToOne()

  /// Makes sure OpenBLAS runs on the caller's thread; every BLAS and LAPACK call goes
  /// through here first.
  static func pinToOneThread() {
    _ = pinnedToOneThread
  }

  /// The current OpenBLAS thread count; deliberately does not pin, so it can show whether
  /// pinning happened.
  static func threadCount() -> Int {
    Int(openblas_get_num_threads())
  }

  /// c = alpha·op(a)·op(b) + beta·c with op(a) m×k, op(b) k×n, c m×n.
  static func dgemm(
    _ a: Matrix, _ transA: Transpose, _ b: Matrix, _ transB: Transpose, into c: inout Matrix,
    m: Int, n: Int, k: Int, alpha: Double, beta: Double
  ) {
    pinToOneThread()
    let ldc = blasint(c.leadingDimension)
    a.withStorage { pa in
      b.withStorage { pb in
        c.withMutableStorage { pc in
          cblas_dgemm(
            CblasColMajor, transA.cblas, transB.cblas, blasint(m), blasint(n), blasint(k),
            alpha, pa.baseAddress, blasint(a.leadingDimension), pb.baseAddress,
            blasint(b.leadingDimension), beta, pc.baseAddress, ldc)
        }
      }
    }
  }

  /// y = y + alpha·x over the whole storage of two equally sized matrices.
  static func daxpy(alpha: Double, _ x: Matrix, into y: inout Matrix) {
    pinToOneThread()
    x.withStorage { px in
      y.withMutableStorage { py in
        cblas_daxpy(blasint(px.count), alpha, px.baseAddress, 1, py.baseAddress, 1)
      }
    }
  }

  /// xᵀ·y over the whole storage of two equally sized vectors.
  static func ddot(_ x: Matrix, _ y: Matrix) -> Double {
    pinToOneThread()
    return x.withStorage { px in
      y.withStorage { py in cblas_ddot(blasint(px.count), px.baseAddress, 1, py.baseAddress, 1) }
    }
  }
}

extension Transpose {
  fileprivate var cblas: CBLAS_TRANSPOSE {
    switch self {
    case .none: CblasNoTrans
    case .transposed: CblasTrans
    }
  }
}

extension BLASCalls {
  /// c = alpha·a·op(b) + beta·c over raw column-major storage: a m×k with leading dimension `lda`,
  /// op(b) k×n, c m×n with leading dimension `ldc`. For `InterleavedMatrices`, whose used part is a
  /// prefix of a larger buffer viewed with its own leading dimension.
  static func dgemm(
    _ a: UnsafePointer<Double>, lda: Int, _ b: Matrix, _ transB: Transpose,
    into c: UnsafeMutablePointer<Double>, ldc: Int, m: Int, n: Int, k: Int, alpha: Double, beta: Double
  ) {
    pinToOneThread()
    b.withStorage { pb in
      cblas_dgemm(
        CblasColMajor, CblasNoTrans, transB.cblas, blasint(m), blasint(n), blasint(k), alpha, a, blasint(lda),
        pb.baseAddress, blasint(b.leadingDimension), beta, c, blasint(ldc))
    }
  }
}
