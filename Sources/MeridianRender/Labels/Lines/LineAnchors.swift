import Foundation

/// Where MapLibre sets symbols along one line of a tile (its `getAnchors`), in the tile's units:
/// the first anchor past the line's start by half the symbol's length and two ems (a line that
/// enters from the tile's edge: by half a spacing), scaled by the overscaling and taken modulo
/// the spacing, then one every `symbol-spacing`; an anchor must lie inside the tile (so a line
/// in two tiles is anchored once) with room for the symbol's half-length on the line each way.
/// A line of its own (not entering from an edge) with no anchor gets one at its middle.
///
/// Lengths: `spacing` and `length` in points at the layout zoom; the tile is
/// `extent / unitsPerPoint` points across there. A non-finite or non-positive spacing or scale
/// gives no anchors; at most ``maxAnchors`` per line.
struct LineAnchors {
    /// The tile's width in its own units.
    let extent: Double
    /// Tile units per point at the layout zoom (`extent / (512 · overscaling)` for MapLibre's tiles).
    let unitsPerPoint: Double
    /// How many times the tile is enlarged at the layout zoom (≥ 1).
    let overscaling: Double
    /// `symbol-spacing`, points.
    let spacing: Double
    /// The symbol's own length along the line, points at size 1 (an icon's width).
    let length: Double
    /// `text-size` at zoom 18: MapLibre scales a symbol's length and offset by it over 24.
    let textMaxSize: Double
    /// For text, `text-max-angle` in radians: the most the line may turn within three fifths
    /// of an em along the label (MapLibre's `checkMaxAngle`); nil for an icon alone.
    var maxAngle: Double? = nil

    /// `symbol-placement: line-center`: one anchor at the middle of the line's length, kept only
    /// where the label fits the line's turns (MapLibre's `getCenterAnchor`).
    var centered = false

    static let maxAnchors = 10_000

    /// A place on a line: segment `index` (point `index` to `index + 1`) at fraction `t`.
    struct Anchor: Equatable {
        let index: Int
        let t: Double
    }

    /// The anchors of `line` (tile units).
    func anchors(_ line: [(x: Double, y: Double)]) -> [Anchor] {
        let boxScale = unitsPerPoint * textMaxSize / 24
        var spacing = spacing * unitsPerPoint
        let labelLength = length * boxScale
        guard spacing.isFinite, spacing > 0, boxScale.isFinite, boxScale >= 0, let first = line.first else {
            return []
        }
        if centered { return center(line, labelLength: labelLength).map { [$0] } ?? [] }
        let continued = first.x == 0 || first.x == extent || first.y == 0 || first.y == extent
        // A long symbol keeps a quarter spacing free between neighbours.
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        let offset =
            continued
            ? (spacing / 2 * overscaling).truncatingRemainder(dividingBy: spacing)
            : ((length / 2 + 48) * boxScale * overscaling).truncatingRemainder(dividingBy: spacing)
        let found = resample(line, offset: offset, spacing: spacing, labelLength: labelLength)
        guard found.anchors.isEmpty, !continued else { return found.anchors }
        return resample(line, offset: found.length / 2, spacing: spacing, labelLength: labelLength).anchors
    }

