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

# The manifests the docs show, as a reader copies them into a package of their own: README.md's
# "Depending on DockSim" and docs/dockkit-api.md's "Adding it to an app's test target". Their URL
# (a placeholder, and offline here) becomes a path dependency on a copy named DockSim, so that
# `package: "DockSim"` names it; a target the test target depends on by name gets a source file. Each
# test target holds docs/dockkit-api.md's example (its "Example" block), which must build and pass.
# The copy made above, renamed (the App package is done with it).
mv "$work/dock-sim-clone" "$work/DockSim"
mkdir -p "$work/MyApp"

# swift_block PAGE HEADING: the first swift block of the page's section under the heading.
swift_block() {
  awk -v heading="$2" '$0 == heading { section = 1; next } section && /^## / { exit }
    section && /^```swift$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$1"
}

# consumer PAGE HEADING: MyApp's manifest from that block; prints the test target's name.
consumer() {
  local fragment test
  fragment="$(swift_block "$1" "$2")"
  [ -n "$fragment" ] || { echo "check-consumer-package: no swift block under $1's $2" >&2; exit 1; }
  test="$(sed -n 's/.*\.testTarget(name: "\([^"]*\)".*/\1/p; s/^ *name: "\([^"]*\)",$/\1/p' <<<"$fragment" | head -1)"
  [ -n "$test" ] || { echo "check-consumer-package: no test target in $1's $2 block" >&2; exit 1; }
  local modules
  modules="$(grep -o '^ *"[A-Za-z]*",$' <<<"$fragment" | tr -d ' ",' || true)"
  rm -rf "$work/MyApp/Sources" "$work/MyApp/Tests"
  {
    echo '// swift-tools-version: 6.1'
    echo 'import PackageDescription'
    echo 'let package = Package('
    echo '  name: "MyApp",'
    echo '  platforms: [.macOS(.v14)],'
    sed -e 's|\.package(url: "https://github.com/<org>/DockSim", from: "[^"]*")|.package(path: "../DockSim")|' \
      -e "s|^targets: \[\$|targets: [$(for m in $modules; do printf '\\n  .target(name: "%s"),' "$m"; done)|" <<<"$fragment"
    echo ')'
  } >"$work/MyApp/Package.swift"
  for m in $modules; do
    mkdir -p "$work/MyApp/Sources/$m"
    printf 'public let moduleName = "%s"\n' "$m" >"$work/MyApp/Sources/$m/$m.swift"
  done
  mkdir -p "$work/MyApp/Tests/$test"
  swift_block docs/dockkit-api.md "## Example" >"$work/MyApp/Tests/$test/Example.swift"
  grep -q "@Test" "$work/MyApp/Tests/$test/Example.swift" || {
    echo "check-consumer-package: no example test found under docs/dockkit-api.md's ## Example" >&2
    exit 1
  }
  echo "$test"
}

for doc in "docs/dockkit-api.md|## Adding it to an app's test target" "README.md|## Depending on DockSim"; do
  page="${doc%%|*}" heading="${doc#*|}"
  test="$(consumer "$page" "$heading")"
  (cd "$work/MyApp" && OPENBLAS_NUM_THREADS=1 swift test -q 2>&1 | tail -5)
  echo "ok   $page's manifest ($heading) resolves, and docs/dockkit-api.md's example builds and passes in its $test"
done
