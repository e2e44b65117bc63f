// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for DockSim, as a package of their own so that the main package's build and tests
// never fetch or compile ordo-one's benchmark package. Run them with `scripts/bench.sh` from the
// repository root, or `swift package --disable-sandbox benchmark` in this directory.
//
// package-benchmark discovers an executable target only if its source directory sits directly in a
// directory named `Benchmarks`; this package's own directory is that, so the targets live at
// `Benchmarks/<Name>/`.
let package = Package(
  name: "DockSimBenchmarks",
  // macOS 26 for InlineArray, used by Tracker/DenseEKF.swift.
  platforms: [.macOS("26.0")],
  dependencies: [
    // A path dependency's identity is its directory's name (whatever the checkout is called);
    // `name:` lets the targets below say `package: "DockSim"` in every checkout.
    .package(name: "DockSim", path: "../"),
    // MallocInterposer alone: it keeps the malloc counters and leaves out the default
    // RuntimeInterposer trait, whose swift-runtime-interposer package is not in the local mirror.
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: []
)

let benchmarkTargets: [(name: String, dependencies: [Target.Dependency])] = [
  ("LinearAlgebra", [.product(name: "DockMath", package: "DockSim")]),
  (
    "Tracker",
    [.product(name: "DockSimCore", package: "DockSim"), .product(name: "DockMath", package: "DockSim")]
  ),
  (
    "Scenario",
    [
      .product(name: "DockSimCore", package: "DockSim"), .product(name: "DockSimIO", package: "DockSim"),
      .product(name: "DockSimHarness", package: "DockSim"),
    ]
  ),
  (
    "MonteCarlo",
    [
      .product(name: "DockSimCore", package: "DockSim"), .product(name: "DockSimIO", package: "DockSim"),
      .product(name: "DockSimHarness", package: "DockSim"),
    ]
  ),
]

package.targets += benchmarkTargets.map { target in
  .executableTarget(
    name: target.name,
    dependencies: [.product(name: "Benchmark", package: "benchmark")] + target.dependencies,
    path: target.name,
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}
