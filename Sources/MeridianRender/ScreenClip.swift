import MeridianGeometry

/// Lines cut down to the segments that can touch the view before Cairo strokes them: an
/// over-zoomed tile holds many times the view's ground (a z14 tile is 2048 points wide at
/// z17), and stroking what lies off screen was most of a road layer's cost.
enum ScreenClip {
    /// The pieces of `lines` made of segments that may touch `rect` widened by `margin`
    /// points on every side: a segment wholly beyond one side is left out and the line broken
    /// there. The segments kept are whole (no new vertices), so what is drawn inside the rect
    /// is unchanged as long as `margin` exceeds half the stroke's width (breaks fall where
    /// the line is beyond the margin; caps and round or bevel joins reach half a width).
    /// Dashed lines must not be cut (a break restarts the pattern).
    static func lines(_ lines: [[ScreenPoint]], to rect: (left: Double, top: Double, right: Double, bottom: Double), margin: Double) -> [[ScreenPoint]] {
        let (l, t, r, b) = (rect.left - margin, rect.top - margin, rect.right + margin, rect.bottom + margin)
        func outside(_ p: ScreenPoint, _ q: ScreenPoint) -> Bool {
            (p.x < l && q.x < l) || (p.x > r && q.x > r) || (p.y < t && q.y < t) || (p.y > b && q.y > b)
        }
        var out: [[ScreenPoint]] = []
        for line in lines where line.count >= 2 {
            var current: [ScreenPoint] = []
            for i in 0..<line.count - 1 {
                if outside(line[i], line[i + 1]) {
                    if current.count >= 2 { out.append(current) }
                    current = []
                } else {
                    if current.isEmpty { current.append(line[i]) }
                    current.append(line[i + 1])
                }
            }
            if current.count >= 2 { out.append(current) }
        }
        return out
    }
}
