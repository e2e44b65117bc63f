import DockSimCore
import DockSimIO
import Foundation

/// Which tracks followed which true subject over a run, from `traces/<scenario>.objects.csv`.
///
/// One **lane** per true subject (gt id), in the order the file first lists them (the scenario's
/// order), with one row per box kind of that subject (a person's body and face are two objects, as in
/// the metrics). Along each row, left to right in seconds of capture time:
/// * a coloured **bar** for each run of frames in which one track was matched to the box (a colour per
///   track id, Okabe–Ito, cycling; labelled `#id` where it fits);
/// * grey **shading** where the box was out of view (no box, or its centre outside the image: not
///   scored) or occluded (centre in the image but less than 30 % of it visible);
/// * a thin dark **miss** strip under the row where the box was scored but no track was matched;
/// * a black **triangle** above the row at every identity switch (the box paired with a different
///   track than it was last paired with).
///
/// Matching is the metrics' own: the file's rows are replayed frame by frame through `MOTAccumulator`,
/// fed exactly as `TrackingMetrics` feeds it (ground truth: every box whose centre is inside the image;
/// hypotheses: the confirmed and coasting tracks inside the image; kinds kept apart by
/// `TrackingMetrics.motPosition`; the file's `match_threshold`), and its per-frame events (MATCH,
/// SWITCH, MISS) are drawn. So the switches and misses drawn are the ones counted in `summary.csv`.
public enum TrackTimelinePlot {
  /// Below this visible fraction a box counts as occluded (`TrackingMetrics.minimumVisibleFraction`).
  static let occludedBelow = 0.3

  /// The plot as one self-contained `<svg>` element (XHTML-compatible, no external references).
  /// - Parameters:
  ///   - objectsCSV: path of a `traces/<scenario>.objects.csv`.
  ///   - width: the SVG's width in CSS pixels (at least 320 is used); the height follows from the
  ///     number of rows.
  /// - Throws: `InputError` naming the file and line of a missing or malformed file.
  public static func svg(objectsCSV: String, width: Double) throws -> String {
    let csv = try CSVTableReader(
      path: objectsCSV, expected: "an objects trace written by docksim run (docs/csv.md)")
    let timeline = try Timeline(csv: csv)
    return render(timeline, width: width, title: (objectsCSV as NSString).lastPathComponent)
  }

  // MARK: Rendering

  private static let left = 130.0
  private static let right = 16.0
  private static let top = 28.0
  private static let rowHeight = 22.0
  private static let laneGap = 10.0

