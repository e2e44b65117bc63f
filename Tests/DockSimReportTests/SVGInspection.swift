import Foundation
import Testing

#if canImport(FoundationXML)
  // On Linux XMLParser lives in its own module.
  import FoundationXML
#endif

/// An element of a parsed SVG: its name and attributes.
struct SVGElement {
  var name: String
  var attributes: [String: String]
  var text: String
}

/// Parses `svg` with Foundation's `XMLParser` (which rejects anything not well-formed) and returns every
/// element in document order, or nil with the parser's error recorded as a test failure.
func parseSVG(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) -> [SVGElement]? {
  let collector = ElementCollector()
  let parser = XMLParser(data: Data(svg.utf8))
  parser.shouldProcessNamespaces = false
  parser.delegate = collector
  guard parser.parse() else {
    Issue.record(
      "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown error") at line \(parser.lineNumber), column \(parser.columnNumber)",
      sourceLocation: sourceLocation)
    return nil
  }
  return collector.elements
}

private final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [SVGElement] = []
  private var open: [Int] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    open.append(elements.count)
    elements.append(SVGElement(name: elementName, attributes: attributes, text: ""))
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let last = open.last { elements[last].text += string }
  }
}

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "docksim-report-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Writes `text` to `name` in `directory` and returns the path.
func write(_ text: String, _ name: String, in directory: URL) throws -> String {
  let url = directory.appendingPathComponent(name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}
