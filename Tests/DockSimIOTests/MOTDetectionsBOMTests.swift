import DockSimCore
import DockSimIO
import Testing

/// A `det.txt` saved with a UTF-8 byte-order mark (as spreadsheet programs save) reads as one without:
/// the mark is dropped once, for every reader, where the file is read (`InputFile`).
struct MOTDetectionsBOMTests {
  @Test func aFileWithAByteOrderMarkIsRecognizedAndRead() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let rows = "1,-1,10,10,20,40,0.9\n2,-1,12,10,20,40,0.8\n"
    let plain = try MOTChallengeFile.text(path: dir.write("plain.txt", rows))
    let marked = try MOTChallengeFile.text(
      path: dir.write("marked.txt", bytes: [0xEF, 0xBB, 0xBF] + Array(rows.utf8)))
    #expect(marked == plain)
    #expect(MOTDetections.isMOTChallenge(marked))
    let size = try #require(ImageSize(width: 640, height: 480))
    let frames = try MOTDetections.frames(marked, file: "marked.txt", imageSize: size, framesPerSecond: 30)
    #expect(
      frames == (try MOTDetections.frames(plain, file: "plain.txt", imageSize: size, framesPerSecond: 30)))
    #expect(frames.count == 2)
  }
}