    /// The middle of the line by length, if a label of `labelLength` fits there.
    private func center(_ line: [(x: Double, y: Double)], labelLength: Double) -> Anchor? {
        let lengths = zip(line, line.dropFirst()).map { a, b in
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        let half = lengths.reduce(0, +) / 2
        var before = 0.0
        for (i, length) in lengths.enumerated() where length > 0 {
            if before + length > half {
                let t = (half - before) / length
                let (a, b) = (line[i], line[i + 1])
                let anchor = Anchor(index: i, t: t)
                let point = (x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                return fits(line, at: anchor, point: point, labelLength: labelLength) ? anchor : nil
            }
            before += length
        }
        return nil
    }

    /// Whether text of `labelLength` centred at the anchor lies on the line and turns at most
    /// ``maxAngle`` within any window of 3/5 em (always, for an icon).
    private func fits(
        _ line: [(x: Double, y: Double)], at anchor: Anchor, point: (x: Double, y: Double), labelLength: Double
    )
        -> Bool
    {
        guard let maxAngle, labelLength > 0 else { return true }
        let window = 3.0 / 5 * 24 * unitsPerPoint * textMaxSize / 24
        func dist(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        // Back to the first vertex the label reaches past.
        var index = anchor.index + 1
        var along = 0.0
        var p = point
        while along > -labelLength / 2 {
            index -= 1
            guard index >= 0 else { return false }
            along -= dist(line[index], p)
            p = line[index]
        }
        along += dist(line[index], line[index + 1])
        index += 1
        // Forward over the label's length, summing the turns within the window.
        var corners: [(at: Double, turn: Double)] = []
        var sum = 0.0
        while along < labelLength / 2 {
            guard index + 1 < line.count else { return false }
            let (a, b, c) = (line[index - 1], line[index], line[index + 1])
            let turn = abs(
                (atan2(b.y - a.y, b.x - a.x) - atan2(c.y - b.y, c.x - b.x) + 3 * .pi)
                    .truncatingRemainder(dividingBy: 2 * .pi) - .pi)
            corners.append((along, turn))
            sum += turn
            while let first = corners.first, along - first.at > window {
                sum -= first.turn
                corners.removeFirst()
            }
            if sum > maxAngle { return false }
            along += dist(b, c)
            index += 1
        }
        return true
    }

    /// Anchors every `spacing` from `offset` along the line, inside the tile with room for half
    /// the label each way; and the line's length.
    private func resample(
        _ line: [(x: Double, y: Double)], offset: Double, spacing: Double, labelLength: Double
    ) -> (anchors: [Anchor], length: Double) {
        var lineLength = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            lineLength += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        var out: [Anchor] = []
        var distance = 0.0
        var marked = offset - spacing
        for (i, (a, b)) in zip(line, line.dropFirst()).enumerated() {
            let segment = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            while marked + spacing < distance + segment, out.count < Self.maxAnchors {
                marked += spacing
                let t = (marked - distance) / segment
                let (x, y) = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                if x >= 0, x < extent, y >= 0, y < extent, marked - labelLength / 2 >= 0,
                    marked + labelLength / 2 <= lineLength,
                    fits(line, at: Anchor(index: i, t: t), point: (x, y), labelLength: labelLength)
                {
                    out.append(Anchor(index: i, t: t))
                }
            }
            distance += segment
        }
        return (out, lineLength)
    }
}

extension LineAnchors {
    /// `line` cut to the tile's square [0, extent]², as MapLibre cuts a line before anchoring it:
    /// segment by segment, each end outside a side moved onto it (rounded to whole units), a new
    /// piece begun wherever a segment does not start where the last one ended.
    static func clipped(_ line: [(x: Double, y: Double)], extent: Double) -> [[(x: Double, y: Double)]] {
        var out: [[(x: Double, y: Double)]] = []
        for (a, b) in zip(line, line.dropFirst()) {
            var (p, q) = (a, b)
            // Each side in turn: x ≥ 0, y ≥ 0, x ≤ extent, y ≤ extent.
            for side in 0..<4 {
                let horizontal = side % 2 == 0
                let limit = side < 2 ? 0 : extent
                func value(_ v: (x: Double, y: Double)) -> Double { horizontal ? v.x : v.y }
                func outside(_ v: (x: Double, y: Double)) -> Bool { side < 2 ? value(v) < limit : value(v) > limit }
                func onSide() -> (x: Double, y: Double) {
                    let t = (limit - value(p)) / (value(q) - value(p))
                    let other = horizontal ? p.y + (q.y - p.y) * t : p.x + (q.x - p.x) * t
                    return horizontal ? (limit, other.rounded()) : (other.rounded(), limit)
                }
                if outside(p) && outside(q) {
                    (p, q) = ((.nan, .nan), (.nan, .nan))
                    break
                }
                if outside(p) { p = onSide() } else if outside(q) { q = onSide() }
            }
            guard p.x.isFinite, q.x.isFinite else { continue }
            if let last = out.last?.last, last == p {
                out[out.count - 1].append(q)
            } else {
                out.append([p, q])
            }
        }
        return out
    }
}
