/// Process-wide facts about the BLAS/LAPACK backend.
public enum LinearAlgebra {
  /// The number of threads OpenBLAS currently uses (openblas_get_num_threads).
  ///
  /// DockMath pins OpenBLAS to one thread on the first call of any BLAS or LAPACK entry point,
  /// so results do not depend on the core count and parallel scenario runs do not oversubscribe
  /// the machine. Reading this property does not itself pin, so it shows whether pinning
  /// happened.
  public static var blasThreadCount: Int { BLASCalls.threadCount() }

  /// Pins OpenBLAS to one thread now rather than at the first BLAS or LAPACK call, and stops the
  /// worker threads a threaded OpenBLAS starts when it loads (they spin for about 0.1 s of a core
  /// otherwise, while the program starts up). A program calls it first thing; calling it again, or
  /// never, is harmless.
  public static func pinToOneThread() { BLASCalls.pinToOneThread() }
}
