/// Contour lines of a tile of heights: marching squares over its pixel centres, the cells reaching
/// one pixel into the border (``DEMTile``: the neighbours' heights), so the lines of two tiles
/// meet at their seam. A saddle cell is decided by the mean of its corners. Segments are joined
/// into polylines through the cell edges they share.
///
/// Points are in the tile's pixels: (0, 0) its top-left corner, a pixel's centre at (x + 0.5, y + 0.5).
enum ContourLines {
    struct Line: Equatable {
        /// The line's height, metres.
        var elevation: Double
        var points: [SIMD2<Double>]
    }

    /// Most lines a tile gives (a hostile tile of noise at a small interval would give millions):
    /// past it the rest are left out.
    static let maxSegments = 200_000

    /// The lines at every multiple of `interval` metres (> 0; nothing otherwise) in `tile`.
    static func lines(_ tile: DEMTile, interval: Double) -> [Line] {
        guard interval.isFinite, interval > 0 else { return [] }
        let size = tile.size
        let side = size + 3  // node indices −1…size, shifted by one, and one to spare
        func key(_ vertical: Bool, _ i: Int, _ j: Int) -> Int { ((vertical ? 1 : 0) * side + (j + 1)) * side + (i + 1) }
        var segments: [Int: [(Int, Int, SIMD2<Double>, SIMD2<Double>)]] = [:]
        var count = 0
        for j in -1..<size {
            for i in -1..<size {
                let a = Double(tile.height(i, j))
                let b = Double(tile.height(i + 1, j))
                let c = Double(tile.height(i + 1, j + 1))
                let d = Double(tile.height(i, j + 1))
                let lo = min(a, b, c, d)
                let hi = max(a, b, c, d)
                guard hi > lo else { continue }
                var k = (lo / interval).rounded(.up)
                while k * interval <= hi, count < maxSegments {
                    let level = k * interval
                    k += 1
                    let index =
                        (a >= level ? 8 : 0) | (b >= level ? 4 : 0) | (c >= level ? 2 : 0) | (d >= level ? 1 : 0)
                    guard index != 0 && index != 15 else { continue }
                    // The crossing on each side: top (a–b), right (b–c), bottom (d–c), left (a–d).
                    func cross(_ p: Double, _ q: Double) -> Double { (level - p) / (q - p) }
                    let x = Double(i) + 0.5
                    let y = Double(j) + 0.5
                    let top = (key(false, i, j), SIMD2(x + cross(a, b), y))
                    let right = (key(true, i + 1, j), SIMD2(x + 1, y + cross(b, c)))
                    let bottom = (key(false, i, j + 1), SIMD2(x + cross(d, c), y + 1))
                    let left = (key(true, i, j), SIMD2(x, y + cross(a, d)))
                    let centre = (a + b + c + d) / 4 >= level
                    let pairs: [((Int, SIMD2<Double>), (Int, SIMD2<Double>))]
                    switch index {
                    case 1, 14: pairs = [(left, bottom)]
                    case 2, 13: pairs = [(bottom, right)]
                    case 3, 12: pairs = [(left, right)]
                    case 4, 11: pairs = [(top, right)]
                    case 6, 9: pairs = [(top, bottom)]
                    case 7, 8: pairs = [(top, left)]
                    case 5: pairs = centre ? [(top, left), (bottom, right)] : [(top, right), (left, bottom)]
                    default: pairs = centre ? [(top, right), (left, bottom)] : [(top, left), (bottom, right)]
                    }
                    for (p, q) in pairs {
                        segments[Int(level * 1000), default: []].append((p.0, q.0, p.1, q.1))
                        count += 1
                    }
                }
            }
        }
        var out: [Line] = []
        for (level, list) in segments.sorted(by: { $0.key < $1.key }) {
            out += join(list).map { Line(elevation: Double(level) / 1000, points: $0) }
        }
        return out
    }

    /// Segments (edge, edge, point, point) joined end to end where they share an edge.
    static func join(_ segments: [(Int, Int, SIMD2<Double>, SIMD2<Double>)]) -> [[SIMD2<Double>]] {
        var byEdge: [Int: [Int]] = [:]
        for (n, s) in segments.enumerated() {
            byEdge[s.0, default: []].append(n)
            byEdge[s.1, default: []].append(n)
        }
        var used = [Bool](repeating: false, count: segments.count)
        var lines: [[SIMD2<Double>]] = []
        for start in segments.indices where !used[start] {
            used[start] = true
            var line = [segments[start].2, segments[start].3]
            // Forward from the second end, then backward from the first.
            for forward in [true, false] {
                var edge = forward ? segments[start].1 : segments[start].0
                while let next = byEdge[edge]?.first(where: { !used[$0] }) {
                    used[next] = true
                    let s = segments[next]
                    let (far, point) = s.0 == edge ? (s.1, s.3) : (s.0, s.2)
                    if forward { line.append(point) } else { line.insert(point, at: 0) }
                    edge = far
                }
            }
            lines.append(line)
        }
        return lines
    }
}