  static func render(_ timeline: Timeline, width requested: Double, title: String) -> String {
    let width = requested.isFinite ? max(320, requested) : 320
    let plotWidth = width - left - right
    let rowCount = timeline.objects.count
    let lanesHeight = Double(rowCount) * rowHeight + Double(max(timeline.subjects.count - 1, 0)) * laneGap
    let axisY = top + lanesHeight + 6
    let legendY = axisY + 40
    let height = legendY + 40
    let t0 = timeline.times.first ?? 0
    let t1 = timeline.endTime
    let span = max(t1 - t0, 1e-6)
    func x(_ t: Double) -> Double { left + (t - t0) / span * plotWidth }

    var out = SVG.open(width: width, height: height, label: "Track timeline: \(title)")
    out += "<title>\(SVG.escape("Tracks matched to each subject over time: \(title)"))</title>"
    out += "<text x=\"\(SVG.n(left))\" y=\"16\" font-size=\"12\" font-weight=\"bold\">"
    out += "\(SVG.escape("Tracks per subject — \(title)"))</text>"
    // Which threshold decided the pairs: a scenario's own, or the default for an older file.
    let threshold =
      "match threshold \(SVGNumber.text(timeline.matchThreshold))"
      + (timeline.thresholdRecorded ? "" : " (the default: this file does not record it)")
    out += "<text class=\"threshold\" x=\"\(SVG.n(left + plotWidth))\" y=\"16\" text-anchor=\"end\" "
    out += "fill=\"#555555\">\(SVG.escape(threshold))</text>"

    // Lanes: one group per subject, one row per box kind.
    var y = top
    for (s, subject) in timeline.subjects.enumerated() {
      if s > 0 { y += laneGap }
      let rows = timeline.objects.indices.filter { timeline.objects[$0].subject == subject }
      out += "<g class=\"lane\" data-subject=\"\(SVG.escape(subject))\">"
      out += "<text class=\"lane-label\" x=\"6\" y=\"\(SVG.n(y + 14))\" font-weight=\"bold\">"
      out += "\(SVG.escape(Self.shortened(subject, to: 14)))</text>"
      for object in rows {
        let rowTop = y
        let row = timeline.objects[object]
        out +=
          "<text x=\"\(SVG.n(left - 6))\" y=\"\(SVG.n(rowTop + 14))\" text-anchor=\"end\" fill=\"#555555\">"
        out += "\(SVG.escape(Self.kindLabel(row.kind)))</text>"
        out += "<rect x=\"\(SVG.n(left))\" y=\"\(SVG.n(rowTop))\" width=\"\(SVG.n(plotWidth))\" "
        out += "height=\"\(SVG.n(rowHeight - 2))\" fill=\"#FFFFFF\" stroke=\"#DDDDDD\"/>"
        for run in timeline.runs(of: object) {
          let x0 = x(timeline.times[run.first])
          let x1 = x(timeline.spanEnd(run.last))
          let w = max(x1 - x0, 0.5)
          switch run.state {
          case .outOfView:
            out +=
              "<rect class=\"out-of-view\" x=\"\(SVG.n(x0))\" y=\"\(SVG.n(rowTop))\" width=\"\(SVG.n(w))\" "
            out += "height=\"\(SVG.n(rowHeight - 2))\" fill=\"#E4E4E4\"/>"
          case .matched(let track, let occluded):
            if occluded {
              out +=
                "<rect class=\"occluded\" x=\"\(SVG.n(x0))\" y=\"\(SVG.n(rowTop))\" width=\"\(SVG.n(w))\" "
              out += "height=\"\(SVG.n(rowHeight - 2))\" fill=\"#B8B8B8\"/>"
            }
            let colour = colourIndex(track)
            out +=
              "<rect class=\"bar\" data-track=\"\(track)\" x=\"\(SVG.n(x0))\" y=\"\(SVG.n(rowTop + 4))\" "
            out +=
              "width=\"\(SVG.n(w))\" height=\"\(SVG.n(rowHeight - 10))\" fill=\"\(SVG.okabeIto[colour])\"/>"
          case .missed(let occluded):
            if occluded {
              out +=
                "<rect class=\"occluded\" x=\"\(SVG.n(x0))\" y=\"\(SVG.n(rowTop))\" width=\"\(SVG.n(w))\" "
              out += "height=\"\(SVG.n(rowHeight - 2))\" fill=\"#B8B8B8\"/>"
            }
            out += "<rect class=\"miss\" x=\"\(SVG.n(x0))\" y=\"\(SVG.n(rowTop + rowHeight - 6))\" "
            out += "width=\"\(SVG.n(w))\" height=\"3\" fill=\"#333333\"/>"
          }
        }
        // Labels after the bars of the row so that no bar covers them; runs of one track split by
        // occlusion are labelled once per run that has room.
        for run in timeline.trackRuns(of: object) {
          let x0 = x(timeline.times[run.first])
          let x1 = x(timeline.spanEnd(run.last))
          let label = "#\(run.track)"
          guard x1 - x0 >= SVG.textWidth(label) + 4 else { continue }
          let colour = colourIndex(run.track)
          out += "<text class=\"bar-label\" x=\"\(SVG.n((x0 + x1) / 2))\" y=\"\(SVG.n(rowTop + 14))\" "
          out += "text-anchor=\"middle\" font-size=\"10\" "
          out += "fill=\"\(SVG.darkPaletteColour(colour) ? "#FFFFFF" : "#000000")\">\(label)</text>"
        }
        for frame in timeline.switches(of: object) {
          let sx = x(timeline.times[frame])
          out += "<path class=\"switch\" d=\"M\(SVG.n(sx - 4)) \(SVG.n(rowTop - 3))L\(SVG.n(sx + 4)) "
          out += "\(SVG.n(rowTop - 3))L\(SVG.n(sx)) \(SVG.n(rowTop + 5))Z\" fill=\"#000000\" "
          out += "stroke=\"#FFFFFF\" stroke-width=\"0.75\"/>"
        }
        y += rowHeight
      }
      out += "</g>"
    }

    // Time axis.
    out += "<g class=\"axis\">"
    out += "<line x1=\"\(SVG.n(left))\" y1=\"\(SVG.n(axisY))\" x2=\"\(SVG.n(left + plotWidth))\" "
    out += "y2=\"\(SVG.n(axisY))\" stroke=\"#000000\"/>"
    let ticks = SVG.ticks(from: t0, to: t1, count: max(2, Int(plotWidth / 80)))
    for value in ticks.values {
      let tx = x(value)
      out +=
        "<line x1=\"\(SVG.n(tx))\" y1=\"\(SVG.n(axisY))\" x2=\"\(SVG.n(tx))\" y2=\"\(SVG.n(axisY + 4))\" "
      out += "stroke=\"#000000\"/>"
      out += "<text x=\"\(SVG.n(tx))\" y=\"\(SVG.n(axisY + 15))\" text-anchor=\"middle\">"
      out += "\(SVG.label(value, step: ticks.step))</text>"
    }
    out += "<text x=\"\(SVG.n(left + plotWidth / 2))\" y=\"\(SVG.n(axisY + 30))\" text-anchor=\"middle\">"
    out += "capture time (s)</text></g>"

    // Legend.
    out += "<g class=\"legend\" transform=\"translate(\(SVG.n(left)) \(SVG.n(legendY)))\">"
    var lx = 0.0
    func item(_ mark: String, _ text: String) {
      out += "<g transform=\"translate(\(SVG.n(lx)) 0)\">\(mark)"
      out += "<text x=\"22\" y=\"10\">\(SVG.escape(text))</text></g>"
      lx += 30 + SVG.textWidth(text)
    }
    item(
      "<rect x=\"0\" y=\"2\" width=\"8\" height=\"10\" fill=\"\(SVG.okabeIto[0])\"/>"
        + "<rect x=\"8\" y=\"2\" width=\"8\" height=\"10\" fill=\"\(SVG.okabeIto[1])\"/>",
      "matched track (colour per id)")
    item("<path d=\"M4 1L12 1L8 9Z\" fill=\"#000000\"/>", "ID switch")
    item("<rect x=\"0\" y=\"9\" width=\"16\" height=\"3\" fill=\"#333333\"/>", "miss")
    item("<rect x=\"0\" y=\"0\" width=\"16\" height=\"14\" fill=\"#B8B8B8\"/>", "occluded (<30 % visible)")
    item(
      "<rect x=\"0\" y=\"0\" width=\"16\" height=\"14\" fill=\"#E4E4E4\" stroke=\"#CCCCCC\"/>",
      "out of view / no box")
    out += "</g></svg>"
    return out
  }

