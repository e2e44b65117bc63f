import DockSimCore
import Foundation
import Testing

/// The Swift code of DockSimCore's DocC article "Plugging in your own tracker", verbatim, so it compiles
/// and runs.
enum DocCArticleSnippets {
  /// The built-in tracker, counting the frames it is given.
  struct FrameCountingTracker: Tracker {
    var inner: MultiTargetTracker
    var frames = 0

    init(scenario: Scenario) {
      inner = MultiTargetTracker(camera: scenario.camera, parameters: scenario.tracker)
    }

    mutating func update(with batch: ObservationBatch) -> [Track] {
      frames += 1
      return inner.update(with: batch)
    }

    var primaryTrack: Track? { inner.primaryTrack }

    mutating func reset() {
      frames = 0
      inner.reset()
    }
  }

  /// Frames are scored as they pass; this sink keeps none of them.
  struct DiscardingSink: TraceSink {
    mutating func write(_ record: FrameRecord) throws {}
  }
}

@Suite struct DocCArticleSnippetTests {
  typealias FrameCountingTracker = DocCArticleSnippets.FrameCountingTracker
  typealias DiscardingSink = DocCArticleSnippets.DiscardingSink

  @Test func pluggingInATracker() throws {
    let scenario = Scenario(
      name: "walker", seed: 3, duration: SimDuration(seconds: 4),
      subjects: [
        Subject(
          id: "walker", kind: .humanBody, width: 0.5, height: 1.7,
          path: SubjectPath(waypoints: [
            Waypoint(time: SimTime(seconds: 0), position: .polar(azimuth: 0, distance: 3, height: -0.15)),
            Waypoint(time: SimTime(seconds: 4), position: .polar(azimuth: 0.3, distance: 3, height: -0.15)),
          ]))
      ])
    var simulation = try Simulation(scenario: scenario, tracker: FrameCountingTracker(scenario: scenario))
    var sink = DiscardingSink()
    let result = try simulation.run(trace: &sink)
    #expect(result.frames == 120)  // 4 s at the default 30 frames per second
  }
}

/// Each DocC article's Swift code (package manifest fragments aside) appears, line for line, in the
/// test file that compiles and runs it, so an article cannot show code that no longer compiles.
@Suite struct DocCSnippetsMatchTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The articles with code, and the test file holding that code.
  static let articles = [
    (
      "Sources/DockSimKit/DockSimKit.docc/TestingADockKitApp.md",
      "Tests/DockSimKitTests/DocCArticleSnippetTests.swift"
    ),
    (
      "Sources/DockSimCore/DockSimCore.docc/PluggingInATracker.md",
      "Tests/DockSimCoreTests/DocCArticleSnippetTests.swift"
    ),
    (
      "Sources/DockMath/DockMath.docc/SafeBLASAndLAPACK.md",
      "Tests/DockMathTests/DocCArticleSnippetTests.swift"
    ),
  ]

  /// The non-blank lines, trimmed: indentation differs between an article and a test body.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  static func swiftBlocks(_ markdown: String) -> [String] {
    markdown.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
  }

  @Test(arguments: articles.map(\.0))
  func articleCodeIsCompiledByATest(_ article: String) throws {
    let testFile = try #require(Self.articles.first { $0.0 == article }?.1)
    let markdown = try String(contentsOf: Self.repository.appendingPathComponent(article), encoding: .utf8)
    let source = Self.lines(
      try String(contentsOf: Self.repository.appendingPathComponent(testFile), encoding: .utf8))
    let blocks = Self.swiftBlocks(markdown).filter { block in
      // `Package.swift` fragments cannot run in a test.
      !block.hasPrefix(".package(") && !block.hasPrefix(".testTarget(")
    }
    #expect(!blocks.isEmpty, "\(article) has no Swift code to check")
    for block in blocks {
      let wanted = Self.lines(block)
      let found = source.indices.contains { start in
        start + wanted.count <= source.count && Array(source[start..<start + wanted.count]) == wanted
      }
      #expect(found, "\(article): a Swift block is not in \(testFile):\n\(block)")
    }
  }
}
