/// Scenario YAML shared by the loader tests.
enum ScenarioSamples {
  /// Every field set, none to its default; the pitch axis reuses the yaw axis through a merge key.
  static let full = """
    name: walk-across
    description: "Alice walks across the room"
    seed: 42
    duration_s: 20
    physics_rate_hz: 2000
    frame_rate_hz: 60
    dock:
      command_latency_ms: 35
      initial: { yaw_deg: 10, pitch_deg: -5 }
      yaw: &axis
        range_deg: [-170, 170]
        max_speed_deg_s: 90
        inertia_kg_m2: 0.0006
        viscous_friction_nm_s_per_rad: 0.0002
        coulomb_friction_nm: 0.003
        torque_limit_nm: 0.12
        velocity_kp_nm_s_per_rad: 0.11
        velocity_ki_nm_per_rad: 2.5
        encoder_counts_per_rev: 8192
      pitch:
        <<: *axis
        range_deg: [-30, 60]
        max_speed_deg_s: 60
    camera:
      hfov_deg: 70
      aspect: "4:3"
    detector:
      center_noise: 0.005
      size_noise: 0.007
      detection_probability: 0.9
      latency_frames: 3
      min_visible_fraction: 0.25
    tracker:
      process_noise_angle: 0.6
      process_noise_log_size: 0.2
      measurement_noise_center: 0.005
      measurement_noise_height: 0.007
      initial_std_angle_deg: 1
      initial_std_log_size: 0.1
      initial_std_angle_rate_deg_s: 30
      initial_std_log_size_rate: 0.3
      gate: 16.27
      max_coast_s: 2
      confirm_hits: 2
    controller:
      gain_per_s: 5
      max_accel_deg_s2: 500
      feedforward: false
      lookahead_ms: 35
      deadband_deg: 0.2
      limit_margin_deg: 2
    subjects:
      - id: alice
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
        sway: { lateral_m: 0.05, vertical_m: 0.01, period_s: 4 }
        path:
          - { t_s: 0, azimuth_deg: -30, distance_m: 2.5, height_m: 0.2 }
          - { t_s: 10, x_m: 2.0, y_m: 1.0, height_m: 0.2 }
          - { t_s: 12.5, azimuth_deg: 45, distance_m: 3, height_m: -0.1 }
      - id: cup
        kind: object
        width_m: 0.08
        height_m: 0.1
        path:
          - { t_s: 0, x_m: 1, y_m: -0.5, height_m: -0.3 }

    """

  /// Only the required fields.
  static let minimal = """
    name: minimal
    seed: 7
    duration_s: 1.5
    subjects:
      - id: face
        kind: humanFace
        width_m: 0.16
        height_m: 0.22
        path: [{ t_s: 0, azimuth_deg: 0, distance_m: 1, height_m: 0 }]

    """

  /// A valid file whose lines the error tests edit in place or append to (line 11 onwards is new).
  /// Lines: 1 name, 2 seed, 3 duration_s, 4 subjects, 5 id, 6 kind, 7 width_m, 8 height_m, 9 path,
  /// 10 the waypoint.
  static let base = """
    name: t
    seed: 1
    duration_s: 5
    subjects:
      - id: a
        kind: humanBody
        width_m: 0.5
        height_m: 1.7
        path:
          - { t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }

    """

  /// `base` with `old` replaced by `new` (a same-line edit keeps every line number).
  static func base(replacing old: String, with new: String) -> String {
    precondition(base.contains(old), "base has no \(old)")
    return base.replacingOccurrences(of: old, with: new)
  }
}
