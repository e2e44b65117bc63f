import ArgumentParser
import Foundation

/// Longer messages are cut (a value quoted from a huge wrong file must not flood the terminal); the
/// file, line and field come first, so they survive.
let maximumMessageLength = 2_000

/// Prints `message` to standard error and exits with `code` (2 = bad input, as documented).
func fail(_ message: String, code: Int32 = 2) -> ExitCode {
  let shown =
    message.utf8.count <= maximumMessageLength
    ? message : String(decoding: message.utf8.prefix(maximumMessageLength), as: UTF8.self) + "… (message cut)"
  FileHandle.standardError.write(Data(("docksim: " + shown + "\n").utf8))
  return ExitCode(code)
}

/// Writes to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
