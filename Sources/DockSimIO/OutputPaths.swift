import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path a command reads or writes, with the words that name it in messages (`--out`, `scenario`,
/// `trace`).
public struct LabeledPath: Sendable, Equatable {
  public var label: String
  public var path: String
  public init(_ label: String, _ path: String) {
    self.label = label
    self.path = path
  }
}

/// An output that would replace one of the command's inputs, or a name that would leave the output
/// directory: refused before anything is written (exit 2).
public struct OutputConflict: Error, CustomStringConvertible, Equatable {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// The rules on output paths: when two names are one file, outputs never over inputs, and names taken
/// from data staying inside the output directory. `OutputTransaction` applies them; they are public
/// for the commands that check before they start work (a run checks its trace names before it runs).
public enum OutputPaths {
  /// `path` made absolute, with every symbolic link of its existing part resolved, so that two names of
  /// one file compare equal (a path not yet created is resolved up to its deepest existing parent).
  public static func resolved(_ path: String) -> String {
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

  /// Refuses an empty output path (`--out ""` would write into, and clean, the working directory).
  public static func requireNonEmpty(_ value: String, option: String) throws(OutputConflict) {
    if value.isEmpty { throw OutputConflict("\(option): expected a path, got an empty string") }
  }

  /// Throws when an output is an input (after resolving links), naming both.
  public static func refuseOverwriting(
    outputs: [LabeledPath], inputs: [LabeledPath],
    because reason: String = "an output never replaces an input"
  ) throws(OutputConflict) {
    var byPath: [String: LabeledPath] = [:]
    for input in inputs {
      let key = resolved(input.path)
      if byPath[key] == nil { byPath[key] = input }
    }
    for output in outputs {
      if let input = byPath[resolved(output.path)] {
        throw OutputConflict(
          "\(output.label) \(output.path) is the \(input.label) \(input.path): \(reason); choose another path"
        )
      }
    }
  }

  /// Throws unless `relative`, a name taken from data (a scenario name, a trace file), names a file
  /// inside the output directory: relative, not empty, no `.` or `..` component, no NUL.
  public static func requireInside(_ relative: String, label: String) throws(OutputConflict) {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\0"),
      parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
    else {
      throw OutputConflict(
        "\(label) '\(relative)': expected a file name inside the output directory (relative, without "
          + "'.' or '..' parts); refusing to write outside it")
    }
  }

  /// The regular files under `path` (a file: itself), for inputs given as directories.
  public static func files(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    let names = FileManager.default.subpaths(atPath: path) ?? []
    return names.sorted().map { (path as NSString).appendingPathComponent($0) }
  }
}
