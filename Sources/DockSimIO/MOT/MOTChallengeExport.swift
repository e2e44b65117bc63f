import DockSimCore

/// A run's scored truth and tracks (`ObjectsCSVFile.Contents`) as one MOTChallenge sequence: the text
/// of `gt/gt.txt`, of the tracker file and of `seqinfo.ini`.
///
/// DockSim's image has no pixels; the export gives it `imageHeight` pixels and the camera's aspect
/// (width = height × aspect, rounded). Boxes: x = (u − w/2)·W, y = (1 − v − h/2)·H (MOTChallenge's
/// top-left origin), w·W, h·H; frames and truth ids + 1 (MOTChallenge counts from 1; track ids are kept).
/// Truth rows carry `conf` 1 and the kind as class (1 body, 2 face, 3 object); track rows `conf` 1.
public struct MOTChallengeExport: Sendable {
  public var groundTruth: String
  public var tracks: String
  public var seqinfo: String

  /// - Parameters:
  ///   - name: the sequence name (`seqinfo.ini`'s `name`).
  ///   - imageWidth, imageHeight: pixels.
  ///   - frameRate: frames per second (the scenario's `frame_rate_hz`).
  public init(
    name: String, contents: ObjectsCSVFile.Contents, imageWidth: Int, imageHeight: Int, frameRate: Double
  ) {
    let width = Double(imageWidth)
    let height = Double(imageHeight)
    func pixels(_ row: MOTRow) -> MOTBox {
      MOTBox(
        x: (row.centerX - row.box.width / 2) * width, y: (1 - row.centerY - row.box.height / 2) * height,
        width: row.box.width * width, height: row.box.height * height)
    }
    var gt = ""
    for (frame, row) in contents.objects {
      let kind = row.kind.map { $0 == .humanBody ? 1 : ($0 == .humanFace ? 2 : 3) } ?? -1
      gt += MOTChallengeFile.line(
        frame: frame + 1, id: row.id + 1, box: pixels(row), confidence: 1, classID: kind)
    }
    var tracks = ""
    for (frame, row) in contents.hypotheses {
      tracks += MOTChallengeFile.line(
        frame: frame + 1, id: row.id, box: pixels(row), confidence: 1, classID: -1)
    }
    let lastFrame = max(contents.objects.last?.frame ?? -1, contents.hypotheses.last?.frame ?? -1) + 1
    let rate =
      frameRate == frameRate.rounded() && abs(frameRate) < 1e9 ? String(Int(frameRate)) : "\(frameRate)"
    groundTruth = gt
    self.tracks = tracks
    seqinfo = """
      [Sequence]
      name=\(name)
      imDir=img1
      frameRate=\(rate)
      seqLength=\(lastFrame)
      imWidth=\(imageWidth)
      imHeight=\(imageHeight)
      imExt=.jpg

      """
  }
}
