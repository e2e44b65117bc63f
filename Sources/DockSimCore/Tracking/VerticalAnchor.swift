/// Which vertical feature of a box a measurement's `v` row observes.
///
/// A box cut by the bottom edge of the image (a standing person framed by the face) still shows its true
/// top, and a box cut at the top its true bottom. Measuring that edge — `v ± h/2`, with the Jacobian row
/// `∂v/∂(az, el) ± ½·∂h/∂ls` — keeps the estimate of the centre unbiased, where the centre of the cut box
/// would drag it toward the middle of the image.
public enum VerticalAnchor: Sendable, Equatable {
  case center
  /// The top edge: `v + h/2`.
  case top
  /// The bottom edge: `v − h/2`.
  case bottom

  /// The anchor to use for `rect`: the uncut edge when exactly one of top and bottom is cut.
  public static func forBox(_ rect: NormalizedRect) -> VerticalAnchor {
    let e = MeasurementNoiseScale.edgeTolerance
    let cutBottom = rect.y <= e
    let cutTop = rect.y + rect.height >= 1 - e
    if cutBottom && !cutTop { return .top }
    if cutTop && !cutBottom { return .bottom }
    return .center
  }

  /// The measured `v` for this anchor.
  public func measuredV(_ rect: NormalizedRect) -> Double {
    switch self {
    case .center: return rect.midY
    case .top: return rect.y + rect.height
    case .bottom: return rect.y
    }
  }

  /// Sign of the half height added to the predicted centre: 0, +1 or −1.
  var sign: Double {
    switch self {
    case .center: return 0
    case .top: return 1
    case .bottom: return -1
    }
  }
}
