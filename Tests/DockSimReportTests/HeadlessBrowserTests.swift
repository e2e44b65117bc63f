import Foundation
import Testing

@testable import DockSimReport

/// Loads small XHTML pages in headless Chromium and reads their self-check (the page contract of
/// `docksim report`: on `load`, `document.body.dataset.selfCheck = "svgs=N zero=Z errors=E"`).
/// Skipped, with the reason, where Chromium is missing and cannot be installed (see `HeadlessBrowser`).
@Suite(
  .enabled(
    if: HeadlessBrowser.isAvailable,
    "no chromium: not on PATH (or DOCKSIM_CHROMIUM is not an executable) and scripts/install-browser.sh could not install it (needs root or passwordless sudo, apt-get, network); see docs/report-plots.md"
  ),
  .timeLimit(.minutes(5)))
struct HeadlessBrowserTests {
  /// The self-check script of the page contract, installed first in `<head>` so that `onerror` sees
  /// errors of every later script. In CDATA: the page is XHTML, parsed as XML.
  static let selfCheckScript = """
    <script type="text/javascript">//<![CDATA[
    window.selfCheckErrors = 0;
    window.onerror = function () { window.selfCheckErrors += 1; return true; };
    window.addEventListener("load", function () {
      var svgs = document.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg");
      var zero = 0;
      for (var i = 0; i < svgs.length; i++) {
        var box = svgs[i].getBoundingClientRect();
        if (box.width === 0 || box.height === 0) { zero += 1; }
      }
      document.body.dataset.selfCheck =
        "svgs=" + svgs.length + " zero=" + zero + " errors=" + window.selfCheckErrors;
    });
    //]]></script>
    """

  /// An XHTML page with `body` in its `<body>` and, when given, a broken script after the self-check.
  static func page(body: String, brokenScript: Bool = false) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
    <head><meta charset="UTF-8"/><title>fixture</title>
    \(selfCheckScript)
    \(brokenScript ? "<script type=\"text/javascript\">callingAFunctionThatDoesNotExist();</script>" : "")
    </head>
    <body>
    \(body)
    </body>
    </html>

    """
  }

  static let twoSVGs = """
    <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"><rect x="10" y="10" width="100" height="60" fill="#0072B2"/></svg>
    <svg xmlns="http://www.w3.org/2000/svg" width="60" height="60" viewBox="0 0 60 60"><circle cx="30" cy="30" r="20" fill="#E69F00"/></svg>
    """

  static func load(_ page: String) throws -> HeadlessBrowser.SelfCheck? {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try write(page, "fixture.xhtml", in: directory)
    return HeadlessBrowser.SelfCheck(dom: try HeadlessBrowser.dumpDOM(path: path))
  }

  @Test func readsTheSelfCheckOfAStaticPage() throws {
    #expect(
      try Self.load(Self.page(body: Self.twoSVGs)) == HeadlessBrowser.SelfCheck(svgs: 2, zero: 0, errors: 0))
  }

  @Test func detectsAScriptError() throws {
    #expect(
      try Self.load(Self.page(body: Self.twoSVGs, brokenScript: true))
        == HeadlessBrowser.SelfCheck(svgs: 2, zero: 0, errors: 1))
  }

  /// Both plots, embedded in an XHTML page (parsed as XML by the browser), render with a size.
  @Test func thePlotsRenderInABrowser() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let objects = try write(TrackTimelinePlotTests.objectsCSV(), "case.objects.csv", in: directory)
    let trace = try write(RoomViewPlotTests.traceCSV(), "case.csv", in: directory)
    let body =
      try TrackTimelinePlot.svg(objectsCSV: objects, width: 700) + "\n"
      + RoomViewPlot.svg(scenario: RoomViewPlotTests.scenario, traceCSV: trace, width: 500)
    #expect(try Self.load(Self.page(body: body)) == HeadlessBrowser.SelfCheck(svgs: 2, zero: 0, errors: 0))
  }

  @Test func takesAScreenshot() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("shot.png").path
    try HeadlessBrowser.screenshot(
      html: Self.page(body: Self.twoSVGs), path: directory.appendingPathComponent("page.xhtml").path,
      png: png,
      width: 400, height: 200)
    let bytes = try #require(FileManager.default.contents(atPath: png))
    #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])  // the PNG signature
  }
}

/// Runs without a browser.
struct SelfCheckParsingTests {
  @Test func parsesTheSelfCheckAttribute() {
    let dom = "<body data-self-check=\"svgs=3 zero=1 errors=2\"></body>"
    #expect(HeadlessBrowser.SelfCheck(dom: dom) == HeadlessBrowser.SelfCheck(svgs: 3, zero: 1, errors: 2))
    #expect(HeadlessBrowser.SelfCheck(dom: "<body></body>") == nil)
  }
}
