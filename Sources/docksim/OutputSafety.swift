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
  case let e as OutputConflict: fail(prefix + e.description)
  case let e as ExitCode: e
  default: fail(prefix + "\(error)")
  }
}

/// Exits 2 for an empty output path, before any work (the transaction checks again when it opens).
func requireOutputPath(_ value: String, option: String) throws {
  do { try OutputPaths.requireNonEmpty(value, option: option) } catch { throw fail(error.description) }
}

/// Opens the output transaction on the directory `out` for `command`, or exits 2 (an output is an
/// input), 4 (held) or 3 (cannot be created or locked).
func openTransaction(
  directory out: String, command: String, outputs: [LabeledPath] = [], inputs: [LabeledPath] = []
) throws -> OutputTransaction {
  do {
    return try OutputTransaction(directory: out, command: command, outputs: outputs, inputs: inputs)
  } catch {
    throw failWriting(error)
  }
}

/// Opens the output transaction on the named files `files`, as `openTransaction(directory:…)`.
func openTransaction(files: [LabeledPath], command: String, inputs: [LabeledPath] = []) throws
  -> OutputTransaction
{
  do { return try OutputTransaction(files: files, command: command, inputs: inputs) } catch {
    throw failWriting(error)
  }
}

extension OutputTransaction {
  /// Stages each named file (`text` for the file `path`), publishes them together, or exits as
  /// `failWriting`, naming the file where it was to go (after `prefix`).
  func publish(_ files: [(text: String, path: String)], prefix: String = "") throws {
    do {
      for file in files { try write(file.text, file: file.path) }
      try commit()
    } catch { throw failWriting(unstaged(error), prefix: prefix) }
  }
}

/// Writes `text` to the file `path` through a transaction of its own, or exits as `failWriting`.
func writeOutput(
  _ text: String, to path: String, label: String, command: String, inputs: [LabeledPath] = [],
  prefix: String = ""
) throws {
  let transaction = try openTransaction(files: [LabeledPath(label, path)], command: command, inputs: inputs)
  defer { transaction.abort() }
  try transaction.publish([(text, path)], prefix: prefix)
}
