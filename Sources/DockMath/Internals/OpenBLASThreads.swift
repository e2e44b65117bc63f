internal import CBLAS

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// OpenBLAS's thread pool, kept to the caller's thread.
enum OpenBLASThreads {
  /// Sets OpenBLAS to one thread and, where the library started a pool of workers when it was loaded
  /// (the pthread build does, one per core, before `main` runs), stops that pool.
  ///
  /// `openblas_set_num_threads(1)` alone leaves the workers alive, and they spin in `sched_yield`
  /// waiting for work that never comes: about 7 % of a core in a `docksim run` (`perf record`), taken
  /// from the scenarios running on the other cores. `OPENBLAS_NUM_THREADS=1` in the environment avoids
  /// the pool, but only when it is set before the library loads. `blas_thread_shutdown_` is not part
  /// of CBLAS and exists only in OpenBLAS's threaded builds, so it is looked up at run time and called
  /// only when present; with one thread set, OpenBLAS never asks for the pool again.
  static func pinToOne() {
    openblas_set_num_threads(1)
    #if os(Linux)
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "blas_thread_shutdown_") {
        typealias Shutdown = @convention(c) () -> Int32
        _ = unsafeBitCast(symbol, to: Shutdown.self)()
      }
    #endif
  }
}
