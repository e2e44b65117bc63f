#!/usr/bin/env bash
# Checks what the README's "Depending on DockSim" says, on a sample consumer package: a path dependency
# on a copy of this repository under another directory name must be named by that directory name
# (SwiftPM's package identity is the last path component, lowercased), and then it resolves and builds
# a target that imports DockMath; then docs/dockkit-api.md's example runs as that package's test. Uses
# only SwiftPM's local package copies (no network); a few minutes on 2 cores. Usage: scripts/check-consumer-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The repository's tracked files under a directory name that is not the package's name.
mkdir -p "$work/dock-sim-clone" "$work/App/Sources/App"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work/dock-sim-clone"

# manifest PACKAGE [MORE_TARGETS]: the consumer's manifest naming the dependency PACKAGE, with the App
# target and any more targets (Swift, each followed by a comma).
manifest() {
  cat >"$work/App/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: "../dock-sim-clone")],
  targets: [
    .target(name: "App", dependencies: [.product(name: "DockMath", package: "$1")]),
${2:-}
  ]
)
MANIFEST
}
printf 'import DockMath\n\npublic let identity = Matrix.identity(2)\n' >"$work/App/Sources/App/App.swift"

# The package's declared name does not work for a path dependency in a differently named directory.
manifest DockSim
if out="$(cd "$work/App" && swift package show-dependencies 2>&1)"; then
  echo "check-consumer-package: package: \"DockSim\" resolved for a clone named dock-sim-clone;" \
    "the README's explanation is out of date" >&2
  exit 1
fi
if ! grep -q "unknown package 'DockSim'" <<<"$out"; then
  echo "check-consumer-package: unexpected error for package: \"DockSim\":" >&2
  echo "$out" >&2
  exit 1
fi
echo "ok   package: \"DockSim\" on a clone named dock-sim-clone is refused: unknown package 'DockSim'"

# The directory's name does.
manifest dock-sim-clone
(cd "$work/App" && swift build --target App -q)
echo "ok   package: \"dock-sim-clone\" resolves and a target importing DockMath builds"

# docs/dockkit-api.md's example, copied as a reader copies it, in a test target of the consumer: it must
# build against the products the page names and pass.
mkdir -p "$work/App/Tests/AppTests"
awk '/^## Example$/ { section = 1 } section && /^```swift$/ { inside = 1; next } inside && /^```$/ { exit }
  inside { print }' docs/dockkit-api.md >"$work/App/Tests/AppTests/Example.swift"
grep -q "@Test" "$work/App/Tests/AppTests/Example.swift" || {
  echo "check-consumer-package: no example test found under docs/dockkit-api.md's ## Example" >&2
  exit 1
}
manifest dock-sim-clone '    .testTarget(
      name: "AppTests",
      dependencies: [
        .product(name: "DockSimKit", package: "dock-sim-clone"),
        .product(name: "DockSimIO", package: "dock-sim-clone"),
      ]),'
(cd "$work/App" && OPENBLAS_NUM_THREADS=1 swift test -q 2>&1 | tail -5)
echo "ok   docs/dockkit-api.md's example builds and passes in a package depending on a copy of DockSim"
