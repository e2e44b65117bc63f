import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way DockSim writes outputs (docs/robustness.md, "Outputs and faults"). Every command that
/// writes opens one, stages its files in it and commits:
///
/// * **Checks first.** Declared outputs that are inputs (after resolving links) are refused before
///   anything is locked or written (`OutputConflict`).
/// * **Lock.** Each directory written into is held (`OutputDirectory`: `.docksim.lock`, opened without
///   following links); a directory another docksim holds is refused (`OutputDirectoryBusy`).
/// * **Staging.** Files are written into the directory's staging directory, never in place.
/// * **Names stay inside.** A relative name (from data: a scenario name, a trace) with `..`, `.` or a
///   leading `/` is refused, and so is a target whose directory inside the output directory is a
///   symbolic link, which would take the write elsewhere.
/// * **All or nothing.** `commit` replaces, creates and removes the targets; when one step fails, the
///   steps already taken are undone (replaced files restored from hard links taken beforehand), so the
///   directory holds the old set or the new one. A process killed during the renames leaves a journal;
///   the next command that locks the directory rolls it back to the old set.
/// * **Interruption.** A transaction that is not committed leaves the directory as it was.
public final class OutputTransaction {
  /// One held directory: its lock (with the staging directory) and what is to be removed there.
  private final class Root {
    let lock: OutputDirectory
    var removals: [String] = []
    var stagingReady = false
    init(lock: OutputDirectory) { self.lock = lock }
    var directory: String { lock.path }
  }

  private var roots: [Root] = []
  private let command: String

  /// Opens a transaction on the output directory `directory` for `command` (e.g. `docksim run`).
  ///
  /// - Parameters:
  ///   - outputs: the files the command means to write, for the check against `inputs` (the directory
  ///     itself is checked too).
  ///   - inputs: every file the command reads.
  /// - Throws: `OutputConflict` (an output is an input), `OutputDirectoryBusy`, `IOFailure`.
  public init(
    directory: String, command: String, outputs: [LabeledPath] = [], inputs: [LabeledPath] = []
  ) throws {
    self.command = command
    try OutputPaths.requireNonEmpty(directory, option: "--out")
    try OutputPaths.refuseOverwriting(
      outputs: [LabeledPath("--out", directory)] + outputs + [Self.lockFile(in: directory)], inputs: inputs)
    roots = [Root(lock: try OutputDirectory(path: directory, command: command))]
  }

  /// Opens a transaction for a command that writes named files (`report --out page.html`, `gate
  /// --junit … --markdown …`): each file's directory is held while the transaction lives.
  ///
  /// - Throws: as `init(directory:…)`; also `OutputConflict` for an empty path or one file named twice.
  public init(files: [LabeledPath], command: String, inputs: [LabeledPath] = []) throws {
    self.command = command
    for file in files {
      try OutputPaths.requireNonEmpty(file.path, option: file.label)
      // Refused before its directory is locked: `--out /dev/null` must not leave a lock in /dev.
      try AtomicFileWriter.requireReplaceable(file.path)
    }
    try OutputPaths.refuseOverwriting(
      outputs: files + files.map { Self.lockFile(in: Self.directory(of: $0.path)) }, inputs: inputs)
    for k in files.indices.dropFirst() {
      try OutputPaths.refuseOverwriting(
        outputs: [files[k]], inputs: Array(files[..<k]), because: "two outputs need two files")
    }
    var seen: [String: Int] = [:]
    for file in files {
      let parent = Self.directory(of: file.path)
      let key = OutputPaths.resolved(parent)
      if seen[key] == nil {
        seen[key] = roots.count
        do { roots.append(Root(lock: try OutputDirectory(path: parent, command: command))) } catch let e
          as IOFailure
        {
          // The user named the file; the lock in its directory is our detail.
          throw IOFailure(path: file.path, message: "cannot write in its directory (\(e.description))")
        }
      }
    }
  }

  deinit { abort() }

  /// The output directory (of the first file, for a transaction on files).
  public var directory: String { roots[0].directory }

  /// The staging directory of the output directory, created on first use: a command that writes a
  /// whole tree (a run's traces and tables) writes it here, at the paths it is to have in the
  /// directory.
  public func staging() throws -> String {
    try ready(roots[0])
  }

  /// The staging path for `relative`, a name inside the output directory (checked: it stays inside).
  public func stagedPath(_ relative: String, label: String = "output") throws -> String {
    try OutputPaths.requireInside(relative, label: label)
    return (try ready(roots[0]) as NSString).appendingPathComponent(relative)
  }

  /// Stages `text` as the file `relative` of the output directory.
  public func write(_ text: String, to relative: String) throws {
    try AtomicFileWriter.write(text, to: try stagedPath(relative))
  }

