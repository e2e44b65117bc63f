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
  private let lock = NSLock()
  private var signalNumber: Int32?
  /// Whether a signal came: read by every worker once a frame, so an atomic rather than the lock.
  private let requested = Atomic<Bool>(false)
  private var sources: [any DispatchSourceSignal] = []

  func install() {
    for s in [SIGINT, SIGTERM] {
      ignoreSignal(s)
      let source = DispatchSource.makeSignalSource(signal: s, queue: .global())
      source.setEventHandler { [self] in
        lock.lock()
        let second = signalNumber != nil
        if !second { signalNumber = s }
        lock.unlock()
        requested.store(true, ordering: .releasing)
        if second { _exit(128 + s) }
        FileHandle.standardError.write(
          Data("\ndocksim: stopping after the running work (again to quit now)\n".utf8))
      }
      source.resume()
      sources.append(source)
    }
  }

  /// The signal received, if any.
  var received: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return signalNumber
  }

  var isRequested: Bool { requested.load(ordering: .acquiring) }
}

/// The C library's `signal(_:_:)`, which the `signal` property above would otherwise shadow.
private func ignoreSignal(_ s: Int32) {
  _ = signal(s, SIG_IGN)
}
