import ArgumentParser
import Foundation

/// Prints `message` to standard error and exits with `code` (2 = bad input, as documented).
func fail(_ message: String, code: Int32 = 2) -> ExitCode {
  FileHandle.standardError.write(Data(("docksim: " + message + "\n").utf8))
  return ExitCode(code)
}

/// Writes to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
