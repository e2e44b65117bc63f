/// One frame's verdict of the primary-subject judge (`PrimaryOwnership`, `wrong_subject_s`), written to
/// the trace as `primary_on` and `wrong_subject` (docs/csv.md).
public struct PrimaryJudgement: Equatable, Sendable {
  /// The id of the subject the primary track sits on (its last update's owner while it coasts); nil
  /// for nobody or no primary.
  public var subjectID: String?
  /// Whether the frame counts in `wrong_subject_s`.
  public var wrongSubject: Bool
  public init(subjectID: String?, wrongSubject: Bool) {
    self.subjectID = subjectID
    self.wrongSubject = wrongSubject
  }
}
