// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "DockSim",
  // DockKit needs iOS 17; Spatial, which DockSimKit uses on Apple platforms, iOS 16 and macOS 13.
  platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .visionOS(.v1)],
  products: [
    .executable(name: "docksim", targets: ["docksim"]),
    .library(name: "DockSimCore", targets: ["DockSimCore"]),
    .library(name: "DockSimIO", targets: ["DockSimIO"]),
    .library(name: "DockSimHarness", targets: ["DockSimHarness"]),
    .library(name: "DockMath", targets: ["DockMath"]),
    .library(name: "DockSimKit", targets: ["DockSimKit"]),
    .library(name: "DockSimReport", targets: ["DockSimReport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Only for `swift package generate-documentation` (make docs); no target depends on it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // MARK: System libraries (only DockMath imports these)
    .systemLibrary(
      name: "CBLAS", pkgConfig: "openblas",
      providers: [.apt(["libopenblas-dev"])]),
    .systemLibrary(
      name: "CLAPACKE", pkgConfig: "lapacke",
      providers: [.apt(["liblapacke-dev"])]),

    // MARK: Linear algebra
    .target(name: "DockMath", dependencies: ["CBLAS", "CLAPACKE"]),

    // MARK: Deterministic engine (no file I/O)
    .target(name: "DockSimCore", dependencies: ["DockMath"]),

    // MARK: Files: scenarios, CSV, atomic writes
    .target(
      name: "DockSimIO",
      dependencies: ["DockSimCore", .product(name: "Yams", package: "Yams")]),

    // MARK: Suites and the parallel runner
    .target(name: "DockSimHarness", dependencies: ["DockSimCore", "DockSimIO"]),

    // MARK: HTML reports with SVG plots (docksim report)
    .target(name: "DockSimReport", dependencies: ["DockSimCore", "DockSimIO", "DockSimHarness"]),

    // MARK: Command-line tool
    .executableTarget(
      name: "docksim",
      dependencies: [
        "DockSimHarness", "DockSimIO", "DockSimCore", "DockSimReport", "DockMath",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: Seeded mutation fuzzer of the file readers (scripts/fuzz.sh, docs/robustness.md)
    .executableTarget(name: "docksim-fuzz", dependencies: ["DockSimCore", "DockSimIO", "DockSimHarness"]),

    // MARK: DockKit-shaped API on the virtual clock, and an example app
    .target(
      name: "DockSimKit", dependencies: ["DockSimCore"],
      swiftSettings: [
        // Apple's Spatial, AVFoundation and simd types, or DockSimKit's stand-ins, chosen by platform
        // in one place: `canImport` would let a module of that name anywhere in a client's build graph
        // (a test double) pick the real types' branch where they do not exist.
        .define(
          "DOCKSIM_APPLE_FRAMEWORKS",
          .when(platforms: [.macOS, .iOS, .macCatalyst, .visionOS]))
      ]),
    .executableTarget(name: "dock-app-example", dependencies: ["DockSimKit", "DockSimIO"]),

    // MARK: Test support (not a product)
    .target(name: "DockSimTestSupport", dependencies: ["DockSimCore", "DockMath"]),

    // MARK: Tests
    .testTarget(name: "DockMathTests", dependencies: ["DockMath", "DockSimTestSupport"]),
    .testTarget(name: "DockSimCoreTests", dependencies: ["DockSimCore", "DockSimTestSupport"]),
    .testTarget(name: "DockSimIOTests", dependencies: ["DockSimIO", "DockSimTestSupport"]),
    .testTarget(name: "DockSimHarnessTests", dependencies: ["DockSimHarness", "DockSimTestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["DockSimIO", "DockSimCore"]),
    .testTarget(name: "DockSimKitTests", dependencies: ["DockSimKit", "DockSimCore", "DockSimIO"]),
    // App-style code written in DockKit's spelling (only the import differs), run on scenarios, in the
    // Swift settings apps build with: Swift 6 (this target: the full session and the short one),
    // Swift 6 with MemberImportVisibility (Xcode 26's default) and Swift 5 (the short session each).
    // Their `App` and `Session` directories are symlinks to this target's, so every file added there
    // is compiled in all three.
    .testTarget(
      name: "DockKitCompatibilityTests", dependencies: ["DockSimKit", "DockSimIO"], exclude: ["Scenarios"]),
    .testTarget(
      name: "DockKitCompatibilityMemberImportTests",
      dependencies: ["DockSimKit", "DockSimCore", "DockSimIO"],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    .testTarget(
      name: "DockKitCompatibilitySwift5Tests", dependencies: ["DockSimKit", "DockSimIO"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "DockSimReportTests", dependencies: ["DockSimReport", "DockSimHarness", "DockSimTestSupport"]),
    // Long runs on the release build (`make acceptance`); `make test` skips this target.
    .testTarget(name: "AcceptanceTests", dependencies: ["DockSimReport"]),
  ],
  swiftLanguageModes: [.v6]
)
