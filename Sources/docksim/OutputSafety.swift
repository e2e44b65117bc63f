import ArgumentParser
import DockSimIO
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exit codes besides 0, 1 and 2 (docs/robustness.md, "Exit codes").
enum ExitStatus {
  /// The environment refused a write: no space, a read-only file system, no permission, `--out` a file.
  static let environment: Int32 = 3
  /// The output directory is held by another `docksim run` or `docksim tune`.
  static let busy: Int32 = 4
}

/// Prints one line for a failure while writing outputs and returns the exit code: 3 for the file
/// system (`IOFailure`), 4 for a directory in use, else 2 (`prefix` goes before the message).
func failWriting(_ error: any Error, prefix: String = "") -> ExitCode {
  switch error {
  case let e as IOFailure: fail(prefix + e.description, code: ExitStatus.environment)
  case let e as OutputDirectoryBusy: fail(prefix + e.description, code: ExitStatus.busy)
  case let e as ExitCode: e
  default: fail(prefix + "\(error)")
  }
}

/// Locks `out` for `command`, or exits 4 (held) or 3 (cannot be created or locked).
func lockOutputDirectory(_ out: String, command: String) throws -> OutputDirectory {
  do { return try OutputDirectory(path: out, command: command) } catch { throw failWriting(error) }
}

/// Checks on paths given as outputs: not empty, and never one of the command's inputs.
enum OutputPaths {
  /// Refuses an empty output path (`--out ""` would write into, and clean, the working directory).
  static func requireNonEmpty(_ value: String, option: String) throws {
    if value.isEmpty { throw fail("\(option): expected a path, got an empty string") }
  }

  /// `path` made absolute, with every symbolic link of its existing part resolved, so that two names
  /// of one file compare equal (a path not yet created is resolved up to its deepest existing parent).
  static func resolved(_ path: String) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var head = absolute
    var tail: [String] = []
    while true {
      if let real = realpath(head, nil) {
        defer { free(real) }
        var result = String(cString: real)
        for part in tail.reversed() { result = (result as NSString).appendingPathComponent(part) }
        return result
      }
      guard let parent = FileSystem.parent(of: head), parent != head else { return absolute }
      tail.append((head as NSString).lastPathComponent)
      head = parent
    }
  }

  /// Exits 2 when an output (`label`, path) is an input, naming both.
  static func refuseOverwriting(
    outputs: [(label: String, path: String)], inputs: [(label: String, path: String)],
    because reason: String = "an output never replaces an input"
  ) throws {
    var byPath: [String: (label: String, path: String)] = [:]
    for input in inputs {
      let key = resolved(input.path)
      if byPath[key] == nil { byPath[key] = input }
    }
    for output in outputs {
      if let input = byPath[resolved(output.path)] {
        throw fail(
          "\(output.label) \(output.path) is the \(input.label) \(input.path): \(reason); "
            + "choose another path")
      }
    }
  }

  /// The regular files under `path` (a file: itself), for inputs given as directories.
  static func files(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    let names = FileManager.default.subpaths(atPath: path) ?? []
    return names.map { (path as NSString).appendingPathComponent($0) }
  }
}
