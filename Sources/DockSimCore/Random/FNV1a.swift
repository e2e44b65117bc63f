/// FNV-1a, 64 bits, over UTF-8 bytes: stable across processes, machines and Swift versions, unlike
/// `Hasher` (seeded per process). The one FNV-1a of DockSim: random stream seeds (`RandomStream`),
/// shard digests and fingerprints (`ShardManifest`) and DockSimKit's accessory identifiers.
public struct FNV1a: Sendable {
  /// The hash of everything added so far.
  public private(set) var value: UInt64

  /// FNV-1a's published 64-bit offset basis, where every standard hash starts.
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  /// A hash of nothing yet, starting at `basis`: the standard offset basis by default; another one
  /// gives a second hash of the same text, independent of the first (more bits than one hash holds).
  public init(basis: UInt64 = FNV1a.offsetBasis) {
    value = basis
  }

  /// Adds the UTF-8 bytes of `text`.
  public mutating func add(_ text: String) {
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
  }

  /// The hash of `text` alone.
  public static func hash(_ text: String) -> UInt64 {
    var hash = FNV1a()
    hash.add(text)
    return hash.value
  }
}
