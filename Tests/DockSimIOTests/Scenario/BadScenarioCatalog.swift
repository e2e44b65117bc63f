/// The invalid inputs `ScenarioErrorTests` runs, one per rule.
enum BadScenarioCatalog {
  static let waypoint = "      - { t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }"
  static let all: [BadScenario] = [
    .edit(
      "appearing after the end", "height_m: 1.7", "height_m: 1.7\n    appear_s: 5", line: 9,
      field: "subjects[0].appear_s", says: ["expected a time before duration_s (5 s)", "got 5"]),
    .edit(
      "leaving before appearing", "height_m: 1.7", "height_m: 1.7\n    appear_s: 2\n    leave_s: 2", line: 10,
      field: "subjects[0].leave_s", says: ["expected a time after appear_s (2 s)"]),
    .edit(
      "leaving at the start", "height_m: 1.7", "height_m: 1.7\n    leave_s: 0", line: 9,
      field: "subjects[0].leave_s", says: ["expected a time after 0 s"]),
    .edit(
      "non-finite appearance", "height_m: 1.7", "height_m: 1.7\n    appear_s: .nan", line: 9,
      field: "subjects[0].appear_s", says: ["expected a finite number"]),
    .edit(
      "unknown interpolation", "height_m: 1.7", "height_m: 1.7\n    interpolation: spline", line: 9,
      field: "subjects[0].interpolation", says: ["expected one of linear, cubic"]),
    .append(
      "unknown top-level field", "colour: { hue: 0.1 }\n", line: 11, field: "colour",
      says: ["unknown field 'colour'", "unknown field 'colour'; expected one of: name, description, seed"]),
    .append(
      "unknown nested field with a suggestion", "dock:\n  yaw:\n    max_speed: 90\n", line: 13,
      field: "dock.yaw.max_speed",
      says: [
        "unknown field 'max_speed'",
        "unknown field 'max_speed' (did you mean 'max_speed_deg_s'?); expected one of: range_deg",
      ]),
    .edit(
      "string for a number", "duration_s: 5", "duration_s: ten", line: 3, field: "duration_s",
      says: ["expected a number in (0, 86400], got the string \"ten\""]),
    .edit(
      "quoted number", "duration_s: 5", "duration_s: \"5\"", line: 3, field: "duration_s",
      says: ["got the string \"5\""]),
    .edit(
      "missing seed", "seed: 1\n", "", line: 1, field: "seed",
      says: ["missing required field; expected an integer in 0 ... 9223372036854775807"]),
    .edit(
      "NaN", "duration_s: 5", "duration_s: .nan", line: 3, field: "duration_s",
      says: ["expected a finite number", "got .nan"]),
    .append(
      "infinity", "frame_rate_hz: .inf\n", line: 11, field: "frame_rate_hz",
      says: ["expected a finite number", "got .inf"]),
    .edit(
      "negative duration", "duration_s: 5", "duration_s: -5", line: 3, field: "duration_s",
      says: ["expected a number > 0, got -5"]),
    .append(
      "zero frame rate", "frame_rate_hz: 0\n", line: 11, field: "frame_rate_hz",
      says: ["expected a number > 0, got 0"]),
    .append(
      "frame rate above the physics rate", "physics_rate_hz: 100\nframe_rate_hz: 120\n", line: 12,
      field: "frame_rate_hz", says: ["expected a number <= physics_rate_hz (100), got 120"]),
    .append(
      "physics rate not dividing a million", "physics_rate_hz: 3000\n", line: 11, field: "physics_rate_hz",
      says: ["expected a divisor of 1000000", "got 3000"]),
    .append(
      "inverted pitch range", "dock:\n  pitch:\n    range_deg: [30, -30]\n", line: 13,
      field: "dock.pitch.range_deg", says: ["expected lower < upper, got [30, -30]"]),
    .append(
      "pitch range beyond vertical", "dock:\n  pitch: { range_deg: [-100, 45] }\n", line: 12,
      field: "dock.pitch.range_deg[0]", says: ["expected a number >= -90, got -100"]),
    .append(
      "continuous pitch", "dock:\n  pitch: { range_deg: null }\n", line: 12, field: "dock.pitch.range_deg",
      says: ["pitch cannot rotate continuously", "got null"]),
    .append(
      "duplicate subject id",
      "  - id: a\n    kind: object\n    width_m: 0.2\n    height_m: 0.2\n"
        + "    path: [{ t_s: 0, x_m: 1, y_m: 0, height_m: 0 }]\n",
      line: 11, field: "subjects[1].id",
      says: ["expected a unique id, got 'a', already used by subjects[0]"]),
    .append(
      "non-increasing waypoint times", "      - { t_s: 0, azimuth_deg: 10, distance_m: 2, height_m: 0 }\n",
      line: 11, field: "subjects[0].path[1].t_s",
      says: ["expected a time after the previous waypoint's 0 s, got 0"]),
    .edit(
      "polar and cartesian waypoint", waypoint,
      "      - { t_s: 0, azimuth_deg: 0, distance_m: 2, x_m: 1, y_m: 0, height_m: 0 }", line: 10,
      field: "subjects[0].path[0]", says: ["expected either polar coordinates", "got both"]),
    .edit(
      "waypoint without a position", waypoint, "      - { t_s: 0, height_m: 0 }", line: 10,
      field: "subjects[0].path[0]", says: ["got neither"]),
    .edit(
      "bad subject kind", "kind: humanBody", "kind: human_body", line: 6, field: "subjects[0].kind",
      says: ["expected 'humanBody' (one of humanFace, humanBody, object), got the string \"human_body\""]),
    .edit(
      "negative waypoint time", "t_s: 0,", "t_s: -1,", line: 10, field: "subjects[0].path[0].t_s",
      says: ["expected a number >= 0, got -1"]),
    BadScenario(
      "no subjects", "name: t\nseed: 1\nduration_s: 5\nsubjects: []\n", line: 4, field: "subjects",
      says: ["expected at least one subject, got an empty sequence"]),
    .edit(
      "YAML syntax error", "kind: humanBody", "kind: [humanBody", line: 7, field: nil,
      says: ["invalid YAML: while parsing a flow sequence (line 6), did not find expected ',' or ']'"]),
    .edit(
      "duplicate key", "seed: 1", "seed: 1\nseed: 2", line: 2, field: nil,
      says: ["key 'seed' appears more than once", "expected each field at most once"]),
    .edit(
      "name that is not a file name", "name: t", "name: my walk/1", line: 1, field: "name",
      says: ["expected a name of 1 to 100 characters from A-Z a-z 0-9 _ . -"]),
    .edit(
      "fractional seed", "seed: 1", "seed: 1.5", line: 2, field: "seed",
      says: ["expected an integer in 0 ... 9223372036854775807, got 1.5"]),
    .append(
      "probability above one", "detector: { detection_probability: 1.5 }\n", line: 11,
      field: "detector.detection_probability", says: ["expected a number <= 1, got 1.5"]),
    .append(
      "latency beyond 30 frames", "detector:\n  latency_frames: 31\n", line: 12,
      field: "detector.latency_frames",
      says: ["expected an integer in 0 ... 30, got 31"]),
    .append(
      "hfov of 180 degrees", "camera: { hfov_deg: 180 }\n", line: 11, field: "camera.hfov_deg",
      says: ["expected a number < 179, got 180"]),
    .append(
      "initial pitch past the stop", "dock:\n  initial: { pitch_deg: 60 }\n", line: 12,
      field: "dock.initial.pitch_deg", says: ["expected an angle within pitch.range_deg [-45, 45], got 60"]),
    .append(
      "unstable velocity loop", "dock:\n  yaw:\n    velocity_kp_nm_s_per_rad: 10\n", line: 13,
      field: "dock.yaw.velocity_kp_nm_s_per_rad",
      says: ["expected a velocity loop the physics step can integrate"]),
    .append(
      "friction above the torque limit", "dock:\n  yaw: { coulomb_friction_nm: 0.5 }\n", line: 12,
      field: "dock.yaw.coulomb_friction_nm", says: ["expected coulomb_friction_nm < torque_limit_nm"]),
    .append(
      "margin wider than the pitch range", "controller:\n  limit_margin_deg: 45\n", line: 12,
      field: "controller.limit_margin_deg",
      says: ["expected a margin below half the pitch range (90° wide)"]),
    .append(
      "mapping where a number belongs", "camera:\n  hfov_deg: { value: 60 }\n", line: 12,
      field: "camera.hfov_deg",
      says: ["expected a number in (1, 179), got a mapping"]),
    .append(
      "sequence where a section belongs", "tracker: [1, 2]\n", line: 11, field: "tracker",
      says: ["expected a mapping with the fields process_noise_angle", "got a sequence"]),
    .append(
      "unknown dock control", "events:\n  - { t_s: 1, accessory_event: volume_up }\n", line: 12,
      field: "events[0].accessory_event",
      says: [
        "expected camera_shutter, camera_flip, {camera_zoom: <factor>} or {button: <id>",
        "got the string \"volume_up\"",
      ]),
    .append(
      "zero zoom", "events:\n  - { t_s: 1, accessory_event: { camera_zoom: 0 } }\n", line: 12,
      field: "events[0].accessory_event.camera_zoom", says: ["expected a number > 0, got 0"]),
    .append(
      "zoom and button in one event",
      "events:\n  - { t_s: 1, accessory_event: { camera_zoom: 2, button: 1 } }\n",
      line: 12, field: "events[0].accessory_event", says: ["expected either camera_zoom or button, got both"]),
    .append(
      "fractional button id", "events:\n  - { t_s: 1, accessory_event: { button: 1.5 } }\n", line: 12,
      field: "events[0].accessory_event.button", says: ["expected an integer in 0 ... 1000000, got 1.5"]),
    .append(
      "pressed on a zoom", "events:\n  - { t_s: 1, accessory_event: { camera_zoom: 2, pressed: true } }\n",
      line: 12, field: "events[0].accessory_event", says: ["'pressed' belongs to a button"]),
    BadScenario(
      "top level is a sequence", "- name: t\n- seed: 1\n", line: 1, field: nil,
      says: ["expected a mapping at the top level", "got a sequence"]),
    BadScenario(
      "empty file", "", line: nil, field: nil,
      says: ["the file is empty; expected a mapping with at least name, seed, duration_s and subjects"]),
    BadScenario(
      "comments only", "# nothing yet\n", line: nil, field: nil,
      says: ["the file is empty"]),
  ]
}
