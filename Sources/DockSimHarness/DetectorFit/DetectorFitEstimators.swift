import DockSimCore
import Foundation

/// The estimators of a fit, each over a selection of the observations (all of them for the point
/// estimate, a resample for a bootstrap replicate); repeated indices count repeatedly.
enum DetectorFitEstimators {
  /// E|e| = σ·√(2/π) for a zero-mean normal error: the factor turning mean absolute errors into σ.
  static let absoluteToSigma = (Double.pi / 2).squareRoot()
  /// Ridge on the logistic regression's coefficients (log-odds units): keeps them finite when the data
  /// separate (no miss at all), and moves them by less than their sampling error otherwise.
  static let logisticRidge = 1e-2
  /// Newton steps of the logistic regression per EM iteration: it converges in a few, and EM polishes.
  static let newtonSteps = 4
  /// Newton steps of the starting logistic regression (no bursts): from zero it needs a few more.
  static let startSteps = 25
  /// The burst chain EM starts from: rare (1 % of frames) and short (2 frames).
  static let startBurstRate = 0.01
  static let startBurstLength = 2.0
  /// EM stops when the log-likelihood gains less than this per observation.
  static let emTolerance = 1e-10
  /// Burst chain parameters are kept inside (0, 1): at the ends the chain is degenerate and EM stalls.
  static let smallestProbability = 1e-9

  // MARK: Noise

  /// σ = floor + slope·h fitted to |error|·√(π/2) by least squares, both coefficients kept ≥ 0.
  static func linearSigma(_ samples: [(h: Double, e: Double)]) -> (floor: Double, slope: Double)? {
    guard samples.count >= 2 else { return nil }
    var n = 0.0
    var sh = 0.0
    var shh = 0.0
    var sy = 0.0
    var shy = 0.0
    for s in samples {
      let y = abs(s.e) * absoluteToSigma
      n += 1
      sh += s.h
      shh += s.h * s.h
      sy += y
      shy += s.h * y
    }
    let det = n * shh - sh * sh
    if det > 0 {
      let slope = (n * shy - sh * sy) / det
      let floor = (sy - slope * sh) / n
      if slope >= 0 && floor >= 0 { return (floor, slope) }
      if floor < 0 && shh > 0 { return (0, max(0, shy / shh)) }
    }
    return (max(0, sy / n), 0)
  }

  static func noise(_ o: DetectorFitObservations, matches: [Int], into p: inout DetectorParameters) {
    var center: [(h: Double, e: Double)] = []
    var size: [(h: Double, e: Double)] = []
    var aspect = 0.0
    center.reserveCapacity(2 * matches.count)
    size.reserveCapacity(matches.count)
    for i in matches {
      let m = o.matches[i]
      center.append((m.height, m.du))
      center.append((m.height, m.dv))
      size.append((m.height, m.dh))
      aspect += m.dAspect * m.dAspect
    }
    if let c = linearSigma(center) { (p.centerNoise, p.centerNoiseSlope) = c }
    if let s = linearSigma(size) { (p.sizeNoise, p.sizeNoiseSlope) = s }
    if !matches.isEmpty { p.aspectNoise = (aspect / Double(matches.count)).squareRoot() }
  }

  // MARK: Scores

  /// Least squares of the matched boxes' confidences on 1, v − 1 and ln(h/reference); the residual's
  /// standard deviation is the score noise. False positives' mean confidence is `scoreFalse`.
  static func scores(_ o: DetectorFitObservations, matches: [Int], into p: inout DetectorParameters) {
    guard matches.count >= 4 else { return }
    var a = [[Double]](repeating: [0, 0, 0], count: 3)
    var b = [0.0, 0.0, 0.0]
    for i in matches {
      let m = o.matches[i]
      let x = [1, m.visibleFraction - 1, log(m.height / p.sizeReference)]
      for r in 0..<3 {
        b[r] += x[r] * m.confidence
        for c in 0..<3 { a[r][c] += x[r] * x[c] }
      }
    }
    // A column without spread (every box fully visible) leaves its slope at 0 rather than undetermined.
    for r in 1..<3 { a[r][r] += 1e-9 * Double(matches.count) }
    guard let beta = solve(a, b) else { return }
    var ss = 0.0
    for i in matches {
      let m = o.matches[i]
      let fit = beta[0] + beta[1] * (m.visibleFraction - 1) + beta[2] * log(m.height / p.sizeReference)
      ss += (m.confidence - fit) * (m.confidence - fit)
    }
    p.scoreTrue = beta[0]
    p.scoreVisibilitySlope = beta[1]
    p.scoreSizeSlope = beta[2]
    p.scoreNoise = (ss / Double(matches.count - 3)).squareRoot()
  }

