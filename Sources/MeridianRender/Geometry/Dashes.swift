import Foundation
import MeridianGeometry

/// Dashed lines as their dashes: each part of a path cut into the pieces its dash pattern draws, as
/// Cairo dashes a stroke (the pattern restarts at the start of each part; an odd count of lengths
/// is read twice over; lengths alternate on and off, starting on).
///
/// The pieces keep the part's vertices inside each dash, so joins within a dash are drawn as in a
/// solid line; drawn with butt caps they are the dashed stroke. This lets a rasteriser without
/// dashing (Blend2D) draw dashed lines, and lets dashes be clipped to the view like any line.
enum Dashes {
    /// At most this many dashes a part (a hostile pattern of tiny dashes along a long line
    /// cannot make unbounded work); past it the rest of the part is left undashed.
    static let maxDashesPerPart = 100_000

    /// Appends the dashes of `part` (points in order) for `pattern` (lengths in points, each
    /// above 0; at most 16 used) to `out`.
    ///
    /// With `within` (left, top, right, bottom in points), a segment of `part` wholly beyond one
    /// side of it adds nothing (the pattern still runs along it, so the dashes elsewhere are where
    /// they would be): what ``ScreenClip`` keeps of the dashes is then the same, made without
    /// cutting the many dashes off screen.
    ///
    /// `phase` (points, at least 0) starts the pattern that far in (round and square caps take
    /// their half width out of each dash this way, ``LinePainter``).
    static func append(
        _ part: UnsafeBufferPointer<ScreenPoint>, pattern: [Double], phase: Double = 0,
        within: (left: Double, top: Double, right: Double, bottom: Double)? = nil, into out: inout Polylines
    ) {
        guard part.count >= 2, !pattern.isEmpty, pattern.allSatisfy({ $0 > 0 && $0.isFinite }) else { return }
        var walk = Walk(lengths: pattern.count % 2 == 1 ? pattern + pattern : pattern)
        // Into the pattern by `phase`, within one period.
        var skip = phase.isFinite && phase > 0 ? phase.truncatingRemainder(dividingBy: walk.period) : 0
        while skip > 0 {
            if skip >= walk.left {
                skip -= walk.left
                walk.next()
            } else {
                walk.left -= skip
                skip = 0
            }
        }
        var piece: [ScreenPoint] = walk.on ? [part[0]] : []  // a part starts where the pattern is at `phase`
        for i in 1..<part.count {
            var a = part[i - 1]
            let b = part[i]
            // sqrt, not hypot (several times slower): a sum too large overflows to infinity,
            // and such a segment is skipped as a non-finite one is.
            var segment = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard segment.isFinite else { continue }
            let off =
                within.map { r in
                    (a.x < r.left && b.x < r.left) || (a.x > r.right && b.x > r.right)
                        || (a.y < r.top && b.y < r.top) || (a.y > r.bottom && b.y > r.bottom)
                } ?? false
            if off {
                // Off the rect: the dash in progress ends here; the pattern moves on as below.
                if walk.on, piece.count >= 2 { out.append(piece) }
                piece.removeAll(keepingCapacity: true)
            }
            while segment > walk.left, walk.dashes < maxDashesPerPart {
                // The dash (or gap) ends inside this segment, `left` points from `a`.
                if !off {
                    let t = walk.left / segment
                    let p = ScreenPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    if walk.on {
                        piece.append(p)
                        if piece.count >= 2 { out.append(piece) }
                        piece.removeAll(keepingCapacity: true)
                    } else {
                        piece.removeAll(keepingCapacity: true)
                        piece.append(p)
                    }
                    a = p
                }
                segment -= walk.left
                walk.next()
            }
            walk.left -= segment
            if walk.on { piece.append(b) }
        }
        if walk.on, piece.count >= 2 { out.append(piece) }
    }

    /// Where a walk along a pattern is: the length `index`, `left` points of it to go, on or off,
    /// and how many lengths ended so far.
    struct Walk {
        let lengths: [Double]
        var index = 0, on = true, dashes = 0
        var left: Double
        var period: Double { lengths.reduce(0, +) }

        init(lengths: [Double]) { (self.lengths, left) = (lengths, lengths[0]) }

        /// On to the next length.
        mutating func next() {
            on.toggle()
            index = (index + 1) % lengths.count
            left = lengths[index]
            dashes += 1
        }
    }
}
