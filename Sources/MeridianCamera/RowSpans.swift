import MeridianGeometry

/// Per row of tiles, the x extents (tile units, unwrapped) that geometry reaches in it.
/// Every step is charged to a budget (the caller's tile limit), so hostile geometry (a segment
/// across the world at zoom 30) is refused instead of looping for hours.
struct RowSpans {
    var rows: [Int: [ClosedRange<Double>]] = [:]
    let limit: Int
    var budget: Int

    /// Each tile of a cover costs at most three steps (its row piece, a crossing, a span), and
    /// each vertex a few more.
    init(limit: Int, vertices: Int) {
        self.limit = limit
        // Capped, so a limit of Int.max cannot overflow the budget.
        budget = 3 * Swift.min(Swift.max(limit, 0), Int.max / 8) + 4 * Swift.min(vertices, Int.max / 8) + 16
    }

    mutating func charge() throws(InvalidArgument) {
        budget -= 1
        guard budget >= 0 else { throw TileCover.tooMany(limit) }
    }

    /// The x extent [x0, x1] in the row containing y (rows outside the world are dropped).
    mutating func add(row y: Double, x0: Double, x1: Double, n: Double) throws(InvalidArgument) {
        try charge()
        let row = Int(y.rounded(.down))
        guard row >= 0, row < Int(n) else { return }
        rows[row, default: []].append(Swift.min(x0, x1)...Swift.max(x0, x1))
    }

    /// A segment: its piece in each row band it crosses.
    mutating func add(segment a: MercatorPoint, _ b: MercatorPoint, n: Double) throws(InvalidArgument) {
        let top = Swift.max(Swift.min(a.y, b.y), 0)
        let bottom = Swift.min(Swift.max(a.y, b.y), n)
        guard top <= bottom else { return }
        var row = Swift.min(top.rounded(.down), n - 1)
        repeat {
            let lo = Swift.max(top, row)
            let hi = Swift.min(bottom, row + 1)
            if lo <= hi {
                let xa = a.y == b.y ? a.x : a.x + (b.x - a.x) * (lo - a.y) / (b.y - a.y)
                let xb = a.y == b.y ? b.x : a.x + (b.x - a.x) * (hi - a.y) / (b.y - a.y)
                try add(row: row + 0.5, x0: xa, x1: xb, n: n)
            }
            row += 1
        } while row < bottom
    }

    /// The tiles the extents reach, row by row from the north, west to east, each once.
    func tiles(zoom z: Int, limit: Int) throws(InvalidArgument) -> [TileID] {
        let n = Double(1 << z)
        var out: [TileID] = []
        for row in rows.keys.sorted() {
            var cols = Set<Int>()
            for extent in rows[row]! {
                for col in TileCover.columns(extent.lowerBound, extent.upperBound, n: n) {
                    cols.insert(TileCover.wrap(col, n))
                    guard cols.count + out.count <= limit else { throw TileCover.tooMany(limit) }
                }
            }
            out += cols.sorted().map { TileID(z: z, x: $0, y: row) }
        }
        return out
    }
}

extension RowSpans {
    /// How many tiles of zoom `z` the extents reach, counted row by row from merged column
    /// ranges (memory for one row's extents, not for the tiles).
    /// - Throws: `InvalidArgument` when the count passes `limit`.
    func count(zoom z: Int, limit: Int) throws(InvalidArgument) -> Int {
        let n = 1 << z
        var total = 0
        for extents in rows.values {
            // Each extent's columns, wrapped into 0..<n (one range split in two at the seam).
            var pieces: [ClosedRange<Int>] = []
            for extent in extents {
                let cols = TileCover.columns(extent.lowerBound, extent.upperBound, n: Double(n))
                guard cols.count < n else {
                    pieces = [0...(n - 1)]
                    break
                }
                let lo = TileCover.wrap(cols.lowerBound, Double(n))
                let hi = lo + cols.count - 1
                if hi < n { pieces.append(lo...hi) } else { pieces += [lo...(n - 1), 0...(hi - n)] }
            }
            pieces.sort { $0.lowerBound < $1.lowerBound }
            var end = -1
            for piece in pieces where piece.upperBound > end {
                total += piece.upperBound - Swift.max(piece.lowerBound, end + 1) + 1
                end = piece.upperBound
            }
            guard total <= limit else { throw TileCover.tooMany(limit) }
        }
        return total
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept at its first place only.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
