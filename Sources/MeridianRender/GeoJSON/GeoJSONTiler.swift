import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// Cuts GeoJSON features into one vector tile, as MapLibre's GeoJSON sources cut theirs
/// (geojson-vt): points kept within the tile grown by the source's buffer (labels and icons near
/// an edge), lines and rings clipped 4 points past the tile's own square (MapLibre clips their
/// drawing at the square with its stencil; Meridian draws tiles without one, so a wide buffer
/// would draw translucent geometry twice over a wide band; no overlap would show the seam),
/// lines and rings simplified by Douglas–Peucker at the source's tolerance, in a layer named ""
/// (the source's one layer; its style layers have no `source-layer`), extent 8192 (MapLibre's).
///
/// Tiles are MapLibre's, 512 points across (``SourceZoom``): `buffer` and `tolerance` are in
/// 512ths of a tile, so a buffer of 128 is 128 points around it, a quarter of its width. Polygon rings are clipped as rings
/// (Sutherland–Hodgman: parts along the buffer's edge join up) and wound as the MVT
/// specification says (exteriors clockwise on screen, holes the other way); a ring left with
/// no area in the tile is left out.
struct GeoJSONTiler {
    static let extent = 8192
    /// How far lines and rings reach past a tile's own square: 1/128 of a tile (4 points, about
    /// the buffer the OpenMapTiles tilesets keep).
    static let edgeOverlap = 1.0 / 128
    /// The buffer, as a fraction of a tile.
    let buffer: Double
    /// The tolerance, in tile units (8192 across).
    let tolerance: Double
    /// Whether lines are measured (`lineMetrics`, ``clipMeasured(_:lo:hi:)``).
    var lineMetrics = false

    init(buffer: Double, tolerance: Double, lineMetrics: Bool = false) {
        (self.buffer, self.tolerance) = (buffer / 512, tolerance * Double(Self.extent) / 512)
        self.lineMetrics = lineMetrics
    }

    /// The tile's features (none is a tile with an empty layer).
    func tile(_ id: TileID, features: [GeoJSONFeature]) -> VectorTile {
        let n = Double(1 << id.z)
        let (x0, y0) = (Double(id.x) / n, Double(id.y) / n)
        let grow = buffer / n
        let (minX, minY, maxX, maxY) = (x0 - grow, y0 - grow, x0 + 1 / n + grow, y0 + 1 / n + grow)
        let scale = n * Double(Self.extent)
        let lo = -buffer * Double(Self.extent)
        let hi = (1 + buffer) * Double(Self.extent)
        // Lines and rings reach only ``edgeOverlap`` past the tile's own square: Meridian draws a
        // source's tiles one over another without MapLibre's per-tile stencil, so geometry in two
        // tiles' buffers is drawn twice (translucent fills and lines darker there), and an edge
        // cut exactly at the square would show the antialiasing seam between two tiles.
        let overlap = min(buffer, Self.edgeOverlap) * Double(Self.extent)
        let (edgeLo, edgeHi) = (-overlap, Double(Self.extent) + overlap)
        var out: [VectorTile.Feature] = []
        for f in features {
            guard f.box.maxX >= minX, f.box.minX <= maxX, f.box.maxY >= minY, f.box.minY <= maxY else { continue }
            // Tile units, then clipped to the buffered tile.
            func local(_ p: MercatorPoint) -> (Double, Double) { ((p.x - x0) * scale, (p.y - y0) * scale) }
            var parts: [[VectorTile.Point]] = []
            switch f.type {
            case .point:
                for part in f.parts {
                    let (x, y) = local(part[0])
                    if x >= lo, x <= hi, y >= lo, y <= hi { parts.append([Self.point(x, y)]) }
                }
            case .lineString where lineMetrics:
                for part in f.parts {
                    out += Self.measuredPieces(part.map(local), lo: edgeLo, hi: edgeHi, tolerance: tolerance, of: f)
                }
                continue
            case .lineString:
                for part in f.parts {
                    for piece in Self.clipLine(part.map(local), lo: edgeLo, hi: edgeHi) where piece.count >= 2 {
                        let kept = Self.simplify(piece, tolerance: tolerance).map { Self.point($0.0, $0.1) }
                        if kept.count >= 2 { parts.append(kept) }
                    }
                }
            case .polygon:
                for (i, part) in f.parts.enumerated() {
                    let ring = Self.clipRing(part.map(local), lo: edgeLo, hi: edgeHi)
                    guard ring.count >= 3 else { continue }
                    var kept = Self.simplify(ring + [ring[0]], tolerance: tolerance).dropLast().map {
                        Self.point($0.0, $0.1)
                    }
                    let area = Self.area(kept)
                    guard kept.count >= 3, area != 0 else { continue }
                    // MVT: exteriors of positive area (clockwise with y down), holes negative. A
                    // ring turned round keeps its first vertex first: MapLibre reads the ring from
                    // there (a circle or heatmap layer counts it twice, as the ring's close).
                    let exterior = i < f.exteriors.count ? f.exteriors[i] : true
                    if (area > 0) != exterior { kept = [kept[0]] + kept.dropFirst().reversed() }
                    // Clipping may start the ring elsewhere: from the ring's own first vertex
                    // where the tile holds it, as geojson-vt's clipped rings start.
                    let (fx, fy) = local(part[0])
                    if let start = kept.firstIndex(of: Self.point(fx, fy)), start > 0 {
                        kept = Array(kept[start...] + kept[..<start])
                    }
                    parts.append(kept)
                }
            case .unknown: continue
            }
            guard !parts.isEmpty else { continue }
            out.append(VectorTile.Feature(id: f.id, type: f.type, properties: f.properties, geometry: parts))
        }
        return VectorTile(layers: [VectorTile.Layer(name: "", extent: Self.extent, features: out)])
    }