  // MARK: False positives

  static func falsePositives(_ o: DetectorFitObservations, frames: [Int], into p: inout DetectorParameters) {
    guard !frames.isEmpty else { return }
    var eligible = 0
    var near = 0
    var far = 0
    var offset = 0.0
    var scale = 0.0
    var scale2 = 0.0
    var confidence = 0.0
    for f in frames {
      let frame = o.frames[f]
      eligible += frame.eligible
      for fp in frame.falsePositives {
        confidence += fp.confidence
        if fp.near {
          near += 1
          offset += fp.du * fp.du + fp.dv * fp.dv
          scale += fp.logScale
          scale2 += fp.logScale * fp.logScale
        } else {
          far += 1
        }
      }
    }
    p.clutterRate = Double(far) / Double(frames.count)
    if eligible > 0 { p.nearFalsePositiveRate = Double(near) / Double(eligible) }
    if near > 0 {
      let n = Double(near)
      p.nearFalsePositiveOffset = (offset / (2 * n)).squareRoot()
      p.nearFalsePositiveLogScale = scale / n
      p.nearFalsePositiveLogScaleNoise =
        near > 1 ? max(0, (scale2 - scale * scale / n) / (n - 1)).squareRoot() : 0
    }
    if near + far > 0 { p.scoreFalse = confidence / Double(near + far) }
  }

  // MARK: Misses and bursts

  /// Maximum likelihood of the miss model by EM on each track's two-state chain: outside a burst a box
  /// is detected with the logistic probability of its visibility and size, in a burst never; frames
  /// where the box is absent or below the cutoff carry no observation. The chain starts from its
  /// stationary distribution, as the detector's does.
  static func misses(
    _ o: DetectorFitObservations, tracks: [Int], into p: inout DetectorParameters, maximumIterations: Int
  ) {
    var samples: [(v: Double, lh: Double, y: Double, w: Double)] = []
    // Start from independent misses (every miss explained by visibility and size) and short, rare
    // bursts: started from bursts, EM settles on explaining the long misses of boxes hidden for a while
    // as bursts, a worse optimum.
    for t in tracks {
      let track = o.tracks[t]
      for (k, hit) in track.detected.enumerated() {
        guard let hit else { continue }
        samples.append((track.visibleFraction[k], log(track.height[k] / p.sizeReference), hit ? 1 : 0, 1))
      }
    }
    var beta = logistic(samples, start: [0, 0, 0], steps: startSteps)
    var rate = startBurstRate
    var leave = 1 / startBurstLength
    var previous = -Double.infinity
    var observations = 0
    for t in tracks { observations += o.tracks[t].detected.count }
    guard observations > 0 else { return }
    for _ in 0..<maximumIterations {
      samples.removeAll(keepingCapacity: true)
      var enter = 0.0
      var stayGoodDenominator = 0.0
      var exit = 0.0
      var stayBurstDenominator = 0.0
      var logLikelihood = 0.0
      let stationary = rate / (rate + leave)
      for t in tracks {
        let track = o.tracks[t]
        let n = track.detected.count
        var eg = [Double](repeating: 1, count: n)
        var eb = [Double](repeating: 1, count: n)
        for k in 0..<n {
          guard let hit = track.detected[k] else { continue }
          let mu = DetectorParameters.logistic(
            beta[0] + beta[1] * (track.visibleFraction[k] - 1) + beta[2]
              * log(track.height[k] / p.sizeReference))
          eg[k] = hit ? mu : 1 - mu
          eb[k] = hit ? 0 : 1
        }
        var ag = [Double](repeating: 0, count: n)
        var ab = [Double](repeating: 0, count: n)
        var c = [Double](repeating: 0, count: n)
        for k in 0..<n {
          let g = k == 0 ? 1 - stationary : ag[k - 1] * (1 - rate) + ab[k - 1] * leave
          let b = k == 0 ? stationary : ag[k - 1] * rate + ab[k - 1] * (1 - leave)
          ag[k] = g * eg[k]
          ab[k] = b * eb[k]
          c[k] = max(ag[k] + ab[k], .leastNormalMagnitude)
          ag[k] /= c[k]
          ab[k] /= c[k]
          logLikelihood += log(c[k])
        }
        var bg = 1.0
        var bb = 1.0
        for k in stride(from: n - 1, through: 0, by: -1) {
          let gg = ag[k] * bg
          let gb = ab[k] * bb
          let sum = max(gg + gb, .leastNormalMagnitude)
          if let hit = track.detected[k] {
            samples.append(
              (track.visibleFraction[k], log(track.height[k] / p.sizeReference), hit ? 1 : 0, gg / sum))
          }
          guard k > 0 else { break }
          // Transitions from frame k−1 to k, then the backward variable of frame k−1.
          let toGood = eg[k] * bg / c[k]
          let toBurst = eb[k] * bb / c[k]
          let xiGB = ag[k - 1] * rate * toBurst
          let xiBG = ab[k - 1] * leave * toGood
          let xiGG = ag[k - 1] * (1 - rate) * toGood
          let xiBB = ab[k - 1] * (1 - leave) * toBurst
          enter += xiGB
          stayGoodDenominator += xiGB + xiGG
          exit += xiBG
          stayBurstDenominator += xiBG + xiBB
          let nbg = (1 - rate) * toGood + rate * toBurst
          let nbb = leave * toGood + (1 - leave) * toBurst
          bg = nbg
          bb = nbb
        }
      }
      if stayGoodDenominator > 0 {
        rate = min(max(enter / stayGoodDenominator, smallestProbability), 1 - smallestProbability)
      }
      if stayBurstDenominator > 0 {
        leave = min(max(exit / stayBurstDenominator, smallestProbability), 1)
      }
      beta = logistic(samples, start: beta)
      if logLikelihood - previous < emTolerance * Double(observations) { break }
      previous = logLikelihood
    }
    p.detectionProbability = DetectorParameters.logistic(beta[0])
    p.missVisibilitySlope = beta[1]
    p.missSizeSlope = beta[2]
    p.burstRate = rate
    p.burstLength = min(1 / leave, 1_000_000)
  }

