import DockSimCore
import Foundation

extension DockAccessory {
  /// The kinds of dock DockKit supports.
  public enum Category: String, Sendable, Hashable, Codable, CustomDebugStringConvertible {
    case trackingStand
    public var debugDescription: String { rawValue }
  }

  /// What identifies an accessory: its name, category and UUID.
  public struct Identifier: Sendable, Hashable, CustomDebugStringConvertible {
    public let name: String
    public let category: Category
    /// Derived from the name (a name-based, version 5-style UUID), so a scenario's stand has the same
    /// identifier in every run.
    public let uuid: UUID

    init(name: String) {
      self.name = name
      category = .trackingStand
      uuid = Self.uuid(forName: name)
    }

    public var debugDescription: String { "\(name) (\(category.debugDescription), \(uuid.uuidString))" }

    /// A deterministic UUID for `name`: FNV-1a over its UTF-8 bytes, twice with different seeds, with
    /// the version and variant bits set. Not cryptographic; it only has to be stable and distinct.
    static func uuid(forName name: String) -> UUID {
      func fnv(_ basis: UInt64) -> UInt64 {
        var hash = FNV1a(basis: basis)
        hash.add(name)
        return hash.value
      }
      let a = fnv(FNV1a.offsetBasis)
      // The standard basis with its halves swapped: a second 64 bits for the UUID's other half.
      let b = fnv(0x84222325_cbf29ce4)
      var bytes = (0..<8).map { UInt8(truncatingIfNeeded: a >> (56 - 8 * $0)) }
      bytes += (0..<8).map { UInt8(truncatingIfNeeded: b >> (56 - 8 * $0)) }
      bytes[6] = (bytes[6] & 0x0F) | 0x50
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      return UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
          bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
  }

  /// Whether a phone is on the accessory.
  public enum State: Sendable, Hashable, CustomDebugStringConvertible {
    case docked
    case undocked
    public var debugDescription: String { self == .docked ? "docked" : "undocked" }
  }

  /// A docking, an undocking or a press of the tracking button (DockKit's `StateChange`).
  public struct StateChange: Sendable {
    /// The accessory that changed (nil when DockKit cannot name one; the simulated stand always can).
    public let accessory: DockAccessory?
    public let state: State
    /// Whether the dock's tracking button has system tracking on after this change.
    public let trackingButtonEnabled: Bool

    init(accessory: DockAccessory?, state: State, trackingButtonEnabled: Bool) {
      self.accessory = accessory
      self.state = state
      self.trackingButtonEnabled = trackingButtonEnabled
    }
  }
}

extension DockAccessory: Hashable, CustomDebugStringConvertible {
  /// Two accessories are equal when they have the same identifier.
  public static func == (a: DockAccessory, b: DockAccessory) -> Bool { a.identifier == b.identifier }

  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  public var debugDescription: String {
    "DockAccessory(\(identifier.debugDescription), firmware \(firmwareVersion ?? "?"))"
  }
}
