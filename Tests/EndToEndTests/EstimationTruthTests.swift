import DockSimCore
import DockSimIO
import Foundation
import Testing

/// `estimation_error_rms_rad` recomputed from the files a run writes, for a person tracked by the face:
/// the estimate columns of `traces/<s>.csv` against the primary subject's true box of the primary
/// track's kind at the capture time in `traces/<s>.objects.csv`, placed through the true pose then.
struct EstimationTruthTests {
  /// Rows of a CSV file without quoted cells (the traces here have none), keyed by column name.
  static func rows(_ url: URL) throws -> (header: [String], rows: [[String: String]]) {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let rows = lines.dropFirst().map { line in
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      return Dictionary(uniqueKeysWithValues: zip(header, cells))
    }
    return (header, rows)
  }

  @Test func estimationErrorOfAFacePrimaryIsAgainstTheFaceAtCaptureTime() throws {
    let tmp = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let path = CLI.repository.appendingPathComponent("Scenarios/four-people-crossing.yaml").path
    let r = try CLI.run(["run", path, "--out", tmp.path, "--set", "duration_s=8", "--quiet"])
    #expect(r.status == 0, "stderr: \(r.stderr)")
    let scenario = try ScenarioLoader.load(path: path)
    let subjectID = scenario.subjects[scenario.primarySubject].id

    let traces = tmp.appendingPathComponent("traces")
    let trace = try Self.rows(traces.appendingPathComponent("four-people-crossing.csv"))
    let objects = try Self.rows(traces.appendingPathComponent("four-people-crossing.objects.csv")).rows
    let summary = try Self.rows(tmp.appendingPathComponent("summary.csv")).rows[0]
    let nisColumn = try #require(trace.header.firstIndex(of: "est_nis"))
    #expect(trace.header[nisColumn + 1] == "est_nees")

    // The true pose at each capture instant, from that frame's own row.
    var poseAt: [String: CameraPose] = [:]
    for row in trace.rows {
      poseAt[row["t_s"]!] = CameraPose(
        yaw: Double(row["camera_yaw_rad"]!)!, pitch: Double(row["camera_pitch_rad"]!)!)
    }
    var primaryKind: [String: String] = [:]
    var truthUV: [String: [String: (Double, Double)]] = [:]
    for o in objects {
      if o["type"] == "track" && o["primary"] == "1" { primaryKind[o["frame"]!] = o["kind"]! }
      if o["type"] == "gt" && o["id"] == subjectID {
        truthUV[o["frame"]!, default: [:]][o["kind"]!] = (Double(o["u"]!)!, Double(o["v"]!)!)
      }
    }
    var squares = 0.0
    var count = 0
    var kinds = Set<String>()
    for row in trace.rows where !(row["est_az_rad"] ?? "").isEmpty {
      let frame = row["frame"]!
      let kind = try #require(primaryKind[frame], "frame \(frame): no primary track row")
      kinds.insert(kind)
      let (u, v) = try #require(truthUV[frame]?[kind], "frame \(frame): no \(kind) box of \(subjectID)")
      let pose = try #require(poseAt[row["est_capture_t_s"]!])
      let truth = scenario.camera.direction(u: u, v: v, pose: pose)
      let estimate = Direction(azimuth: Double(row["est_az_rad"]!)!, elevation: Double(row["est_el_rad"]!)!)
      let e = Direction.angleBetween(estimate, truth)
      squares += e * e
      count += 1
      #expect(!(row["est_nees"] ?? "").isEmpty, "frame \(frame): no est_nees")
    }
    // The case this guards: a person tracked by the face.
    #expect(kinds == ["humanFace"])
    let recomputed = (squares / Double(count)).squareRoot()
    let reported = try #require(Double(summary["estimation_error_rms_rad"]!))
    #expect(abs(recomputed - reported) <= 1e-9 * reported, "recomputed \(recomputed), summary \(reported)")
  }
}
