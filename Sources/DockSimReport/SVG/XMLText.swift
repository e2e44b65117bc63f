/// Escaping text for XHTML-compatible HTML and SVG, so that the page parses as XML too.
public enum XMLText {
  /// `text` safe in element content and in double-quoted attribute values: `&`, `<`, `>` and `"`
  /// replaced by entities (the four that XML and HTML both know).
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      // Control characters other than tab and line breaks are not allowed in XML 1.0 at all.
      case _ where c.value < 0x20 && c != "\t" && c != "\n" && c != "\r": out += " "
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}
