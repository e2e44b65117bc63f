import Foundation

/// Runs Chromium headless for tests of the report pages: loads a local page, lets its scripts run, and
/// returns the resulting DOM, or takes a screenshot.
///
/// Finding the browser: `$DOCKSIM_CHROMIUM` if set, else `chromium` or `chromium-browser` on `PATH`.
/// When none is found, `scripts/install-browser.sh` runs **once per test process** if it can succeed
/// unattended (running as root, or `sudo -n` works) and `DOCKSIM_NO_BROWSER_INSTALL` is not set; it
/// needs apt-get and network. If the browser is still missing, `isAvailable` is false and the tests
/// that need it are skipped with `.enabled(if: HeadlessBrowser.isAvailable, …)`: Swift Testing reports
/// them as skipped with the reason, not as passed or failed, since a missing browser says nothing
/// about the page. `unavailableReason` tells why (also printed to standard error once).
enum HeadlessBrowser {
  /// Why a browser run failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The executable, or nil with the reason. Resolved (and installed) once, lazily and thread-safely:
  /// tests run in parallel and must not start two installs.
  private static let resolution: (path: String?, reason: String) = resolve()

  static var isAvailable: Bool { resolution.path != nil }
  static var unavailableReason: String { resolution.reason }

  /// The page at `path` after its scripts ran (`--dump-dom`, virtual time budget 5 s), as serialized
  /// by Chromium. Throws when the browser is missing, fails, or takes longer than `timeout` seconds.
  static func dumpDOM(path: String, timeout: Double = 60) throws -> String {
    let url = URL(fileURLWithPath: path).absoluteString
    return try run(["--virtual-time-budget=5000", "--dump-dom", url], timeout: timeout)
  }

  /// Writes `html` to `path` and saves a `width`×`height` screenshot of it as the PNG `png` (for the
  /// README screenshot). The file's extension decides how Chromium parses it (`.xhtml`: as XML).
  static func screenshot(
    html: String, path: String, png: String, width: Int, height: Int, timeout: Double = 60
  )
    throws
  {
    try html.write(toFile: path, atomically: true, encoding: .utf8)
    let url = URL(fileURLWithPath: path).absoluteString
    _ = try run(
      [
        "--virtual-time-budget=5000", "--hide-scrollbars", "--screenshot=\(png)",
        "--window-size=\(width),\(height)", url,
      ],
      timeout: timeout)
    guard FileManager.default.fileExists(atPath: png) else {
      throw Failure(description: "chromium wrote no screenshot to \(png)")
    }
  }

  /// What a report page's self-check found: `document.body.dataset.selfCheck = "svgs=N zero=Z errors=E"`
  /// (N `<svg>` elements, Z of them with zero width or height, E script errors caught by
  /// `window.onerror`), set on `load`.
  struct SelfCheck: Equatable {
    var svgs: Int
    var zero: Int
    var errors: Int

    /// The self-check of a dumped DOM (the `data-self-check` attribute), or nil if the page set none.
    init?(dom: String) {
      guard let start = dom.range(of: "data-self-check=\"") else { return nil }
      let rest = dom[start.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { return nil }
      var values: [String: Int] = [:]  // looked up by name only
      for pair in rest[..<end].split(separator: " ") {
        let parts = pair.split(separator: "=")
        guard parts.count == 2, let value = Int(parts[1]) else { return nil }
        values[String(parts[0])] = value
      }
      guard let svgs = values["svgs"], let zero = values["zero"], let errors = values["errors"] else {
        return nil
      }
      self.init(svgs: svgs, zero: zero, errors: errors)
    }

    init(svgs: Int, zero: Int, errors: Int) {
      self.svgs = svgs
      self.zero = zero
      self.errors = errors
    }
  }

  // MARK: Running

  /// Runs after a crash of the browser itself (killed by a signal): headless Chromium in a container
  /// now and then dies with SIGSEGV before it has read the page (seen once in a CI run: exit 11 with
  /// only its D-Bus noise on stderr). A crash says nothing of the page; an exit status does.
  static let crashRetries = 1

  private static func run(_ arguments: [String], timeout: Double) throws -> String {
    var attempt = 0
    while true {
      do { return try runOnce(arguments, timeout: timeout) } catch let failure as Crash {
        attempt += 1
        if attempt > crashRetries { throw failure.failure }
      }
    }
  }

  /// A run that ended by a signal.
  private struct Crash: Error {
    var failure: Failure
  }

  private static func runOnce(_ arguments: [String], timeout: Double) throws -> String {
    guard let executable = resolution.path else { throw Failure(description: resolution.reason) }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // Output goes to files, not pipes: a large DOM would fill a pipe and block the browser while we wait.
    let stdoutURL = scratch.appendingPathComponent("stdout")
    let stderrURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    defer {
      try? stdout.close()
      try? stderr.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    // --no-sandbox: tests often run as root in containers, where Chromium's sandbox refuses to start.
    // A profile directory per run: parallel tests would otherwise fight over the default profile's lock.
    process.arguments =
      [
        "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--no-first-run",
        "--no-default-browser-check", "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
      ] + arguments
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw Failure(
        description: "chromium did not finish within \(timeout) s: \(arguments.joined(separator: " "))")
    }
    process.waitUntilExit()
    let output = String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let errors = String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
      let failure = Failure(
        description: "chromium exited with \(process.terminationStatus): \(errors.suffix(2000))")
      // Killed by a signal, or Chromium's own crash handler passing SIGSEGV's number on as its status.
      if process.terminationReason == .uncaughtSignal || process.terminationStatus == SIGSEGV {
        throw Crash(failure: failure)
      }
      throw failure
    }
    return output
  }

  // MARK: Finding and installing

  private static func resolve() -> (path: String?, reason: String) {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["DOCKSIM_CHROMIUM"], !explicit.isEmpty {
      return FileManager.default.isExecutableFile(atPath: explicit)
        ? (explicit, "") : (nil, "DOCKSIM_CHROMIUM=\(explicit) is not an executable")
    }
    if let found = find() { return (found, "") }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/install-browser.sh").path
    let reason: String
    if environment["DOCKSIM_NO_BROWSER_INSTALL"] != nil {
      reason = "chromium not found and DOCKSIM_NO_BROWSER_INSTALL is set; run \(script)"
    } else if getuid() != 0 && !succeeds("/usr/bin/env", ["sudo", "-n", "true"]) {
      reason = "chromium not found, and installing it needs root or passwordless sudo; run \(script)"
    } else if !succeeds("/bin/bash", [script]) {
      reason = "chromium not found and \(script) could not install it (apt-get and network needed)"
    } else if let found = find() {
      return (found, "")
    } else {
      reason = "chromium still not on PATH after \(script)"
    }
    FileHandle.standardError.write(Data("HeadlessBrowser: \(reason); browser tests are skipped\n".utf8))
    return (nil, reason)
  }

  /// `chromium` or `chromium-browser` in a directory of `PATH`.
  private static func find() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for name in ["chromium", "chromium-browser"] {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// Runs a command to completion (its output passes through, so an install's progress shows) and
  /// says whether it exited with 0.
  private static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
