import DockMath
import Testing

/// Construction, element access and the small in-place operations of `Matrix`.
struct MatrixTests {
  @Test func storageIsColumnMajor() {
    let m = Matrix(rows: 2, columns: 3, columnMajor: [1, 2, 3, 4, 5, 6])
    #expect(m[0, 0] == 1)
    #expect(m[1, 0] == 2)
    #expect(m[0, 1] == 3)
    #expect(m[1, 2] == 6)
  }

  @Test func rowMajorLiteralMatchesColumnMajorStorage() {
    let m = Matrix(rowMajor: [[1, 2, 3], [4, 5, 6]])
    #expect(m.rows == 2)
    #expect(m.columns == 3)
    #expect(m.storage == [1, 4, 2, 5, 3, 6])
    #expect(m == Matrix(rows: 2, columns: 3, columnMajor: [1, 4, 2, 5, 3, 6]))
  }

  @Test func emptyRowMajorLiteralIsZeroByZero() {
    let m = Matrix(rowMajor: [])
    #expect(m.rows == 0 && m.columns == 0 && m.storage.isEmpty)
  }

  @Test func repeatingFillsEveryElement() {
    let m = Matrix(rows: 3, columns: 2, repeating: 7.5)
    #expect(m.storage.count == 6)
    #expect(m.storage.allSatisfy { $0 == 7.5 })
    #expect(Matrix(rows: 2, columns: 2).storage == [0, 0, 0, 0])
  }

  @Test func subscriptSetWritesOneElement() {
    var m = Matrix(rows: 3, columns: 3)
    m[2, 1] = 4
    #expect(m[2, 1] == 4)
    #expect(m.storage == [0, 0, 0, 0, 0, 4, 0, 0, 0])
  }

  @Test func identityHasOnesOnTheDiagonalOnly() {
    let i = Matrix.identity(3)
    #expect(i == Matrix(rowMajor: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]))
  }

  @Test func transposedSwapsShapeAndIndices() {
    let m = Matrix(rowMajor: [[1, 2, 3], [4, 5, 6]])
    let t = m.transposed()
    #expect(t == Matrix(rowMajor: [[1, 4], [2, 5], [3, 6]]))
    #expect(t.transposed() == m)
  }

  @Test func setZeroAndSetIdentityOverwriteEverything() {
    var m = Matrix(rowMajor: [[1, 2], [3, 4]])
    m.setZero()
    #expect(m == Matrix(rows: 2, columns: 2))
    m[0, 1] = 9
    m.setIdentity()
    #expect(m == .identity(2))
  }

  @Test func copyFromTakesEveryElement() {
    var m = Matrix(rows: 2, columns: 3, repeating: -1)
    let source = Matrix(rowMajor: [[1, 2, 3], [4, 5, 6]])
    m.copy(from: source)
    #expect(m == source)
  }

  @Test func symmetrizeAveragesOffDiagonalPairs() {
    var m = Matrix(rowMajor: [[1, 2, 0], [4, 5, 6], [1, 8, 9]])
    m.symmetrize()
    #expect(m == Matrix(rowMajor: [[1, 3, 0.5], [3, 5, 7], [0.5, 7, 9]]))
  }

  @Test func addScalesTheOtherOperand() {
    var m = Matrix(rowMajor: [[1, 2], [3, 4]])
    m.add(Matrix(rowMajor: [[1, 0], [0, 2]]), scaledBy: -2)
    #expect(m == Matrix(rowMajor: [[-1, 2], [3, 0]]))
    m.add(.identity(2))
    #expect(m == Matrix(rowMajor: [[0, 2], [3, 1]]))
  }

  @Test func allFiniteSpotsNaNAndInfinity() {
    var m = Matrix(rows: 2, columns: 2, repeating: 1)
    #expect(m.allFinite)
    m[1, 1] = .nan
    #expect(!m.allFinite)
    m[1, 1] = -.infinity
    #expect(!m.allFinite)
  }

  @Test func descriptionShowsShapeAndRows() {
    let m = Matrix(rowMajor: [[1, 2], [3, 4]])
    #expect(m.description == "2×2 [[1.0, 2.0], [3.0, 4.0]]")
  }

  @Test func equalityComparesShapeAndElements() {
    #expect(Matrix(rows: 2, columns: 3) != Matrix(rows: 3, columns: 2))
    #expect(Matrix(rowMajor: [[1, 2]]) != Matrix(rowMajor: [[1, 3]]))
  }

  @Test func outOfRangeRowTrapsEvenInsideTheStorage() async {
    // Row 2 of column 0 would be storage[2], a valid array index; only the explicit check stops it.
    await #expect(processExitsWith: .failure) {
      let m = Matrix(rows: 2, columns: 2)
      _ = m[2, 0]
    }
  }

  @Test func copyFromADifferentShapeTraps() async {
    await #expect(processExitsWith: .failure) {
      var m = Matrix(rows: 2, columns: 3)
      m.copy(from: Matrix(rows: 3, columns: 2))
    }
  }
}
