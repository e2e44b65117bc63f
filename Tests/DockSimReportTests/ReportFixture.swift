import Foundation

/// A small results directory written by hand: two scenarios, `a` with a trace of `frames` frames, events
/// and expectations, `b` without a trace (a run that failed).
enum ReportFixture {
  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static let traceHeader =
    "frame,t_s,subject_az_rad,subject_el_rad,est_az_rad,est_el_rad,camera_yaw_rad,camera_pitch_rad,"
    + "camera_yaw_rate_rad_s,camera_pitch_rate_rad_s,cmd_yaw_rad_s,cmd_pitch_rad_s,framing_error"

  /// Writes the directory and returns it. With `consistency` the trace has `est_nis` (a value every
  /// frame from frame 5) and `est_nees` (every other frame, `nan` elsewhere, as the writer leaves frames
  /// without one).
  static func make(frames: Int = 300, consistency: Bool = true) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docksim-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("traces"), withIntermediateDirectories: true)
    try write(
      """
      scenario,seed,framing_error_rms,in_frame_ratio,id_switches,expectations_failed,status,error
      a,1,0.05,1.0,0,1,ok,
      b,2,,,,0,error,"motor fault, axis yaw"

      """, dir, "summary.csv")
    try write(
      """
      scenario,metric,min,max,value,result
      a,framing_error_rms,,0.04,0.05,fail
      a,in_frame_ratio,0.9,,1.0,pass

      """, dir, "expectations.csv")
    var trace = traceHeader + (consistency ? ",est_nis,est_nees" : "") + "\n"
    for i in 0..<frames {
      let t = Double(i) / 30
      let az = 0.5 * sin(t)
      // Frame 100 commands 4 rad/s: over the default 2 rad/s yaw cap.
      let cmd = i == 100 ? 4.0 : 0.3 * cos(t)
      let est = i < 5 ? "" : "\(az + 0.01)"
      trace +=
        "\(i),\(t),\(az),0.1,\(est),\(i < 5 ? "" : "0.1"),\(az - 0.02),-0.1,\(0.3 * cos(t)),0.0,\(cmd),0.0,\(abs(sin(3 * t)) * 0.1)"
      if consistency {
        trace += i < 5 ? ",," : ",\(3 + sin(t)),\(i % 2 == 0 ? "\(4 + cos(t))" : "nan")"
      }
      trace += "\n"
    }
    try write(trace, dir, "traces/a.csv")
    try write(
      """
      frame,t_s,command,result
      30,1.0,setSystemTracking,ok
      45,1.5,setLimits,invalidParameter
      60,2.0,"setOrientation","ok (stretched from 0.300 s to 1.584 s by the yaw speed limit)"

      """, dir, "traces/a.events.csv")
    try write(
      "frame,capture_t_s,type,id,kind,u,v,h,visible_fraction,status,primary\n", dir, "traces/a.objects.csv")
    return dir
  }

  static func write(_ text: String, _ dir: URL, _ name: String) throws {
    try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
}
