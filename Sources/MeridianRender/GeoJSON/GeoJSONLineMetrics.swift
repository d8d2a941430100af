import MeridianTiles

/// `lineMetrics` of a GeoJSON source, as geojson-vt writes them: each piece of a line cut into a
/// tile is a feature of its own, carrying where it starts and ends along the whole line as
/// fractions of the line's length (`mapbox_clip_start`, `mapbox_clip_end`, 0…1); a MultiLineString
/// is measured line by line. `line-gradient` reads them (``LineGradient``).
extension GeoJSONTiler {
    static let clipStartKey = "mapbox_clip_start"
    static let clipEndKey = "mapbox_clip_end"

    /// The pieces of `line` (tile units) inside the square [lo, hi]², each with the distance
    /// along the whole line (fractions of its length; a line of no length runs 0…1) where its
    /// first and last points are.
    static func clipMeasured(
        _ line: [(Double, Double)], lo: Double, hi: Double
    ) -> [(points: [(Double, Double)], start: Double, end: Double)] {
        func length(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        }
        let total = zip(line, line.dropFirst()).reduce(0) { $0 + length($1.0, $1.1) }
        func fraction(_ d: Double) -> Double { total > 0 ? min(max(d / total, 0), 1) : 0 }
        var pieces: [(points: [(Double, Double)], start: Double, end: Double)] = []
        var current: [(Double, Double)] = []
        var (start, end, along) = (0.0, 0.0, 0.0)
        func close() {
            if current.count >= 2 { pieces.append((current, fraction(start), total > 0 ? fraction(end) : 1)) }
            current = []
        }
        for (a, b) in zip(line, line.dropFirst()) {
            defer { along += length(a, b) }
            guard let (p, q) = clipSegment(a, b, lo: lo, hi: hi) else {
                close()
                continue
            }
            if current.isEmpty || current[current.count - 1] != p {
                close()
                current = [p]
                start = along + length(a, p)
            }
            current.append(q)
            end = along + length(a, q)
            if q != b { close() }  // left the square
        }
        close()
        return pieces
    }

    /// The features of a measured line's pieces in this tile: the line's properties with its
    /// piece's start and end added, simplified at `tolerance` (tile units).
    static func measuredPieces(
        _ part: [(Double, Double)], lo: Double, hi: Double, tolerance: Double, of f: GeoJSONFeature
    ) -> [VectorTile.Feature] {
        clipMeasured(part, lo: lo, hi: hi).compactMap { piece in
            let kept = simplify(piece.points, tolerance: tolerance).map { point($0.0, $0.1) }
            guard kept.count >= 2 else { return nil }
            var properties = f.properties
            properties[clipStartKey] = .double(piece.start)
            properties[clipEndKey] = .double(piece.end)
            return VectorTile.Feature(id: f.id, type: .lineString, properties: properties, geometry: [kept])
        }
    }
}
