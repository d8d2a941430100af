import MeridianGeometry

extension LineLabels {
    /// Lines joined where one ends within half a point of where another starts or ends, and
    /// no third line ends there: at a fork each branch stays a line of its own, so the joined
    /// lines do not depend on the order the pieces come in.
    ///
    /// The last piece not yet used starts a line; while one of its ends meets exactly one other
    /// end, the earliest unused piece with that end is added to it (at its tail before its head).
    /// Ends are found through point-sized cells (ends that meet lie in the same cell or next to
    /// it), so a street of n pieces costs about n lookups, not n² comparisons.
    static func joined(_ parts: [[ScreenPoint]]) -> [[ScreenPoint]] {
        func meet(_ a: ScreenPoint, _ b: ScreenPoint) -> Bool { abs(a.x - b.x) <= 0.5 && abs(a.y - b.y) <= 0.5 }
        let pieces = parts.filter { $0.count >= 2 }
        struct Cell: Hashable { let x: Int, y: Int }
        func index(_ v: Double) -> Int { v.isFinite ? Int(v.rounded(.down).clamped(to: -1e15...1e15)) : 0 }
        func cell(_ p: ScreenPoint, _ dx: Int = 0, _ dy: Int = 0) -> Cell {
            Cell(x: index(p.x) &+ dx, y: index(p.y) &+ dy)
        }
        // Each end of each piece, by cell: the piece's number and the end.
        var ends: [Cell: [(piece: Int, point: ScreenPoint)]] = [:]
        for (i, piece) in pieces.enumerated() {
            for p in [piece.first!, piece.last!] { ends[cell(p), default: []].append((i, p)) }
        }
        /// The pieces with an end meeting `p`, one entry per end.
        func meeting(_ p: ScreenPoint) -> [Int] {
            var out: [Int] = []
            for dx in -1...1 {
                for dy in -1...1 { for e in ends[cell(p, dx, dy)] ?? [] where meet(e.point, p) { out.append(e.piece) } }
            }
            return out
        }
        var used = [Bool](repeating: false, count: pieces.count)
        var out: [[ScreenPoint]] = []
        for start in pieces.indices.reversed() where !used[start] {
            used[start] = true
            var line = pieces[start]
            while true {
                // Where exactly two ends meet (one line on each side).
                let atTail = meeting(line.last!)
                let atHead = meeting(line.first!)
                let (tail, head) = (atTail.count == 2, atHead.count == 2)
                let candidates = ((tail ? atTail : []) + (head ? atHead : [])).filter { !used[$0] }
                guard let i = candidates.min() else { break }
                let p = pieces[i]
                if tail && meet(line.last!, p.first!) {
                    line += p.dropFirst()
                } else if tail && meet(line.last!, p.last!) {
                    line += p.reversed().dropFirst()
                } else if head && meet(line.first!, p.last!) {
                    line = p + line.dropFirst()
                } else {
                    line = p.reversed() + line.dropFirst()
                }
                used[i] = true
            }
            out.append(line)
        }
        return out
    }
}
