import DockSimCore

/// An image size in pixels (`--image-size WxH`).
public struct ImageSize: Equatable, Sendable {
  public var width: Int
  public var height: Int

  /// Each side at most this many pixels: larger is not a camera image.
  public static let maximumSide = 100_000

  public init?(width: Int, height: Int) {
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else { return nil }
    self.width = width
    self.height = height
  }

  /// `640x480` (or `640X480`); nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "X", omittingEmptySubsequences: false)
    }
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let w = Int(parts[0]), let h = Int(parts[1])
    else { return nil }
    self.init(width: w, height: h)
  }
}

extension ImageSize {
  /// A MOTChallenge box (pixels, top-left origin, 0-based as `MOTChallengeFile` reads it) in
  /// normalized image units with a lower-left origin.
  public func normalized(_ b: MOTBox) -> NormalizedRect {
    let w = Double(width)
    let h = Double(height)
    return NormalizedRect(x: b.x / w, y: 1 - (b.y + b.height) / h, width: b.width / w, height: b.height / h)
  }

  /// A normalized box (lower-left origin) in pixels with a top-left origin, 0-based: the inverse of
  /// `normalized(_:)`.
  public func pixels(_ r: NormalizedRect) -> MOTBox {
    let w = Double(width)
    let h = Double(height)
    return MOTBox(x: r.x * w, y: (1 - r.y - r.height) * h, width: r.width * w, height: r.height * h)
  }

  /// Width over height.
  public var aspect: Double { Double(width) / Double(height) }
}
