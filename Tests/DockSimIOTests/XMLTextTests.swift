import DockSimIO
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The one XML escaping rule (the report's HTML and SVG, the gate's JUnit): the five special characters
/// as entities, line breaks and tabs as character references, characters XML 1.0 forbids replaced by
/// U+FFFD; the result parses as XML with the text intact.
struct XMLTextTests {
  @Test func escapesTheFiveSpecialCharacters() {
    #expect(XMLText.escape(#"a & b < c > d "e" 'f'"#) == "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;")
    #expect(XMLText.escape("plain é 😀") == "plain é 😀")
  }

  @Test func keepsLineBreaksAndReplacesWhatXMLForbids() {
    #expect(XMLText.escape("a\nb\rc\td") == "a&#10;b&#13;c&#9;d")
    #expect(XMLText.escape("x\u{0}y\u{1B}z\u{7}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
    #expect(XMLText.escape("\u{FFFE}\u{FFFF}") == "\u{FFFD}\u{FFFD}")
  }

  /// Every scalar from 0 to 0x7F and the non-characters, in an attribute and in content, parse back
  /// as the text with the forbidden ones replaced.
  @Test func theEscapedTextParsesBackAsXML() throws {
    var text = String(String.UnicodeScalarView((0...0x7F).compactMap(Unicode.Scalar.init)))
    text += "\u{FFFE}\u{FFFF}\u{10FFFF}"
    let escaped = XMLText.escape(text)
    let document = "<r a=\"\(escaped)\" b='\(escaped)'>\(escaped)</r>"
    let parsed = try XMLDocument(xmlString: document)
    let root = try #require(parsed.rootElement())
    let expected = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { s in
          s.value < 0x20 && s != "\t" && s != "\n" && s != "\r" || s.value == 0xFFFE || s.value == 0xFFFF
            ? "\u{FFFD}" : s
        }))
    #expect(root.stringValue == expected)
    #expect(root.attribute(forName: "a")?.stringValue == expected)
    #expect(root.attribute(forName: "b")?.stringValue == expected)
  }
}
