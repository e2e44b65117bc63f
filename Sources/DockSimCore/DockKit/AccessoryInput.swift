/// An input from the dock's own controls, which DockKit reports to the app as an `AccessoryEvent`: a
/// person pressing a button on the stand. Part of a scenario's timeline (`accessory_event`), never an
/// app's call.
public enum AccessoryInput: Equatable, Hashable, Sendable {
  /// A vendor-specific button, `pressed` true on press and false on release.
  case button(id: Int, pressed: Bool)
  /// The shutter button.
  case cameraShutter
  /// The camera-flip button (back/front).
  case cameraFlip
  /// The zoom control, by `factor`.
  case cameraZoom(factor: Double)

  /// A short name for logs and traces: `button(4, pressed)`, `cameraShutter`, `cameraZoom(1.5)`.
  public var name: String {
    switch self {
    case .button(let id, let pressed): return "button(\(id), \(pressed ? "pressed" : "released"))"
    case .cameraShutter: return "cameraShutter"
    case .cameraFlip: return "cameraFlip"
    case .cameraZoom(let factor): return "cameraZoom(\(FixedDecimal.format(factor, digits: 3)))"
    }
  }
}
