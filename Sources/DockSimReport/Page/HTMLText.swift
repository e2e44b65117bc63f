import DockSimIO

/// Small builders for the page's markup, every one XHTML-compatible (closed tags, quoted, escaped).
enum HTMLText {
  /// `<tag attributes>escaped text</tag>`.
  static func element(_ tag: String, _ text: String, _ attributes: String = "") -> String {
    "<\(tag)\(attributes.isEmpty ? "" : " " + attributes)>\(XMLText.escape(text))</\(tag)>"
  }

  /// An id made of letters, digits, `-` and `_` only, unique by its `index` prefix.
  static func anchor(_ name: String, index: Int) -> String {
    let safe = String(
      name.unicodeScalars.map { c -> Character in
        (c.properties.isAlphabetic && c.isASCII) || ("0"..."9").contains(c) || c == "-" || c == "_"
          ? Character(c) : "_"
      })
    return "s\(index)-\(safe)"
  }
}
