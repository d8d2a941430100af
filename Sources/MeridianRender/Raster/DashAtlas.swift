/// A `line-dasharray` as MapLibre's line atlas holds it: a row of 256 signed distances to the
/// nearest dash edge (texels; 128 + distance, clamped to a byte, inside a dash above 128), the
/// pattern's whole period stretched over the row; for round caps, 15 rows across the line, each
/// the distance to the nearest dash's rounded end at that offset from the middle. The shader
/// reads it with linear filtering, repeating along the line, and turns it into coverage with a
/// smoothstep about the middle value (``alpha(along:across:floorWidth:)``).
///
/// Lengths are the style's (in line widths); a pattern with no length, or with a length that is
/// not finite, is solid (``isSolid``). At most 16 lengths are read.
struct DashAtlas: Hashable, Sendable {
    /// The row's texels (MapLibre's atlas width).
    static let width = 256
    /// Rows either side of the middle one for round caps (MapLibre's 7).
    static let roundRows = 7

    /// The period, in widths (MapLibre's `dasharray.w`).
    let period: Double
    let round: Bool
    /// The rows end to end, top to bottom (one, or 15 for round caps), each ``width`` bytes.
    private let texels: [UInt8]
    /// How many rows `texels` holds (0: solid).
    private let rowCount: Int

    /// The rows, top to bottom, each ``width`` bytes.
    var rows: [[UInt8]] {
        (0..<rowCount).map { Array(texels[$0 * Self.width..<($0 + 1) * Self.width]) }
    }

    var isSolid: Bool { rowCount == 0 }

    init(_ lengths: [Double], round: Bool) {
        let lengths = Array(lengths.prefix(16)).map { $0.isFinite ? max($0, 0) : 0 }
        let period = lengths.reduce(0, +)
        (self.period, self.round) = (period, round)
        guard period > 0, period.isFinite, !lengths.isEmpty else {
            (texels, rowCount) = ([], 0)
            return
        }
        let stretch = Double(Self.width) / period
        let ranges = Self.ranges(lengths, stretch: stretch)
        let rows =
            round
            ? (-Self.roundRows...Self.roundRows).map { Self.roundRow(ranges, stretch: stretch, y: $0) }
            : [Self.regularRow(ranges)]
        (texels, rowCount) = (rows.flatMap { $0 }, rows.count)
    }

    struct Range {
        var left: Double, right: Double
        let isDash: Bool, zeroLength: Bool
    }

    /// The pattern's dashes and gaps in texels; an odd pattern's first dash reaches back over the
    /// last length (the two join up across the period's end).
    static func ranges(_ lengths: [Double], stretch: Double) -> [Range] {
        let odd = lengths.count % 2 == 1
        var out = [
            Range(
                left: odd ? -lengths[lengths.count - 1] * stretch : 0, right: lengths[0] * stretch, isDash: true,
                zeroLength: lengths[0] == 0)
        ]
        var sum = lengths[0]
        var dash = true
        for length in lengths.dropFirst() {
            dash.toggle()
            let left = sum * stretch
            sum += length
            out.append(Range(left: left, right: sum * stretch, isDash: dash, zeroLength: length == 0))
        }
        return out
    }

    /// A byte of the atlas: 128 + the signed distance, clamped, truncated.
    static func byte(_ signed: Double) -> UInt8 {
        UInt8(min(max(signed + 128, 0), 255).rounded(.towardZero))
    }

    /// Each texel's distance to the nearest edge of its range, positive in a dash (zero-length
    /// ranges dropped, neighbours alike merged, the first and last joined across the period).
    static func regularRow(_ input: [Range]) -> [UInt8] {
        var ranges = input
        for i in stride(from: ranges.count - 1, through: 0, by: -1) {
            if ranges[i].zeroLength {
                ranges.remove(at: i)
            } else if i + 1 < ranges.count, ranges[i + 1].isDash == ranges[i].isDash {
                ranges[i + 1].left = ranges[i].left
                ranges.remove(at: i)
            }
        }
        guard !ranges.isEmpty else { return [UInt8](repeating: 0, count: width) }
        if ranges[0].isDash == ranges[ranges.count - 1].isDash {
            ranges[0].left = ranges[ranges.count - 1].left - Double(width)
            ranges[ranges.count - 1].right = ranges[0].right + Double(width)
        }
        var k = 0
        return (0..<width).map { i in
            let x = Double(i)
            if x / ranges[k].right > 1, k + 1 < ranges.count { k += 1 }
            let d = min(abs(x - ranges[k].left), abs(x - ranges[k].right))
            return byte(ranges[k].isDash ? d : -d)
        }
    }

    /// Row `y` (−7…7 from the middle) of a round-capped pattern: inside a dash the distance to the
    /// line's edge at that offset combined with the distance to the dash's end; in a gap, half a
    /// period's stretch less the distance to the nearest end's centre.
    static func roundRow(_ ranges: [Range], stretch: Double, y: Int) -> [UInt8] {
        let half = stretch / 2
        var k = 0
        return (0..<width).map { i in
            let x = Double(i)
            if x / ranges[k].right > 1, k + 1 < ranges.count { k += 1 }
            let d = min(abs(x - ranges[k].left), abs(x - ranges[k].right))
            let middle = Double(y) / Double(roundRows) * (half + 1)
            let signed =
                ranges[k].isDash
                ? (d * d + (half - abs(middle)) * (half - abs(middle))).squareRoot()
                : half - (d * d + middle * middle).squareRoot()
            return byte(signed)
        }
    }

    /// The atlas read at `along` periods from the pattern's start (repeating) and `across` the
    /// line (−1…1 edge to edge; round caps only), bilinearly, 0…1.
    func sample(along: Double, across: Double) -> Double {
        guard rowCount > 0, along.isFinite else { return 1 }
        let w = Self.width
        // Periods wrap (the texture repeats); far from 0 the remainder is taken in floating point.
        let periods = abs(along) < 1e12 ? along - along.rounded(.down) : along.truncatingRemainder(dividingBy: 1)
        let x = periods * Double(w) - 0.5
        let x0 = x.rounded(.down)
        let fx = x - x0
        let i0 = (Int(x0) % w + w) % w
        let i1 = (i0 + 1) % w
        return texels.withUnsafeBufferPointer { t in
            func read(_ row: Int) -> Double { Double(t[row + i0]) * (1 - fx) + Double(t[row + i1]) * fx }
            guard rowCount > 1 else { return read(0) / 255 }
            // Texel rows: the middle one's centre at `across` 0, seven rows to an edge.
            let middle = Double(Self.roundRows)
            let r = across.isFinite ? min(max(middle - across * middle, 0), Double(rowCount - 1)) : middle
            let r0 = Int(r)
            let fy = r - Double(r0)
            let r1 = min(r0 + 1, rowCount - 1)
            return (read(r0 * w) * (1 - fy) + read(r1 * w) * fy) / 255
        }
    }

    /// Coverage of the dashes at `along` periods and `across` (−1…1), as MapLibre's `line_sdf`
    /// shader gives it: a smoothstep over ±(1 / period) / `floorWidth` about the middle value.
    func alpha(along: Double, across: Double, floorWidth: Double) -> Double {
        guard rowCount > 0 else { return 1 }
        let gamma = (Double(Self.width) / 256) / period / max(floorWidth, 1e-6)
        let v = sample(along: along, across: across)
        let (e0, e1) = (0.5 - gamma, 0.5 + gamma)
        let t = min(max((v - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}
