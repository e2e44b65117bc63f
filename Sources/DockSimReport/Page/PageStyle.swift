/// The page's inline style sheet (no external fonts: the system's sans-serif).
enum PageStyle {
  static let css = """
    body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; padding: 1em 2em; max-width: 1060px; color: #222; }
    h1 { font-size: 1.6em; } h2 { margin-top: 2.5em; border-bottom: 1px solid #ccc; }
    table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
    .scroll { overflow-x: auto; }
    td:first-child { white-space: nowrap; }
    th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #e4e4e4; text-align: right; }
    th:first-child, td:first-child, td.text, th.text { text-align: left; }
    table.sortable th { cursor: pointer; background: #f3f3f3; position: sticky; top: 0; }
    table.sortable th[data-dir="asc"]::after { content: " ▲"; }
    table.sortable th[data-dir="desc"]::after { content: " ▼"; }
    .fail { color: #B04000; font-weight: bold; } .pass { color: #006B4F; } .undecided { color: #6B5B00; font-style: italic; }
    .regression { background: #FBE3D6; }
    figure { margin: 1.2em 0; } figcaption { font-size: 0.85em; color: #444; max-width: 960px; }
    svg { max-width: 100%; height: auto; display: block; border: 1px solid #eee; }
    .seeds { display: flex; flex-wrap: wrap; column-gap: 16px; } .seeds figure { margin: 0.5em 0; width: 472px; }
    .placeholder { border: 1px dashed #aaa; padding: 1em; color: #666; font-size: 0.9em; }
    .note { color: #555; font-size: 0.9em; }
    a.top { font-size: 0.8em; font-weight: normal; margin-left: 1em; }
    """
}
