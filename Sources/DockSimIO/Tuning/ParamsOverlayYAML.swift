import Yams

/// The text of a parameter overlay (`docksim run --params FILE`, docs/tuning.md): dotted parameter paths
/// and their values as nested YAML mappings, emitted by Yams so that any value reads back as the same
/// scalar. `docksim tune` writes its `best.yaml` with it.
public enum ParamsOverlayYAML {
  /// `values` (`tracker.gate` → `16`) as nested mappings in first-appearance order (`tracker:` →
  /// `gate: 16`), after `comments` as `#` lines; `{}` when there are no values.
  ///
  /// Each value is the text a scenario would hold: a number stays a plain scalar and reads back as that
  /// number, other text is quoted when it would otherwise read as something else.
  public static func text(_ values: [(path: String, value: String)], comments: [String]) -> String {
    final class Tree {
      var pairs: [(key: String, child: Tree?, value: String?)] = []
      func child(_ key: String) -> Tree {
        if let existing = pairs.first(where: { $0.key == key && $0.child != nil })?.child { return existing }
        let tree = Tree()
        pairs.append((key, tree, nil))
        return tree
      }
      var node: Node {
        Node.mapping(
          Node.Mapping(
            pairs.map { pair in
              (Node(pair.key), pair.child?.node ?? Node(pair.value ?? ""))
            }))
      }
    }
    let root = Tree()
    for (path, value) in values {
      let parts = path.split(separator: ".").map(String.init)
      var tree = root
      for part in parts.dropLast() { tree = tree.child(part) }
      tree.pairs.append((parts.last ?? path, nil, value))
    }
    let header = comments.map { "# " + $0 + "\n" }.joined()
    // Serializing strings and mappings cannot fail; the fallback keeps the file loadable regardless.
    let body = (try? Yams.serialize(node: root.node, indent: 2, width: -1, sortKeys: false)) ?? "{}\n"
    return header + body
  }
}
