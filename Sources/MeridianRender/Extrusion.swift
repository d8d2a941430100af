import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// Buildings as prisms under tilt: each footprint raised to its height (`height` in metres, else
/// `building:levels` × 3 m, else ``defaultHeight``), walls shaded by the way they face, drawn far
/// to near (painter's order by footprint depth), roofs on top.
struct Extrusion {
    static let defaultHeight = 10.0
    static let metresPerLevel = 3.0

    let ground: GroundGeometry
    let style: StreetStyle

    /// Height in metres from OSM-style tags (numbers or strings like "39", "39 m").
    static func height(_ f: VectorTile.Feature) -> Double {
        func number(_ key: String) -> Double? {
            switch f.properties[key] {
            case let .string(s)?: return Double(s.split(separator: " ").first ?? "")
            case let v?: return v.number
            case nil: return nil
            }
        }
        if let h = number("height"), h.isFinite, h > 0 { return min(h, 1000) }
        if let levels = number("building:levels"), levels.isFinite, levels > 0 { return min(levels, 300) * metresPerLevel }
        return defaultHeight
    }

    struct Prism { let depth: Double, walls: [([ScreenPoint], RGBA)], roof: [[ScreenPoint]] }

    /// The prisms of the buildings in these tiles, farthest first.
    func prisms(_ tiles: [(TileID, VectorTile)]) -> [Prism] {
        let v = ground.viewport
        let pointsPerMetre = 1 / WebMercator.metersPerPoint(latitude: v.camera.target.latitude, zoom: v.camera.zoom)
        var out: [Prism] = []
        for (id, tile) in tiles {
            guard let layer = tile.layer(named: "buildings") else { continue }
            for f in layer.features where f.type == .polygon {
                let rings = f.geometry.map { ground.world($0, tile: id, extent: layer.extent) }
                // Whole footprints only: one corner too near the eye and the building is left out.
                guard let outer = rings.first, outer.allSatisfy({ v.depthRatio(forWorld: $0) > GroundGeometry.nearDepth }) else { continue }
                let e = Self.height(f) * pointsPerMetre
                guard let top = Optional(rings.map { $0.compactMap { v.point(forWorld: $0, elevation: e) } }),
                      top.allSatisfy({ !$0.isEmpty }) else { continue }
                var walls: [(depth: Double, quad: [ScreenPoint], color: RGBA)] = []
                for i in outer.indices {
                    let a = outer[i], b = outer[(i + 1) % outer.count]
                    guard let a0 = v.point(forWorld: a), let b0 = v.point(forWorld: b),
                          let a1 = v.point(forWorld: a, elevation: e), let b1 = v.point(forWorld: b, elevation: e) else { continue }
                    let mid = MercatorPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                    walls.append((v.depthRatio(forWorld: mid), [a0, b0, b1, a1], shade(a, b)))
                }
                walls.sort { $0.depth > $1.depth }
                let depth = outer.reduce(0) { $0 + v.depthRatio(forWorld: $1) } / Double(outer.count)
                out.append(Prism(depth: depth, walls: walls.map { ($0.quad, $0.color) }, roof: top))
            }
        }
        return out.sorted { $0.depth > $1.depth }
    }

    /// Walls facing the light (from the north-west, as maps light them) are lighter.
    func shade(_ a: MercatorPoint, _ b: MercatorPoint) -> RGBA {
        let ex = b.x - a.x, ey = b.y - a.y
        let len = (ex * ex + ey * ey).squareRoot()
        guard len > 0 else { return style.buildingWall }
        // Outward normal of an edge (either winding): lighting by |n · light| keeps it simple.
        let light = abs((ey / len) * -0.7071 + (-ex / len) * -0.7071)
        let k = 0.8 + 0.2 * light
        let w = style.buildingWall
        return RGBA(w.r * k, w.g * k, w.b * k, w.a)
    }

    func draw(_ tiles: [(TileID, VectorTile)], on canvas: Canvas) {
        for prism in prisms(tiles) {
            for (quad, color) in prism.walls { canvas.fill([quad], color) }
            canvas.fill(prism.roof, style.building)
            canvas.stroke(prism.roof, style.buildingOutline, width: 0.6, closed: true)
        }
    }
}
