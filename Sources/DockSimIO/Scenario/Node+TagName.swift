import Yams

extension Node {
  /// The resolved tag's name (`.int`, `.float`, `.null`, `.merge`, …). Yams keeps `Tag.name` internal,
  /// so this goes through the public raw value.
  var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
