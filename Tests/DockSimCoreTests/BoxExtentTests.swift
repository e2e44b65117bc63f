import Testing

@testable import DockSimCore

/// The visible part of a box behind another and which extent of a partly hidden person a detection
/// reports (`NormalizedRect.visiblePart(behind:)`, `BoxExtent`): the rule the detector model, its fit
/// and the tracker share.
struct BoxExtentTests {
  static let person = NormalizedRect(x: 0.4, y: 0.2, width: 0.2, height: 0.5)

  static func close(_ a: NormalizedRect?, _ b: NormalizedRect, tolerance: Double = 1e-12) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance && abs(a.width - b.width) < tolerance
      && abs(a.height - b.height) < tolerance
  }

  @Test func anOccluderSpanningTheHeightCutsTheSideItCovers() {
    // A taller person in front covering the left 40 % of the box.
    let left = NormalizedRect(x: 0.3, y: 0.1, width: 0.18, height: 0.7)
    #expect(
      Self.close(
        Self.person.visiblePart(behind: left), NormalizedRect(x: 0.48, y: 0.2, width: 0.12, height: 0.5)))
    // The same on the right.
    let right = NormalizedRect(x: 0.55, y: 0.1, width: 0.2, height: 0.7)
    #expect(
      Self.close(
        Self.person.visiblePart(behind: right), NormalizedRect(x: 0.4, y: 0.2, width: 0.15, height: 0.5)))
    // A box spanning the width and covering the bottom cuts it from below.
    let below = NormalizedRect(x: 0.3, y: 0.0, width: 0.4, height: 0.3)
    #expect(
      Self.close(
        Self.person.visiblePart(behind: below), NormalizedRect(x: 0.4, y: 0.3, width: 0.2, height: 0.4)))
  }

  @Test func aMiddleStripACornerOrNothingLeavesTheWholeBoxAndFullCoverLeavesNone() {
    let strip = NormalizedRect(x: 0.45, y: 0.1, width: 0.05, height: 0.7)
    #expect(
      Self.person.visiblePart(behind: strip) == Self.person, "the visible part still reaches every edge")
    let corner = NormalizedRect(x: 0.3, y: 0.1, width: 0.15, height: 0.2)
    #expect(Self.person.visiblePart(behind: corner) == Self.person)
    let apart = NormalizedRect(x: 0.8, y: 0.1, width: 0.1, height: 0.7)
    #expect(Self.person.visiblePart(behind: apart) == Self.person)
    let all = NormalizedRect(x: 0.3, y: 0.1, width: 0.4, height: 0.7)
    #expect(Self.person.visiblePart(behind: all) == nil)
  }

  @Test func aDetectionIsWholeOrTheVisiblePartByOverlapAndUndecidedWhenTheyAreAlike() {
    let visible = NormalizedRect(x: 0.48, y: 0.2, width: 0.12, height: 0.5)
    let shiftedWhole = NormalizedRect(x: 0.41, y: 0.21, width: 0.2, height: 0.5)
    #expect(BoxExtent.reported(by: shiftedWhole, whole: Self.person, visible: visible) == .whole)
    let shiftedPart = NormalizedRect(x: 0.49, y: 0.2, width: 0.11, height: 0.48)
    #expect(BoxExtent.reported(by: shiftedPart, whole: Self.person, visible: visible) == .visiblePart)
    // 90 % of the width visible: the two extents overlap by 0.9, more than noise can tell apart.
    let mostly = NormalizedRect(x: 0.42, y: 0.2, width: 0.18, height: 0.5)
    #expect(Self.person.intersectionOverUnion(mostly) > BoxExtent.distinguishableIoU)
    #expect(BoxExtent.reported(by: Self.person, whole: Self.person, visible: mostly) == nil)
  }
}
