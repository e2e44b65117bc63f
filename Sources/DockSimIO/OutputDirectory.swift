import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output directory held by one command for its whole run (docs/robustness.md, "Outputs and
/// faults").
///
/// * **Lock.** `<dir>/.docksim.lock` is locked with `flock(LOCK_EX | LOCK_NB)` and holds the holder's
///   pid, command and start time. It is opened without following a symbolic link: a link of that
///   name is refused, never written through. The kernel releases the lock when the process ends,
///   however it ends, so a lock file left by a killed run blocks nothing; a second command into the
///   directory is refused at once (`OutputDirectoryBusy`, naming the holder).
/// * **Staging.** Outputs are written into `<dir>/.docksim-staging-<pid>/` and moved into place by
///   `OutputTransaction.commit`, so a failure leaves no partial set; `discardStaging` removes it.
/// * **Leftovers.** While holding the lock, a publication a killed holder left half done is rolled
///   back (`OutputTransaction`), then staging directories of other processes (only a killed holder can
///   have left one) and `AtomicFileWriter` temporary files of processes no longer alive are
///   removed. A staging directory is known by the marker file docksim puts in it
///   (`stagingMarker`), not by its name alone: a directory of the user's that merely looks like one
///   stays. Nothing else is touched.
public final class OutputDirectory {
  public static let lockName = ".docksim.lock"
  public static let stagingPrefix = ".docksim-staging-"
  /// The file in every staging directory that says docksim made it; never published.
  public static let stagingMarker = ".docksim-staging-marker"

  public let path: String
  public let staging: String
  private var descriptor: Int32 = -1

  /// Creates `path` if needed and locks it for `command` (e.g. `docksim run`).
  /// - Throws: `OutputDirectoryBusy` when another process holds it; `IOFailure` when it cannot be
  ///   created or locked (a file of that name, a read-only file system, no permission).
  public init(path: String, command: String) throws {
    self.path = path
    staging = (path as NSString).appendingPathComponent("\(Self.stagingPrefix)\(getpid())")
    try FileSystem.createDirectory(path)
    let lockPath = (path as NSString).appendingPathComponent(Self.lockName)
    // A holder that finished unlinks the file it locked; lock the file now at the path, not an old one.
    for _ in 0..<100 {
      let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
      guard fd >= 0 else {
        if errno == ELOOP {
          throw IOFailure(
            path: lockPath,
            message:
              "is a symbolic link; expected docksim's own lock file (remove the link to use this --out)")
        }
        throw IOFailure(path: lockPath, errno: errno, doing: "cannot create the lock file")
      }
      if flock(fd, LOCK_EX | LOCK_NB) != 0 {
        let code = errno
        let holder = Self.awaitHolder(fd)
        close(fd)
        if code == EWOULDBLOCK || code == EAGAIN {
          throw OutputDirectoryBusy(directory: path, lockFile: lockPath, holder: holder)
        }
        throw IOFailure(path: lockPath, errno: code, doing: "cannot lock")
      }
      var held = stat()
      var current = stat()
      if fstat(fd, &held) == 0, lstat(lockPath, &current) == 0, held.st_ino == current.st_ino,
        held.st_dev == current.st_dev
      {
        descriptor = fd
        break
      }
      close(fd)
    }
    guard descriptor >= 0 else {
      throw IOFailure(path: lockPath, message: "cannot lock: the file keeps changing")
    }
    let started = ISO8601DateFormatter().string(from: Date())
    let holder = "pid \(getpid()), \(command), started \(started)"
    _ = ftruncate(descriptor, 0)
    do { try FileSystem.writeAll(descriptor, Array((holder + "\n").utf8), path: lockPath) } catch {
      release()
      throw error
    }
    do { try removeLeftovers() } catch {
      release()
      throw error
    }
  }

  deinit { release() }

  /// Unlocks and removes the lock file (removing it while locked, so no one else is using it).
  public func release() {
    guard descriptor >= 0 else { return }
    unlink((path as NSString).appendingPathComponent(Self.lockName))
    close(descriptor)
    descriptor = -1
  }

  /// The staging directory, created, with its marker.
  public func createStaging() throws -> String {
    try FileSystem.createDirectory(staging)
    try AtomicFileWriter.write("docksim staging directory of pid \(getpid())\n", to: marker)
    return staging
  }

  private var marker: String { (staging as NSString).appendingPathComponent(Self.stagingMarker) }

  /// `error`, naming the file where it was to go rather than its staging copy.
  public func unstaged(_ error: any Error) -> any Error {
    guard let failure = error as? IOFailure, failure.path.hasPrefix(staging + "/") else { return error }
    let relative = String(failure.path.dropFirst(staging.count + 1))
    return IOFailure(path: (path as NSString).appendingPathComponent(relative), message: failure.message)
  }

  /// Removes the staging directory and everything in it.
  public func discardStaging() {
    try? FileManager.default.removeItem(atPath: staging)
  }

  /// What a killed run left: other processes' staging directories (we hold the lock, so their owner
  /// is gone) and temporary files of dead processes, in the directory and its `traces/`.
  private func removeLeftovers() throws {
    for directory in [path, (path as NSString).appendingPathComponent("traces")] {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
      for name in names {
        let full = (directory as NSString).appendingPathComponent(name)
        if directory == path, let pid = Self.stagingOwner(name), pid != getpid(), Self.isStaging(full) {
          // A run killed while publishing left a journal: its set goes back to the old one first.
          Publication.rollBack(staging: full, directory: path)
          do { try FileManager.default.removeItem(atPath: full) } catch {
            throw IOFailure(path: full, message: "cannot remove the staging directory of a killed run")
          }
        } else if let pid = AtomicFileWriter.temporaryOwner(name), pid != getpid(), !Self.isAlive(pid) {
          try FileSystem.removeIfPresent(full)
        }
      }
    }
  }

  /// The pid in a staging directory's name (`.docksim-staging-<pid>`), if `name` is one.
  public static func stagingOwner(_ name: String) -> Int32? {
    guard name.hasPrefix(stagingPrefix), let pid = Int32(name.dropFirst(stagingPrefix.count)), pid > 0 else {
      return nil
    }
    return pid
  }

  /// Whether `path` is a staging directory docksim made: a real directory (not a link) holding the
  /// marker as a regular file.
  static func isStaging(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
    let marker = (path as NSString).appendingPathComponent(stagingMarker)
    guard lstat(marker, &info) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFREG
  }

  static func isAlive(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// The holder line of a lock file another process holds. A holder writes its line just after it
  /// takes the lock, so a file read in between is empty: read again for up to `attempts` × 10 ms
  /// before calling the holder unknown (concurrent merges said "holder unknown" about one time in
  /// four).
  static func awaitHolder(_ fd: Int32, attempts: Int = 20) -> String? {
    for attempt in 0..<max(attempts, 1) {
      if let holder = readHolder(fd) { return holder }
      if attempt + 1 < attempts { usleep(10_000) }
    }
    return nil
  }

  private static func readHolder(_ fd: Int32) -> String? {
    var bytes = [UInt8](repeating: 0, count: 512)
    let n = pread(fd, &bytes, bytes.count, 0)
    guard n > 0 else { return nil }
    let text = String(decoding: bytes[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }
}

/// Another process holds the output directory.
public struct OutputDirectoryBusy: Error, CustomStringConvertible {
  public let directory: String
  public let lockFile: String
  public let holder: String?
  public var description: String {
    "\(directory): in use by another docksim (\(holder ?? "holder unknown")); wait for it to finish or "
      + "choose another --out (lock: \(lockFile))"
  }
}
