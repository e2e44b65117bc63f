import DockSimReport
import Testing

struct ReportModuleTests {
  @Test func hasAFormatVersion() { #expect(DockSimReport.formatVersion >= 1) }
}
