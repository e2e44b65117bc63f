import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM as a request to stop: the command finishes what is running, keeps every file
/// whole and exits 128 + the signal (130 for Ctrl-C, 143 for SIGTERM). A second signal exits at once;
/// files are still whole, since each is written atomically or a row at a time.
final class Interruption: @unchecked Sendable {
  static let shared = Interruption()
  /// The first signal received, 0 while none came. Every worker reads it once a frame, so it is an
  /// atomic rather than a lock.
  private let signalNumber = Atomic<Int32>(0)
  private var sources: [any DispatchSourceSignal] = []

  func install() {
    for s in [SIGINT, SIGTERM] {
      ignoreSignal(s)
      let source = DispatchSource.makeSignalSource(signal: s, queue: .global())
      source.setEventHandler { [self] in
        let first = signalNumber.compareExchange(
          expected: 0, desired: s, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring
        ).exchanged
        if !first { _exit(128 + s) }
        FileHandle.standardError.write(
          Data("\ndocksim: stopping after the running work (again to quit now)\n".utf8))
      }
      source.resume()
      sources.append(source)
    }
  }

  /// The signal received, if any.
  var received: Int32? {
    let s = signalNumber.load(ordering: .acquiring)
    return s == 0 ? nil : s
  }

  var isRequested: Bool { received != nil }
}

/// The C library's `signal(_:_:)`, which the `signal` property above would otherwise shadow.
private func ignoreSignal(_ s: Int32) {
  _ = signal(s, SIG_IGN)
}