  /// The row label of a box kind: short, so that it fits beside the subject's name.
  static func kindLabel(_ kind: String) -> String {
    switch kind {
    case "humanBody": return "body"
    case "humanFace": return "face"
    default: return kind
    }
  }

  /// `text` cut to `limit` characters with an ellipsis, for labels in a fixed margin (the full name is
  /// in the lane's `data-subject`).
  static func shortened(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  /// The palette slot of a track: ids cycle through the palette, so a track keeps its colour in every
  /// lane and every plot of a run.
  static func colourIndex(_ track: Int) -> Int {
    let count = SVG.okabeIto.count
    return ((track - 1) % count + count) % count
  }
}

/// The objects trace reduced to what the timeline draws: per box (subject and kind) and per frame,
/// whether it was scored, occluded, and which track was paired with it.
struct Timeline {
  /// A true box: the subject's id and the box's kind.
  struct Object: Equatable {
    var subject: String
    var kind: String
  }

  /// What a row shows at one frame.
  enum State: Equatable {
    /// No box, or its centre outside the image: not scored.
    case outOfView
    /// Paired with a track; `occluded` when less than 30 % of the box was visible.
    case matched(Int, occluded: Bool)
    /// Scored, no track paired.
    case missed(occluded: Bool)
  }

  /// Consecutive frames (indices into `times`) with one state.
  struct Run: Equatable {
    var first: Int
    var last: Int
    var state: State
  }

  /// Subjects in first-appearance order.
  var subjects: [String] = []
  /// Rows: every box, in first-appearance order.
  var objects: [Object] = []
  /// Capture time of each frame, seconds.
  var times: [Double] = []
  /// Run-length encoded states per object.
  var stateRuns: [[Run]] = []
  /// Frames (indices into `times`) with an identity switch, per object.
  var switchFrames: [[Int]] = []

  func runs(of object: Int) -> [Run] { stateRuns[object] }
  func switches(of object: Int) -> [Int] { switchFrames[object] }

