import Testing

@testable import DockSimCore

/// `Simulation.measuresComputeTime`: off by default, and measuring changes nothing simulated. No
/// assertion is about speed (the durations depend on the machine); only about counts and order.
struct ComputeTimingTests {
  static let scenario = SimulationTests.scenario(
    SimulationTests.walker(from: -0.3, to: 0.6, seconds: 4), seconds: 6)

  @Test func offByDefault() throws {
    var sim = try Simulation(scenario: Self.scenario)
    #expect(!sim.measuresComputeTime)
    var sink = SimulationTests.Recorder()
    _ = try sim.run(trace: &sink)
    #expect(sim.computeTiming == nil)
  }

  @Test func measuringChangesNothingSimulated() throws {
    var plain = try Simulation(scenario: Self.scenario)
    var timed = try Simulation(scenario: Self.scenario)
    timed.measuresComputeTime = true
    var a = SimulationTests.Recorder()
    var b = SimulationTests.Recorder()
    let ra = try plain.run(trace: &a)
    let rb = try timed.run(trace: &b)
    #expect(ra == rb)
    #expect(a.records.count == b.records.count)
    for (x, y) in zip(a.records, b.records) {
      #expect(x.command == y.command, "frame \(x.frame)")
      // As text: a track without a measurement has NIS NaN, which `==` never equals.
      #expect("\(x.tracks)" == "\(y.tracks)", "frame \(x.frame)")
    }

    let timing = try #require(timed.computeTiming)
    #expect(timing.frames == rb.frames)
    #expect(timing.framePeriod == 1 / Self.scenario.frameRateHz)
    // The tracker runs once a batch is delivered (after the detector's latency), the controller every
    // frame while system tracking is on; a frame's total covers every frame that ran either.
    #expect(timing.tracker.count == Int(rb.frames) - Self.scenario.detector.latencyFrames)
    #expect(timing.controller.count == Int(rb.frames))
    #expect(timing.perFrame.count == Int(rb.frames))
    for h in [timing.tracker, timing.controller, timing.perFrame] {
      let p50 = try #require(h.quantile(0.5))
      let p99 = try #require(h.quantile(0.99))
      #expect(p50 <= p99 && p99 <= Double(h.maximum))
    }
    #expect(timing.perFrame.maximum >= timing.tracker.maximum)
    #expect(try #require(timing.budgetShare(0.99)) >= 0)
  }

  @Test func measurementCanStopMidRun() throws {
    var sim = try Simulation(scenario: Self.scenario)
    sim.measuresComputeTime = true
    var sink = SimulationTests.Recorder()
    try sim.advance(until: SimTime(seconds: 1), trace: &sink)
    #expect(sim.computeTiming?.frames == 30)
    sim.measuresComputeTime = false
    #expect(sim.computeTiming == nil)
  }
}