    /// A position in tile units, rounded. Positions reach here clipped to the buffered tile;
    /// anything else (NaN, past ±2^30) is clamped there rather than trapping the conversion.
    static func point(_ x: Double, _ y: Double) -> VectorTile.Point {
        func unit(_ v: Double) -> Int32 { v.isNaN ? 0 : Int32(min(max(v.rounded(), -0x4000_0000), 0x4000_0000)) }
        return VectorTile.Point(x: unit(x), y: unit(y))
    }

    /// Twice the signed area (shoelace, y down: clockwise on screen is positive).
    static func area(_ ring: [VectorTile.Point]) -> Int64 {
        var sum: Int64 = 0
        for i in ring.indices {
            let (a, b) = (ring[i], ring[(i + 1) % ring.count])
            sum += Int64(a.x) * Int64(b.y) - Int64(b.x) * Int64(a.y)
        }
        return sum
    }

    /// The pieces of a line inside the square [lo, hi]² (Liang–Barsky per segment; consecutive
    /// segments inside join into one piece).
    static func clipLine(_ line: [(Double, Double)], lo: Double, hi: Double) -> [[(Double, Double)]] {
        var pieces: [[(Double, Double)]] = []
        var current: [(Double, Double)] = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (p, q) = clipSegment(a, b, lo: lo, hi: hi) else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            if current.isEmpty || current[current.count - 1] != p {
                if current.count >= 2 { pieces.append(current) }
                current = [p]
            }
            current.append(q)
            if q != b {  // left the square
                pieces.append(current)
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    static func clipSegment(
        _ a: (Double, Double), _ b: (Double, Double), lo: Double, hi: Double
    ) -> ((Double, Double), (Double, Double))? {
        var (t0, t1) = (0.0, 1.0)
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        for (p, q) in [(-dx, a.0 - lo), (dx, hi - a.0), (-dy, a.1 - lo), (dy, hi - a.1)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        let at = { (t: Double) in t == 0 ? a : t == 1 ? b : (a.0 + t * dx, a.1 + t * dy) }
        return (at(t0), at(t1))
    }

    /// A ring clipped to the square [lo, hi]² (Sutherland–Hodgman, one edge at a time).
    static func clipRing(_ ring: [(Double, Double)], lo: Double, hi: Double) -> [(Double, Double)] {
        var out = ring
        // Each edge: which coordinate, the bound, and whether inside is above it.
        for (axis, bound, above) in [(0, lo, true), (0, hi, false), (1, lo, true), (1, hi, false)] {
            let input = out
            out = []
            guard let last = input.last else { break }
            var previous = last
            func value(_ p: (Double, Double)) -> Double { axis == 0 ? p.0 : p.1 }
            func inside(_ p: (Double, Double)) -> Bool { above ? value(p) >= bound : value(p) <= bound }
            func cross(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
                let t = (bound - value(a)) / (value(b) - value(a))
                return (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
            }
            for p in input {
                if inside(p) {
                    if !inside(previous) { out.append(cross(previous, p)) }
                    out.append(p)
                } else if inside(previous) {
                    out.append(cross(previous, p))
                }
                previous = p
            }
        }
        return out
    }

    /// Douglas–Peucker: no point left out lies farther than `tolerance` from the line kept
    /// (ends always kept).
    static func simplify(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        guard points.count > 2, tolerance > 0 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var (best, index) = (0.0, -1)
            for i in (first + 1)..<last {
                let d = squaredDistance(points[i], points[first], points[last])
                if d > best { (best, index) = (d, i) }
            }
            if best > limit, index >= 0 {
                keep[index] = true
                stack.append((first, index))
                stack.append((index, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// The squared distance from `p` to the segment `a`–`b`.
    static func squaredDistance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length : 0
        t = min(1, max(0, t))
        let (x, y) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1)
        return x * x + y * y
    }
}
