import Foundation

/// Runs numbered jobs on a fixed number of worker threads.
///
/// Workers take the next job number from a shared counter, so jobs start in order; each result lands
/// in the slot of its number, so what callers build from the results never depends on scheduling.
/// Once `isCancelled` returns true no further job starts; jobs already running finish, and the slots
/// of jobs never started stay nil.
public enum ParallelJobs {
  /// Runs `work(0) … work(count - 1)` on `jobs` threads and returns the results by job number.
  ///
  /// `completed` is called (on the worker's thread, one call at a time) as each job finishes.
  public static func run<T: Sendable>(
    count: Int, jobs: Int, isCancelled: (@Sendable () -> Bool)? = nil,
    work: @escaping @Sendable (Int) -> T,
    completed: (@Sendable (Int, T) -> Void)? = nil
  ) -> [T?] {
    let slots = Slots<T>(count: count)
    let workers = max(1, min(jobs, count))
    if workers == 1 {
      for i in 0..<count {
        if isCancelled?() == true { break }
        let result = work(i)
        slots.store(result, at: i, completed)
      }
      return slots.all()
    }
    let group = DispatchGroup()
    for _ in 0..<workers {
      group.enter()
      Thread.detachNewThread {
        while isCancelled?() != true, let i = slots.claim() {
          slots.store(work(i), at: i, completed)
        }
        group.leave()
      }
    }
    group.wait()
    return slots.all()
  }
}

/// Result slots and the job counter, behind a lock.
private final class Slots<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private let callbackLock = NSLock()
  private var slots: [T?]
  private var next = 0
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }
  func store(_ value: T, at i: Int, _ completed: (@Sendable (Int, T) -> Void)?) {
    lock.lock()
    slots[i] = value
    lock.unlock()
    // A separate lock: the callback may be slow (it appends to a file) and must not block claims.
    callbackLock.lock()
    completed?(i, value)
    callbackLock.unlock()
  }
  func all() -> [T?] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}
