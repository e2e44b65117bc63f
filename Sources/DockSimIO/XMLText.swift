/// Escaping text for XML, and for HTML and SVG written so that they parse as XML too: the one rule of
/// the report's pages and plots and the gate's JUnit file.
public enum XMLText {
  /// `text` safe in element content and in attribute values quoted with either `"` or `'`:
  /// * `&`, `<`, `>`, `"` and `'` as entities or references that XML and HTML both know;
  /// * line feed, carriage return and tab as character references, which an attribute value keeps
  ///   (a parser turns them into spaces when written as they are, and a carriage return into a line
  ///   feed in content);
  /// * characters XML 1.0 forbids (the other C0 controls, U+FFFE and U+FFFF) replaced by U+FFFD, the
  ///   replacement character, so that the text stays visible and the document well-formed.
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      // &apos; is not an HTML 4 entity; the numeric reference is read alike by every parser.
      case "'": out += "&#39;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case "\t": out += "&#9;"
      default: out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return out
  }

  /// Whether XML 1.0 allows `scalar` in a document (its `Char` production less tab and line breaks,
  /// handled above); surrogates are not Unicode scalars, so they never reach here.
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
  }
}
