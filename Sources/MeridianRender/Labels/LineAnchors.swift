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
                    marked + labelLength / 2 <= lineLength
                {
                    out.append(Anchor(index: i, t: t))
                }
            }
            distance += segment
        }
        return (out, lineLength)
    }
}