  /// Weighted logistic regression of y on 1, v − 1, ln(h/reference) by Newton's method, with a ridge.
  static func logistic(
    _ samples: [(v: Double, lh: Double, y: Double, w: Double)], start: [Double], steps: Int = newtonSteps
  ) -> [Double] {
    var beta = start
    for _ in 0..<steps {
      var g = [0.0, 0.0, 0.0]
      var h = [[Double]](repeating: [0, 0, 0], count: 3)
      for s in samples where s.w > 0 {
        let x = [1, s.v - 1, s.lh]
        let mu = DetectorParameters.logistic(beta[0] + beta[1] * x[1] + beta[2] * x[2])
        let weight = s.w * mu * (1 - mu)
        for r in 0..<3 {
          g[r] += s.w * (s.y - mu) * x[r]
          for c in 0..<3 { h[r][c] += weight * x[r] * x[c] }
        }
      }
      for r in 0..<3 {
        g[r] -= logisticRidge * beta[r]
        h[r][r] += logisticRidge
      }
      guard let step = solve(h, g) else { break }
      for r in 0..<3 { beta[r] += step[r] }
    }
    return beta
  }

  /// Solves a small linear system by Gaussian elimination with partial pivoting; nil when singular.
  static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    let n = b.count
    var m = a
    var y = b
    for col in 0..<n {
      var pivot = col
      for r in col..<n where abs(m[r][col]) > abs(m[pivot][col]) { pivot = r }
      guard abs(m[pivot][col]) > 1e-300 else { return nil }
      m.swapAt(col, pivot)
      y.swapAt(col, pivot)
      for r in (col + 1)..<n {
        let f = m[r][col] / m[col][col]
        for c in col..<n { m[r][c] -= f * m[col][c] }
        y[r] -= f * y[col]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for r in stride(from: n - 1, through: 0, by: -1) {
      var s = y[r]
      for c in (r + 1)..<n { s -= m[r][c] * x[c] }
      x[r] = s / m[r][r]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
  }
}
