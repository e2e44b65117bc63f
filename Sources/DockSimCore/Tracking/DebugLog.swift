import Foundation

enum DebugLog {
  static let enabled = ProcessInfo.processInfo.environment["DOCKSIM_DEBUG"] != nil
}
