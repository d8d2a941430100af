import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// Buildings (fill-extrusion layers) as prisms under tilt: each footprint raised from its base to its
/// height in metres (`fill-extrusion-base`, `-height`), faces lit as MapLibre lights them
/// (``ExtrusionLight``), drawn far to near (painter's order by footprint depth), roofs on top.
///
/// Without tilt they are flat fills (walls would not show).
struct Extrusion {
    struct Item {
        let tile: TileID, extent: Int, feature: VectorTile.Feature, height: Double, color: RGBA
        /// `fill-extrusion-base`: metres above the ground where the prism starts (at most its height).
        var base = 0.0
    }

    let ground: GroundGeometry
    /// `fill-extrusion-translate`, a move on the ground (normalised world units).
    var shift = MercatorPoint(x: 0, y: 0)
    /// How faces are coloured (the style's `light`, ``ExtrusionLight``).
    var light: ExtrusionLight

    /// A footprint's points on the ground, moved by ``shift``.
    func world(_ points: [VectorTile.Point], _ item: Item) -> [MercatorPoint] {
        let placed = ground.world(points, tile: item.tile, extent: item.extent)
        guard shift.x != 0 || shift.y != 0 else { return placed }
        return placed.map { MercatorPoint(x: $0.x + shift.x, y: $0.y + shift.y) }
    }

    /// The prisms far to near (painter's order by the footprint's mean depth), each as its
    /// walls far to near and then its roof, in one batch: no array per wall or prism.
    func batch(_ items: [Item]) -> PrismBatch {
        let v = ground.viewport
        let pointsPerMetre = 1 / WebMercator.metersPerPoint(latitude: v.camera.target.latitude, zoom: v.camera.zoom)
        // Whole footprints only: one corner too near the eye and the building is left out.
        var order: [(depth: Double, item: Int, outer: [MercatorPoint])] = []
        for (k, item) in items.enumerated() {
            guard let ring = item.feature.geometry.first else { continue }
            let outer = world(ring, item)
            var sum = 0.0
            var whole = !outer.isEmpty
            for p in outer {
                let d = v.depthRatio(forWorld: p)
                if !(d > GroundGeometry.nearDepth) {
                    whole = false
                    break
                }
                sum += d
            }
            if whole { order.append((sum / Double(outer.count), k, outer)) }
        }
        order.sort { $0.depth > $1.depth }
        var batch = PrismBatch()
        var walls: [(depth: Double, a0: ScreenPoint, b0: ScreenPoint, b1: ScreenPoint, a1: ScreenPoint, color: RGBA)] =
            []
        for entry in order {
            let item = items[entry.item]
            let outer = entry.outer
            let rings =
                [outer]
                + item.feature.geometry.dropFirst().map { world($0, item) }
            let height = min(max(item.height, 0), 1000)
            let e = height * pointsPerMetre
            let e0 = min(max(item.base, 0), height) * pointsPerMetre
            let roof = rings.map { $0.compactMap { v.point(forWorld: $0, elevation: e) } }
            guard zip(roof, rings).allSatisfy({ $0.count == $1.count }) else { continue }
            // Each footprint corner projected once at the base and once at the roof.
            let base = outer.map { e0 > 0 ? v.point(forWorld: $0, elevation: e0) : v.point(forWorld: $0) }
            let top = roof[0]
            // An opaque prism without courtyards hides the walls that face away (its front walls
            // and roof cover them): those are left out. The footprint's winding on screen tells
            // the outside. (Courtyards keep every wall: their inner walls are not drawn, and the
            // outer ring's far walls stand in for them through the hole.)
            let seen = base.compactMap { $0 }
            let winding = Self.signedArea(seen)
            let cull = item.color.a >= 1 && rings.count == 1 && seen.count == outer.count && winding != 0
            walls.removeAll(keepingCapacity: true)
            for i in outer.indices {
                let j = (i + 1) % outer.count
                guard let a0 = base[i], let b0 = base[j] else { continue }
                let (a1, b1) = (top[i], top[j])
                if cull, Self.signedArea(a0, b0, b1, a1) * winding < 0 { continue }
                let (a, b) = (outer[i], outer[j])
                let mid = MercatorPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                let shade = light.wall(item.color, from: a, to: b, base: item.base, height: height)
                walls.append((v.depthRatio(forWorld: mid), a0, b0, b1, a1, shade))
            }
            walls.sort { $0.depth > $1.depth }
            for w in walls { batch.wall(w.a0, w.b0, w.b1, w.a1, w.color) }
            batch.roof(roof, light.roof(item.color))
        }
        return batch
    }

    /// Twice the signed area of a polygon on screen (the shoelace sum; y down).
    ///
    /// A wall quad (base a→b, then the roof b→a) has the footprint's sign when its outside faces
    /// the eye.
    static func signedArea(_ p: [ScreenPoint]) -> Double {
        var sum = 0.0
        for i in p.indices {
            let q = p[(i + 1) % p.count]
            sum += p[i].x * q.y - q.x * p[i].y
        }
        return sum
    }

    /// ``signedArea(_:)`` of a quadrilateral, without an array.
    static func signedArea(_ a: ScreenPoint, _ b: ScreenPoint, _ c: ScreenPoint, _ d: ScreenPoint) -> Double {
        (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
    }

    /// Draws the prisms far to near as one operation (``batch(_:)``).
    func draw(_ items: [Item], on canvas: Canvas) { canvas.prisms(batch(items)) }

    /// Footprints only (flat camera or low zoom): fills, then outlines, batched by colour.
    func drawFlat(_ items: [Item], on canvas: Canvas) {
        var fills = PathBatch<RGBA> { color, parts in canvas.fill(parts, color) }
        var outlines = PathBatch<RGBA> { color, parts in
            canvas.stroke(parts, Self.outline(color), width: 0.6, closed: true)
        }
        // The edges a tile's clip made are not outlined (``TileEdgeCut``): what is left of such
        // a ring is stroked open.
        var cutOutlines = PathBatch<RGBA> { color, parts in canvas.stroke(parts, Self.outline(color), width: 0.6) }
        for item in items {
            var rings: [[ScreenPoint]] = []
            var whole: [[ScreenPoint]] = []
            var pieces: [[ScreenPoint]] = []
            for part in item.feature.geometry {
                let ring = ground.ring(world(part, item))
                rings.append(ring)
                switch TileEdgeCut.outline(part, extent: item.extent) {
                case .closed: whole.append(ring)
                case let .pieces(kept):
                    pieces += kept.flatMap { ground.line(world($0, item)) }
                }
            }
            // Seen from above, only roofs show.
            let roof = light.roof(item.color)
            fills.add(roof, rings)
            outlines.add(roof, whole)
            if !pieces.isEmpty { cutOutlines.add(roof, pieces) }
        }
        fills.flush()
        outlines.flush()
        cutOutlines.flush()
    }

    static func outline(_ c: RGBA) -> RGBA { RGBA(c.r * 0.88, c.g * 0.88, c.b * 0.88, c.a) }
}