  /// Runs of one track paired with the object, merging across occlusion shading (for labels).
  func trackRuns(of object: Int) -> [(track: Int, first: Int, last: Int)] {
    var result: [(track: Int, first: Int, last: Int)] = []
    for run in stateRuns[object] {
      guard case .matched(let track, _) = run.state else { continue }
      if let last = result.last, last.track == track, last.last + 1 == run.first {
        result[result.count - 1].last = run.last
      } else {
        result.append((track, run.first, run.last))
      }
    }
    return result
  }

  /// When frame `index`'s span ends: the next frame's time, or for the last frame one typical frame
  /// interval later.
  func spanEnd(_ index: Int) -> Double {
    if index + 1 < times.count { return times[index + 1] }
    guard times.count >= 2 else { return (times.last ?? 0) + 1.0 / 30 }
    return times[index] + (times[times.count - 1] - times[0]) / Double(times.count - 1)
  }

  var endTime: Double { times.isEmpty ? 1 : spanEnd(times.count - 1) }

  /// The match threshold the metrics used, normalized image units: the file's `match_threshold`, or
  /// `MOTAccumulator.defaultMatchThreshold` for a file written before that column existed.
  var matchThreshold = MOTAccumulator.defaultMatchThreshold
  /// Whether `matchThreshold` was read from the file.
  var thresholdRecorded = false