  /// Stages `text` as the named file `path` (one of the files the transaction was opened for, or any
  /// file in one of their directories).
  public func write(_ text: String, file path: String) throws {
    let root = try self.root(of: path)
    let staged = (try ready(root) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    try AtomicFileWriter.write(text, to: staged)
  }

  /// Removes the file `relative` of the output directory at commit (a table of an earlier run that this
  /// one does not write), unless this transaction stages a file there.
  public func remove(_ relative: String) throws {
    try OutputPaths.requireInside(relative, label: "output")
    if !roots[0].removals.contains(relative) { roots[0].removals.append(relative) }
  }

  /// Publishes everything staged, `last` (names relative to the output directory) after everything
  /// else and their old versions removed before everything else, so a reader that waits for `last`
  /// never sees it beside a mixed set. All or nothing: on a failure the
  /// directories are left as they were and the error names the target, not its staging copy.
  ///
  /// The transaction stays open (locked) after a commit: a command may stage and commit again (a run
  /// writes its report after its tables).
  public func commit(last: [String] = []) throws {
    var steps: [Publication.Step] = []
    for (index, root) in roots.enumerated() {
      let staged = root.stagingReady ? Publication.stagedFiles(root.lock.staging) : []
      let final = index == 0 ? last.filter { staged.contains($0) } : []
      steps += final.map { .init(root: index, relative: $0, action: .remove) }
      let ordered = staged.filter { !final.contains($0) } + final
      for relative in ordered {
        try OutputPaths.requireInside(relative, label: "staged output")
        steps.append(.init(root: index, relative: relative, action: .place))
      }
      for relative in root.removals where !staged.contains(relative) {
        steps.append(.init(root: index, relative: relative, action: .remove))
      }
    }
    let publication = Publication(
      roots: roots.map { (directory: $0.directory, staging: $0.lock.staging) }, steps: steps)
    do { try publication.run() } catch { throw unstaged(error) }
    for root in roots {
      root.removals = []
      if root.stagingReady { root.lock.discardStaging() }
      root.stagingReady = false
    }
  }

  /// Discards everything staged and releases the directories; nothing in them changes.
  public func abort() {
    for root in roots {
      if root.stagingReady { root.lock.discardStaging() }
      root.stagingReady = false
      root.lock.release()
    }
  }

  /// `error`, naming the file where it was to go rather than its staging copy.
  public func unstaged(_ error: any Error) -> any Error {
    var result = error
    for root in roots { result = root.lock.unstaged(result) }
    return result
  }

  private func ready(_ root: Root) throws -> String {
    if !root.stagingReady {
      _ = try root.lock.createStaging()
      root.stagingReady = true
    }
    return root.lock.staging
  }

  private func root(of path: String) throws -> Root {
    let key = OutputPaths.resolved(Self.directory(of: path))
    guard let root = roots.first(where: { OutputPaths.resolved($0.directory) == key }) else {
      throw OutputConflict("\(path): not in a directory this \(command) holds")
    }
    return root
  }

  /// The lock file the transaction opens (and truncates) in `directory`: an input of that name would be
  /// lost, so it is checked as an output.
  private static func lockFile(in directory: String) -> LabeledPath {
    LabeledPath("lock file", (directory as NSString).appendingPathComponent(OutputDirectory.lockName))
  }

  private static func directory(of path: String) -> String {
    FileSystem.parent(of: path) ?? "."
  }
}

/// The renames of one commit, with the journal that lets them be undone (`OutputTransaction.commit`).
struct Publication {
  enum Action: String { case place, remove }
  struct Step {
    var root: Int
    var relative: String
    var action: Action
  }

  /// The journal in a staging directory: one line per step (`place` / `remove`, whether the target
  /// existed, the name), written before the first rename.
  static let journalName = ".docksim-journal"
  /// Written when every step is done: a journal beside it needs no undoing.
  static let committedName = ".docksim-committed"
  /// Hard links to the targets replaced or removed, for undoing.
  static let previousName = ".docksim-previous"

  let roots: [(directory: String, staging: String)]
  let steps: [Step]

  private func target(_ s: Step) -> String {
    (roots[s.root].directory as NSString).appendingPathComponent(s.relative)
  }
  private func staged(_ s: Step) -> String {
    (roots[s.root].staging as NSString).appendingPathComponent(s.relative)
  }
  private func previous(_ s: Step) -> String {
    ((roots[s.root].staging as NSString).appendingPathComponent(Self.previousName) as NSString)
      .appendingPathComponent(s.relative)
  }

