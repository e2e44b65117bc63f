import DockSimCore
import DockSimIO

/// A text of a value that DockSim defines itself, so that a digest of it (`ShardManifest.digest`) is
/// the same from one compiler to the next, unlike `String(reflecting:)`, whose layout is the standard
/// library's to change. docs/sharding.md, "Scenario digest".
///
/// The walk goes over the value's stored properties (`Mirror`), and writes:
/// * a struct, class or tuple as `{name=value;…}`, its properties **sorted by name**;
/// * an enum case as its name, followed by `(payload)` when it has one;
/// * an optional as `nil` or its value; an array as `[count:item,item,…]`; a dictionary or set as
///   `[count:…]` with its entries sorted by their text;
/// * a floating-point number in the shortest round-trip form the CSV writers use (`CSVFormat`), an
///   integer in decimal, a Boolean as `true`/`false`;
/// * a string as `<UTF-8 length>:"<text>"`, so that no text can make two values read the same.
enum CanonicalText {
  static func of(_ value: Any) -> String {
    var out = ""
    write(value, to: &out)
    return out
  }

  private static func write(_ value: Any, to out: inout String) {
    switch value {
    case let v as String:
      out += "\(v.utf8.count):\"\(v)\""
      return
    case let v as Double:
      out += CSVFormat.cell(v)
      return
    case let v as Float:
      out += CSVFormat.cell(Double(v))
      return
    case let v as Bool:
      out += v ? "true" : "false"
      return
    case let v as any BinaryInteger:
      out += v.description
      return
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let some = mirror.children.first { write(some.value, to: &out) } else { out += "nil" }
    case .collection:
      out += "[\(mirror.children.count):"
      for (i, child) in mirror.children.enumerated() {
        if i > 0 { out += "," }
        write(child.value, to: &out)
      }
      out += "]"
    case .dictionary, .set:
      // Iteration order of a Dictionary or Set changes from run to run: sort the entries' text.
      let entries = mirror.children.map { of($0.value) }.sorted {
        Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
      }
      out += "[\(entries.count):" + entries.joined(separator: ",") + "]"
    case .enum:
      if let payload = mirror.children.first {
        out += (payload.label ?? "?") + "("
        write(payload.value, to: &out)
        out += ")"
      } else {
        // A case without payload: its name.
        out += String(describing: value)
      }
    default:
      // Structs, classes and tuples; unlabelled tuple elements are named by position.
      let fields = mirror.children.enumerated().map { i, child in (child.label ?? ".\(i)", child.value) }
        .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
      out += "{"
      for (name, field) in fields {
        out += name + "="
        write(field, to: &out)
        out += ";"
      }
      out += "}"
    }
  }
}