  /// Reads an objects trace and replays it through the metrics' `MOTAccumulator`.
  ///
  /// - Throws: `InputError` naming the line of a malformed row: a missing or non-finite number,
  ///   frames not increasing, an unknown type or kind, a box or track listed twice in a frame, or a
  ///   `match_threshold` that is not positive or changes between rows.
  init(csv: CSVTableReader) throws(InputError) {
    // Row by row: only the frames' times and each box's runs of states are kept, never the rows.
    var csv = csv
    let c = try csv.columns([
      "frame", "capture_t_s", "type", "id", "kind", "u", "v", "visible_fraction", "status",
    ])
    let thresholdColumn = csv.columnIndex("match_threshold")
    var upcoming = try csv.next()
    if let thresholdColumn, let first = upcoming {
      let value = try first.finite(thresholdColumn)
      guard value > 0 else {
        throw first.error(thresholdColumn, "expected a positive number, got \(first[thresholdColumn])")
      }
      matchThreshold = value
      thresholdRecorded = true
    }
    var accumulator = MOTAccumulator(matchThreshold: matchThreshold)
    var events = MOTFrameEvents()
    var groundTruth: [(id: Int, u: Double, v: Double)] = []
    var hypotheses: [(id: Int, u: Double, v: Double)] = []
    var objectIndex: [String: Int] = [:]  // lookups only; never iterated
    /// Each object's runs so far, and how many frames they cover.
    var runs: [[Run]] = []
    var covered: [Int] = []
    /// The visible fraction of each object's box in the current frame (NaN: no box yet this frame).
    var visible: [Double] = []
    var currentFrame: Int?
    var frameNumbers: [Int] = []
    var knownTimes: [Double?] = []

    /// Gives `object` the `state` from its first uncovered frame through frame `last`.
    func record(_ object: Int, _ state: State, through last: Int) {
      let first = covered[object]
      guard first <= last else { return }
      if let run = runs[object].last, run.state == state, run.last + 1 == first {
        runs[object][runs[object].count - 1].last = last
      } else {
        runs[object].append(Run(first: first, last: last, state: state))
      }
      covered[object] = last + 1
    }

    func finishFrame(_ frame: Int) {
      accumulator.observe(frame: frame, groundTruth: groundTruth, hypotheses: hypotheses, events: &events)
      let frameIndex = times.count - 1
      var frameStates = [State](repeating: .outOfView, count: objects.count)
      for event in events.events {
        guard let object = event.object else { continue }
        let occluded = visible[object] < TrackTimelinePlot.occludedBelow
        switch event.kind {
        case .match, .identitySwitch:
          let track = event.hypothesis ?? 0
          if event.kind == .identitySwitch { switchFrames[object].append(frameIndex) }
          frameStates[object] = .matched(track, occluded: occluded)
        case .miss:
          frameStates[object] = .missed(occluded: occluded)
        case .falsePositive:
          break
        }
      }
      for (object, state) in frameStates.enumerated() {
        // Objects first seen in this frame have no earlier frames: pad them as out of view.
        record(object, .outOfView, through: frameIndex - 1)
        record(object, state, through: frameIndex)
      }
      groundTruth.removeAll(keepingCapacity: true)
      hypotheses.removeAll(keepingCapacity: true)
      for object in visible.indices { visible[object] = .nan }
    }

    while let row = upcoming {
      let frame = try row.count(c[0])
      if frame != currentFrame {
        if let currentFrame {
          guard frame > currentFrame else {
            throw row.error(c[0], "frame \(frame) after frame \(currentFrame): frames must increase")
          }
          finishFrame(currentFrame)
        }
        currentFrame = frame
        frameNumbers.append(frame)
        knownTimes.append(try row.finite(c[1], empty: "no frame delivered"))
        times.append(0)
      }
      if let thresholdColumn {
        let value = try row.finite(thresholdColumn)
        guard value == matchThreshold else {
          throw row.error(
            thresholdColumn,
            "\(row[thresholdColumn]) differs from the first row's; expected one threshold per file")
        }
      }
      let kindText = row[c[4]]
      guard let kind = SubjectKind(rawValue: kindText) else {
        throw row.error(c[4], "expected humanBody, humanFace or object, got '\(CSVNumber.shown(kindText))'")
      }
      // A box behind the camera has no image position (empty u, v): not scored, like one outside.
      let u = try row.finite(c[5], empty: "behind the camera") ?? .nan
      let v = try row.finite(c[6], empty: "behind the camera") ?? .nan
      // What the metrics score: centres inside the image (a NaN is not).
      let inImage = TrackingMetrics.isScored(u: u, v: v)
      let position = TrackingMetrics.motPosition(u: u, v: v, kind: kind)
      switch row[c[2]] {
      case "gt":
        let key = row[c[3]] + "\u{0}" + kindText
        let object: Int
        if let known = objectIndex[key] {
          object = known
        } else {
          object = objects.count
          objectIndex[key] = object
          objects.append(Object(subject: row[c[3]], kind: kindText))
          if !subjects.contains(row[c[3]]) { subjects.append(row[c[3]]) }
          runs.append([])
          covered.append(0)
          switchFrames.append([])
          visible.append(.nan)
        }
        guard visible[object].isNaN else {
          throw row.error(
            c[3], "\(row[c[3]]) \(kindText) listed twice in frame \(frame); expected one box per kind")
        }
        visible[object] = try row.finite(c[7], empty: "fully visible") ?? 1
        if inImage { groundTruth.append((id: object, u: position.u, v: position.v)) }
      case "track":
        let id = try row.count(c[3])
        guard !hypotheses.contains(where: { $0.id == id }) else {
          throw row.error(c[3], "track \(id) listed twice in frame \(frame)")
        }
        // Tentative tracks and tracks outside the image are not scored, as in the metrics.
        if inImage && (TrackStatus(rawValue: row[c[8]]).map(TrackingMetrics.isHypothesis) ?? true) {
          hypotheses.append((id: id, u: position.u, v: position.v))
        }
      default:
        throw row.error(c[2], "expected gt or track, got '\(CSVNumber.shown(row[c[2]]))'")
      }
      upcoming = try csv.next()
    }
    if let currentFrame { finishFrame(currentFrame) }
    times = Self.fillTimes(frames: frameNumbers, known: knownTimes)
    for object in runs.indices { record(object, .outOfView, through: times.count - 1) }
    stateRuns = runs
  }

  /// Capture times for every frame. The writer leaves `capture_t_s` empty in frames that delivered
  /// neither an estimate nor a track (the metrics then use the frame's own time, which the file does not
  /// hold); such frames get the time of the nearest frame with one, shifted by the frame difference
  /// times the file's frame period (1/30 s if fewer than two frames have a time).
  static func fillTimes(frames: [Int], known: [Double?]) -> [Double] {
    let timed = frames.indices.filter { known[$0] != nil }
    guard let first = timed.first, let last = timed.last else { return frames.map { Double($0) / 30 } }
    var period = 1.0 / 30
    if frames[last] > frames[first] {
      period = (known[last]! - known[first]!) / Double(frames[last] - frames[first])
    }
    var result: [Double] = []
    var anchor = first
    for index in frames.indices {
      if known[index] != nil { anchor = index }
      result.append(known[index] ?? known[anchor]! + Double(frames[index] - frames[anchor]) * period)
    }
    return result
  }
}