  func run() throws {
    guard !steps.isEmpty else { return }
    var existed: [Bool] = []
    for step in steps {
      let target = target(step)
      try refuseLinkedParents(step)
      try AtomicFileWriter.requireReplaceable(target)
      var info = stat()
      let exists = lstat(target, &info) == 0
      if exists && info.st_mode & S_IFMT == S_IFDIR {
        throw IOFailure(path: target, message: "is a directory; expected a file docksim may replace")
      }
      existed.append(exists)
    }
    for (index, root) in roots.enumerated() {
      let lines = zip(steps, existed).filter { $0.0.root == index }.map { step, had in
        "\(step.action.rawValue)\t\(had ? "existed" : "new")\t\(step.relative)\n"
      }
      guard !lines.isEmpty else { continue }
      try FileSystem.createDirectory(root.staging)
      try AtomicFileWriter.write(
        lines.joined(), to: (root.staging as NSString).appendingPathComponent(Self.journalName))
    }
    for (step, had) in zip(steps, existed)
    where had && !FileManager.default.fileExists(atPath: previous(step)) {
      let backup = previous(step)
      if let parent = FileSystem.parent(of: backup) { try FileSystem.createDirectory(parent) }
      if link(target(step), backup) != 0 {
        throw IOFailure(
          path: target(step), errno: errno, doing: "cannot keep the old file while replacing it")
      }
    }
    var done = 0
    do {
      for step in steps {
        let target = target(step)
        switch step.action {
        case .place:
          if let parent = FileSystem.parent(of: target) { try FileSystem.createDirectory(parent) }
          if rename(staged(step), target) != 0 {
            throw IOFailure(path: target, errno: errno, doing: "cannot move the finished file into place")
          }
        case .remove:
          if unlink(target) != 0 && errno != ENOENT {
            throw IOFailure(path: target, errno: errno, doing: "cannot remove the file of an earlier run")
          }
        }
        done += 1
      }
    } catch {
      for (step, had) in zip(steps.prefix(done), existed).reversed() { undo(step, existed: had) }
      throw error
    }
    for root in roots {
      _ = try? AtomicFileWriter.write(
        "", to: (root.staging as NSString).appendingPathComponent(Self.committedName))
    }
  }

  /// Puts back what `step` replaced or removed, or removes what it created. A target with two steps
  /// (removed first, placed last) has one hard link, used by whichever undo comes first.
  private func undo(_ step: Step, existed: Bool) {
    if existed {
      rename(previous(step), target(step))
    } else if step.action == .place {
      unlink(target(step))
    }
  }

  /// A directory between the output directory and the target that is a symbolic link would take the
  /// write outside the output directory.
  private func refuseLinkedParents(_ step: Step) throws {
    var path = roots[step.root].directory
    for part in step.relative.split(separator: "/").dropLast() {
      path = (path as NSString).appendingPathComponent(String(part))
      var info = stat()
      if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
        throw IOFailure(
          path: path,
          message:
            "is a symbolic link; an output is written only inside the output directory (remove the link)")
      }
    }
  }

  /// The files staged under `staging`, sorted, without docksim's own bookkeeping.
  static func stagedFiles(_ staging: String) -> [String] {
    var files: [String] = []
    collect(staging, relative: "", into: &files)
    let own: Set<String> = [OutputDirectory.stagingMarker, journalName, committedName]
    return files.filter { !own.contains($0) && !$0.hasPrefix(previousName + "/") }
  }

  private static func collect(_ directory: String, relative: String, into files: inout [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
    for name in names {
      let full = (directory as NSString).appendingPathComponent(name)
      let rel = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        if rel != previousName { collect(full, relative: rel, into: &files) }
      } else {
        files.append(rel)
      }
    }
  }

  /// Undoes the publication a killed process left half done in `staging` (a staging directory of
  /// `directory` with a journal and no committed mark): replaced and removed files come back from
  /// their hard links, created files go. Called by the next holder of the directory's lock.
  static func rollBack(staging: String, directory: String) {
    let journal = (staging as NSString).appendingPathComponent(journalName)
    let committed = (staging as NSString).appendingPathComponent(committedName)
    guard !FileManager.default.fileExists(atPath: committed),
      let text = try? String(contentsOfFile: journal, encoding: .utf8)
    else { return }
    let previousRoot = (staging as NSString).appendingPathComponent(previousName)
    for line in text.split(separator: "\n").reversed() {
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, let action = Action(rawValue: fields[0]),
        (try? OutputPaths.requireInside(fields[2], label: "journal entry")) != nil
      else { continue }
      let target = (directory as NSString).appendingPathComponent(fields[2])
      let backup = (previousRoot as NSString).appendingPathComponent(fields[2])
      let stagedCopy = (staging as NSString).appendingPathComponent(fields[2])
      if fields[1] == "existed" {
        if FileManager.default.fileExists(atPath: backup) { rename(backup, target) }
      } else if action == .place && !FileManager.default.fileExists(atPath: stagedCopy) {
        // Moved into place before the process died: it is the new set's, so it goes.
        unlink(target)
      }
    }
  }
}
