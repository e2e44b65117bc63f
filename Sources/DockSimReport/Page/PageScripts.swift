/// The page's two inline scripts. Both are free of `<` and `&`, so the page stays well-formed XML
/// without CDATA sections (which an HTML parser would hand to JavaScript as a syntax error).
///
/// **Self-check contract** (read by the browser test): the first element of `<head>` is a script that
/// installs `window.onerror`, counting every uncaught error in `window.docksimErrors`. On the window's
/// `load` event the page sets
///
///     document.body.dataset.selfCheck = "svgs=N zero=Z errors=E"
///
/// (the `data-self-check` attribute of `<body>`), where N is the number of `<svg>` elements in the
/// document, Z how many of them have a zero width or height (`getBoundingClientRect`), and E the errors
/// counted so far. A healthy page reads `svgs=N zero=0 errors=0` with N the plots drawn.
enum PageScripts {
  /// Installed first thing in `<head>`, before anything that could fail.
  static let errorCounter = """
    window.docksimErrors = 0;
    window.onerror = function () { window.docksimErrors += 1; return false; };
    """

  /// Sorting the overview table by a clicked header, and the self-check on `load`.
  static let page = """
    function docksimSort(th) {
      var table = th.closest("table");
      var body = table.tBodies[0];
      var col = th.cellIndex;
      var dir = th.getAttribute("data-dir") === "asc" ? -1 : 1;
      table.querySelectorAll("th").forEach(function (h) { h.removeAttribute("data-dir"); });
      th.setAttribute("data-dir", dir === 1 ? "asc" : "desc");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col].getAttribute("data-sort");
        var y = b.cells[col].getAttribute("data-sort");
        var nx = parseFloat(x);
        var ny = parseFloat(y);
        var c;
        if (isNaN(nx) || isNaN(ny)) {
          c = isNaN(nx) === isNaN(ny) ? x.localeCompare(y) : (isNaN(nx) ? 1 : -1);
        } else {
          c = nx - ny;
        }
        return c * dir;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    }
    document.querySelectorAll("table.sortable th").forEach(function (th) {
      th.addEventListener("click", function () { docksimSort(th); });
    });
    window.addEventListener("load", function () {
      var svgs = document.querySelectorAll("svg");
      var zero = 0;
      svgs.forEach(function (s) {
        var r = s.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) { zero += 1; }
      });
      document.body.dataset.selfCheck = "svgs=" + svgs.length + " zero=" + zero + " errors=" + window.docksimErrors;
    });
    """
}
