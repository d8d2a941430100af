import MeridianGeometry

/// Lines cut down to the segments that can touch the view before Cairo strokes them: an
/// over-zoomed tile holds many times the view's ground (a z14 tile is 2048 points wide at
/// z17), and stroking what lies off screen was most of a road layer's cost.
enum ScreenClip {
    /// The pieces of `lines` made of segments that may touch `rect` widened by `margin` points on
    /// every side: a segment wholly beyond one side is left out and the line broken there.
    ///
    /// The segments kept are whole (no new vertices), so what is drawn inside the rect is unchanged
    /// as long as `margin` exceeds half the stroke's width (breaks fall where the line is beyond
    /// the margin; caps and round or bevel joins reach half a width). Dashed lines must not be cut
    /// (a break restarts the pattern).
    static func lines(
        _ lines: [[ScreenPoint]], to rect: (left: Double, top: Double, right: Double, bottom: Double), margin: Double
    ) -> [[ScreenPoint]] {
        var out = Polylines()
        for line in lines { line.withUnsafeBufferPointer { append($0, to: rect, margin: margin, into: &out) } }
        var parts: [[ScreenPoint]] = []
        out.forEachPart { parts.append(Array($0)) }
        return parts
    }

    /// ``lines(_:to:margin:)`` of one line, its pieces appended to `out` (no allocation beyond `out`'s).
    static func append(
        _ line: UnsafeBufferPointer<ScreenPoint>, to rect: (left: Double, top: Double, right: Double, bottom: Double),
        margin: Double,
        into out: inout Polylines
    ) {
        guard line.count >= 2 else { return }
        let (l, t, r, b) = (rect.left - margin, rect.top - margin, rect.right + margin, rect.bottom + margin)
        var start = -1  // the first point of the piece being kept, or -1
        for i in 0..<line.count - 1 {
            let p = line[i]
            let q = line[i + 1]
            let outside = (p.x < l && q.x < l) || (p.x > r && q.x > r) || (p.y < t && q.y < t) || (p.y > b && q.y > b)
            if outside {
                if start >= 0 { out.append(UnsafeBufferPointer(rebasing: line[start...i])) }
                start = -1
            } else if start < 0 {
                start = i
            }
        }
        if start >= 0 { out.append(UnsafeBufferPointer(rebasing: line[start...])) }
    }
}
