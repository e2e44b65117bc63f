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
  /// EM stops when no parameter moves by more than this share of itself (and the likelihood has
  /// settled, below).
  static let emParameterTolerance = 1e-4
  /// EM stops when the log-likelihood gains less than this per observation.
  static let emTolerance = 1e-8
  /// Burst chain parameters are kept inside (0, 1): at the ends the chain is degenerate and EM stalls.
  static let smallestProbability = 1e-9
  /// Relative tolerances apply to at least this magnitude, so a parameter near 0 (a slope, a log
  /// scale) need not settle to a relative 1e-6 of nothing.
  static let toleranceFloor = 1e-3
  /// Ridge per observation on the score slopes: far below any real spread of v or ln h, it only
  /// keeps a slope without data (every box fully visible) at 0 instead of undetermined.
  static let slopeRidge = 1e-9
  /// The `clutter_rate` field's upper bound (docs/scenarios.md): a fit beyond it is capped there.
  static let maximumClutterRate = 50.0

  // MARK: Extent

  /// `fullExtentShare`: the share of partly hidden boxes whose detection is nearer the whole box than the
  /// visible part (`DetectorFitObservations.extent`), over `tracks`; left as it is without one.
  static func fullExtent(_ o: DetectorFitObservations, tracks: [Int], into p: inout DetectorParameters) {
    if let share = o.wholeExtentShare(tracks: tracks) { p.fullExtentShare = share }
  }

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
    var logWidth = 0.0
    var logHeight = 0.0
    center.reserveCapacity(2 * matches.count)
    size.reserveCapacity(matches.count)
    for i in matches {
      let m = o.matches[i]
      center.append((m.height, m.du))
      center.append((m.height, m.dv))
      size.append((m.height, m.dh))
      logWidth += m.logWidthRatio * m.logWidthRatio
      logHeight += m.logHeightRatio * m.logHeightRatio
    }
    if let c = linearSigma(center) { (p.centerNoise, p.centerNoiseSlope) = c }
    if let s = linearSigma(size) { (p.sizeNoise, p.sizeNoiseSlope) = s }
    // The detector scales the width with its noisy height and then jitters the aspect, so the width's
    // log error has the height's spread plus the aspect's: the aspect noise is what the width needs
    // beyond the height. (A real detector's width and height errors are nearly independent, so the
    // spread of its ln(width/height) would overstate the width noise, and with it the boxes lost to IoU.)
    if !matches.isEmpty {
      p.aspectNoise = (max(0, logWidth - logHeight) / Double(matches.count)).squareRoot()
    }
  }

  /// The frame-to-frame correlation of the noise: the lag-one correlation of the standardized centre
  /// and height errors (each over its σ at the box's height) of a track's boxes matched in two
  /// consecutive frames, the three pooled, kept in [0, the schema's 0.999].
  static func noiseCorrelation(_ o: DetectorFitObservations, tracks: [Int], into p: inout DetectorParameters)
  {
    var cross = 0.0
    var previousSquares = 0.0
    var currentSquares = 0.0
    for t in tracks {
      let indices = o.tracks[t].matches
      for k in indices.indices.dropFirst() {
        let a = o.matches[indices[k - 1]]
        let b = o.matches[indices[k]]
        guard b.frame == a.frame + 1 else { continue }
        let sa = (p.centerSigma(height: a.height), p.sizeSigma(height: a.height))
        let sb = (p.centerSigma(height: b.height), p.sizeSigma(height: b.height))
        guard sa.0 > 0, sa.1 > 0, sb.0 > 0, sb.1 > 0 else { continue }
        let x = [a.du / sa.0, a.dv / sa.0, a.dh / sa.1]
        let y = [b.du / sb.0, b.dv / sb.0, b.dh / sb.1]
        for c in 0..<3 {
          cross += x[c] * y[c]
          previousSquares += x[c] * x[c]
          currentSquares += y[c] * y[c]
        }
      }
    }
    guard previousSquares > 0, currentSquares > 0 else { return }
    p.noiseCorrelation = min(
      max(cross / (previousSquares * currentSquares).squareRoot(), 0), largestCorrelation)
  }

  /// The `noise_correlation` field's upper bound.
  static let largestCorrelation = 0.999

  // MARK: Scores

  /// Least squares of the matched boxes' confidences on 1, v − 1 and ln(h/reference), refitted once
  /// without the residuals beyond `scoreOutlierCutoff` robust σ (near false positives that took a
  /// missed person's place score like false ones); the score noise is the robust σ of the residuals.
  static func scores(_ o: DetectorFitObservations, matches: [Int], into p: inout DetectorParameters) {
    guard matches.count >= 4 else { return }
    let reference = p.sizeReference
    func features(_ m: DetectorFitObservations.Match) -> [Double] {
      [1, m.visibleFraction - 1, log(m.height / reference)]
    }
    func leastSquares(_ keep: (Int) -> Bool) -> [Double]? {
      var a = [[Double]](repeating: [0, 0, 0], count: 3)
      var b = [0.0, 0.0, 0.0]
      var n = 0
      for i in matches where keep(i) {
        let m = o.matches[i]
        let x = features(m)
        n += 1
        for r in 0..<3 {
          b[r] += x[r] * m.confidence
          for c in 0..<3 { a[r][c] += x[r] * x[c] }
        }
      }
      // A column without spread (every box fully visible) leaves its slope at 0, not undetermined.
      for r in 1..<3 { a[r][r] += slopeRidge * Double(max(n, 1)) }
      return solve(a, b)
    }
    func residual(_ beta: [Double], _ i: Int) -> Double {
      let m = o.matches[i]
      let x = features(m)
      return m.confidence - (beta[0] + beta[1] * x[1] + beta[2] * x[2])
    }
    guard let first = leastSquares({ _ in true }) else { return }
    let spread = madToSigma * median(matches.map { abs(residual(first, $0)) })
    let limit = scoreOutlierCutoff * spread
    guard let beta = spread > 0 ? leastSquares({ abs(residual(first, $0)) <= limit }) : first else { return }
    p.scoreTrue = beta[0]
    p.scoreVisibilitySlope = beta[1]
    p.scoreSizeSlope = beta[2]
    p.scoreNoise = madToSigma * median(matches.map { abs(residual(beta, $0)) })
  }

  /// Residuals beyond this many robust σ are outliers: a normal residual is beyond 4 σ once in 16 000.
  static let scoreOutlierCutoff = 4.0

  // MARK: False positives

  /// False positives by maximum likelihood of the detector's model of them, a Poisson process of
  /// intensity c·g + r·Σₜ kₜ over detection centre and height: clutter (c per frame, density g: centre
  /// uniform over the image, height uniform over `NoisyDetector.clutterRect`'s range) and near false
  /// positives (r per eligible truth box t, density kₜ: centre normal around t's in units of its
  /// height, ln height normal around t's). EM on the share of each false positive owed to each source:
  /// clutter that happens to land beside a person is then not taken for a near false positive. The
  /// false boxes' confidence is their median (true boxes pushed below the IoU criterion by noise are
  /// outliers there).
  ///
  /// `displacedShare` is the expected number per eligible box of true detections the noise pushed below
  /// the IoU criterion (`misses`): they sit beside their person like near false positives, and the
  /// detector's noise makes them again, so they are taken off the near rate.
  static func falsePositives(
    _ o: DetectorFitObservations, frames: [Int], displacedShare: Double = 0, into p: inout DetectorParameters
  ) {
    guard !frames.isEmpty else { return }
    var eligible = 0
    var confidences: [Double] = []
    for f in frames {
      eligible += o.frames[f].eligible
      for fp in o.frames[f].falsePositives { confidences.append(fp.confidence) }
    }
    if !confidences.isEmpty { p.scoreFalse = median(confidences) }
    let count = Double(confidences.count)
    let frameCount = Double(frames.count)
    guard count > 0 else {
      p.clutterRate = 0
      p.nearFalsePositiveRate = 0
      return
    }
    var clutter = count / frameCount / 2
    var rate = eligible > 0 ? count / 2 / Double(eligible) : 0
    var sigma = startNearOffset
    var mu = startNearLogScale
    var tau = startNearLogScaleNoise
    let clutterHeights = (
      low: NoisyDetector.clutterRect(face: false, size: 0, u: 0.5, v: 0.5).height,
      high: NoisyDetector.clutterRect(face: false, size: 1, u: 0.5, v: 0.5).height
    )
    let clutterDensity = 1 / (clutterHeights.high - clutterHeights.low)
    // The geometry of every (false positive, eligible truth box) pair within `pairWindow` heights,
    // worked out once: the iterations only re-weigh it.
    var background: [Double] = []
    var pairs: [(fp: Int, du: Double, dv: Double, ls: Double, height: Double, detection: Double)] = []
    for f in frames {
      let frame = o.frames[f]
      for fp in frame.falsePositives {
        let b = fp.box
        let index = background.count
        background.append(
          b.height >= clutterHeights.low && b.height <= clutterHeights.high ? clutterDensity : 0)
        for t in frame.boxes {
          let du = (b.midX - t.midX) / t.height
          let dv = (b.midY - t.midY) / t.height
          guard max(abs(du), abs(dv)) <= pairWindow else { continue }
          pairs.append((index, du, dv, log(b.height / t.height), t.height, b.height))
        }
      }
    }
    var total = [Double](repeating: 0, count: background.count)
    var density = [Double](repeating: 0, count: pairs.count)
    for _ in 0..<falsePositiveIterations {
      for k in background.indices { total[k] = clutter * background[k] }
      for (k, q) in pairs.enumerated() {
        density[k] = rate * nearDensity(q.du, q.dv, q.ls, q.height, q.detection, sigma, mu, tau)
        total[q.fp] += density[k]
      }
      var clutterWeight = 0.0
      for k in background.indices where total[k] > 0 { clutterWeight += clutter * background[k] / total[k] }
      var nearWeight = 0.0
      var offsetSum = 0.0
      var scaleSum = 0.0
      var scaleSquares = 0.0
      for (k, q) in pairs.enumerated() where total[q.fp] > 0 {
        let w = density[k] / total[q.fp]
        nearWeight += w
        offsetSum += w * (q.du * q.du + q.dv * q.dv)
        scaleSum += w * q.ls
        scaleSquares += w * q.ls * q.ls
      }
      let before = [clutter, rate, sigma, mu, tau]
      clutter = clutterWeight / frameCount
      rate = eligible > 0 ? min(1, nearWeight / Double(eligible)) : 0
      guard nearWeight > 0 else { break }
      sigma = max((offsetSum / (2 * nearWeight)).squareRoot(), smallestSpread)
      mu = scaleSum / nearWeight
      // E[x²] − E[x]² of a single pair (or identical ones) can come out a hair below 0 by rounding,
      // and the root of that is NaN, which max(_:_:) passes on: it made the fitted overlay unloadable
      // (found by docksim-fuzz, target detections, seed 1, iteration 793).
      tau = max(max(0, scaleSquares / nearWeight - mu * mu).squareRoot(), smallestSpread)
      let after = [clutter, rate, sigma, mu, tau]
      if zip(before, after).allSatisfy({
        abs($0 - $1) <= falsePositiveTolerance * max(abs($0), toleranceFloor)
      }) {
        break
      }
    }
    p.clutterRate = min(clutter, maximumClutterRate)
    p.nearFalsePositiveRate = max(0, rate - displacedShare)
    p.nearFalsePositiveOffset = sigma
    p.nearFalsePositiveLogScale = mu
    p.nearFalsePositiveLogScaleNoise = tau
  }

  /// The near-false-positive density at a detection of height `detection` offset by (du, dv) heights
  /// and ln-scaled by `ls` from a truth box of height `height`, over detection centre and height:
  /// normal centre offsets of σ·h per axis and a log-normal height around h·e^μ.
  static func nearDensity(
    _ du: Double, _ dv: Double, _ ls: Double, _ height: Double, _ detection: Double, _ sigma: Double,
    _ mu: Double, _ tau: Double
  ) -> Double {
    let u = du / sigma
    let v = dv / sigma
    let z = (ls - mu) / tau
    let exponent = -(u * u + v * v + z * z) / 2
    guard exponent > -700 else { return 0 }
    let s = sigma * height
    return exp(exponent) / (2 * Double.pi * s * s) / ((2 * Double.pi).squareRoot() * tau * detection)
  }

  /// Pairs farther apart than this many truth heights are left out of the false-positive EM: at the
  /// offsets near false positives have (a fraction of a height) their density there is nil.
  static let pairWindow = 5.0

  /// Where the false-positive EM starts: offsets of a third of a height, boxes a little smaller.
  static let startNearOffset = 0.3
  static let startNearLogScale = -0.2
  static let startNearLogScaleNoise = 0.4
  /// The false-positive EM's iterations: its five parameters settle in a few dozen.
  static let falsePositiveIterations = 200
  /// The false-positive EM stops when no parameter moves by more than this share of itself.
  static let falsePositiveTolerance = 1e-6
  /// Spreads are kept above this (in heights, in ln units): a spread of 0 would make a density infinite.
  static let smallestSpread = 1e-3

  /// σ of a normal = 1.4826 × its median absolute deviation.
  static let madToSigma = 1.482_602_218_505_602

  /// The median (the mean of the middle two for an even count); NaN when empty.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  // MARK: Misses and bursts

  /// Maximum likelihood of the miss model by EM on each track's two-state chain: outside a burst a box
  /// is detected with the logistic probability of its visibility and size, in a burst never; frames
  /// where the box is absent or below the cutoff carry no observation. The chain starts from its
  /// stationary distribution, as the detector's does.
  ///
  /// A box the detector fires on is matched only with the share `passShare` its noise leaves above the
  /// IoU criterion, so P(matched) = P(detect)·share outside a burst; a miss may be a detection the
  /// noise pushed off (EM weighs it as one by P(detect)·(1 − share)/(1 − P(detect)·share)). Returns the
  /// expected number of such displaced detections per observation, which show up as false positives.
  @discardableResult
  static func misses(
    _ o: DetectorFitObservations, tracks: [Int], into p: inout DetectorParameters, maximumIterations: Int
  ) -> Double {
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
    guard observations > 0 else { return 0 }
    var displaced = 0.0
    // Forward-backward scratch, grown to the longest track and reused.
    var eg: [Double] = []
    var eb: [Double] = []
    var ag: [Double] = []
    var ab: [Double] = []
    var c: [Double] = []
    var fired: [Double] = []
    for _ in 0..<maximumIterations {
      samples.removeAll(keepingCapacity: true)
      displaced = 0
      var enter = 0.0
      var stayGoodDenominator = 0.0
      var exit = 0.0
      var stayBurstDenominator = 0.0
      var logLikelihood = 0.0
      let stationary = rate / (rate + leave)
      for t in tracks {
        let track = o.tracks[t]
        let n = track.detected.count
        if eg.count < n {
          eg = [Double](repeating: 1, count: n)
          eb = eg
          ag = eg
          ab = eg
          c = eg
          fired = eg
        }
        for k in 0..<n {
          eg[k] = 1
          eb[k] = 1
          guard let hit = track.detected[k] else { continue }
          let mu = DetectorParameters.logistic(
            beta[0] + beta[1] * (track.visibleFraction[k] - 1) + beta[2]
              * log(track.height[k] / p.sizeReference))
          let matched = mu * track.passShare[k]
          // P(the detector fired | this outcome, outside a burst).
          fired[k] = hit ? 1 : mu * (1 - track.passShare[k]) / max(1 - matched, .leastNormalMagnitude)
          eg[k] = hit ? matched : 1 - matched
          eb[k] = hit ? 0 : 1
        }
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
              (track.visibleFraction[k], log(track.height[k] / p.sizeReference), fired[k], gg / sum))
            if !hit { displaced += fired[k] * gg / sum }
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
      let before = [rate, leave] + beta
      beta = logistic(samples, start: beta)
      let after = [rate, leave] + beta
      // Stopped on the parameters, not the likelihood: near its optimum the likelihood of the burst
      // chain is flat while its parameters still drift, and stopping there would pull every estimate
      // (and every bootstrap replicate) toward the starting values, narrowing the intervals.
      if logLikelihood - previous < emTolerance * Double(observations),
        zip(before, after).allSatisfy({ abs($0 - $1) <= emParameterTolerance * max(abs($0), toleranceFloor) })
      {
        break
      }
      previous = logLikelihood
    }
    p.detectionProbability = DetectorParameters.logistic(beta[0])
    p.missVisibilitySlope = beta[1]
    p.missSizeSlope = beta[2]
    p.burstRate = rate
    p.burstLength = min(1 / leave, 1_000_000)
    return displaced / Double(observations)
  }

  /// Weighted logistic regression of y on 1, v − 1, ln(h/reference) by Newton's method, with a ridge.
  static func logistic(
    _ samples: [(v: Double, lh: Double, y: Double, w: Double)], start: [Double], steps: Int = newtonSteps
  ) -> [Double] {
    var beta = start
    for _ in 0..<steps {
      // Gradient and Hessian written out (six distinct entries): no array per sample.
      var g0 = 0.0
      var g1 = 0.0
      var g2 = 0.0
      var h00 = 0.0
      var h01 = 0.0
      var h02 = 0.0
      var h11 = 0.0
      var h12 = 0.0
      var h22 = 0.0
      for s in samples where s.w > 0 {
        let x1 = s.v - 1
        let x2 = s.lh
        let mu = DetectorParameters.logistic(beta[0] + beta[1] * x1 + beta[2] * x2)
        let r = s.w * (s.y - mu)
        let weight = s.w * mu * (1 - mu)
        g0 += r
        g1 += r * x1
        g2 += r * x2
        h00 += weight
        h01 += weight * x1
        h02 += weight * x2
        h11 += weight * x1 * x1
        h12 += weight * x1 * x2
        h22 += weight * x2 * x2
      }
      let g = [g0 - logisticRidge * beta[0], g1 - logisticRidge * beta[1], g2 - logisticRidge * beta[2]]
      let h = [
        [h00 + logisticRidge, h01, h02], [h01, h11 + logisticRidge, h12], [h02, h12, h22 + logisticRidge],
      ]
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
