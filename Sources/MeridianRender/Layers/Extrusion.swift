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
        /// `fill-extrusion-pattern`: the image its faces are filled with instead of the colour.
        var pattern: FillPattern? = nil
    }

    let ground: GroundGeometry
    /// `fill-extrusion-translate`, a move on the ground (normalised world units).
    var shift = MercatorPoint(x: 0, y: 0)
    /// How faces are coloured (the style's `light`, ``ExtrusionLight``).
    var light: ExtrusionLight
    /// `fill-extrusion-rounded-corner-distance`, metres (``RoundedCorners``; 0: sharp corners).
    var cornerDistance = 0.0

    /// A footprint's points on the ground, moved by ``shift``.
    func world(_ points: [VectorTile.Point], _ item: Item) -> [MercatorPoint] {
        let placed = ground.world(points, tile: item.tile, extent: item.extent)
        guard shift.x != 0 || shift.y != 0 else { return placed }
        return placed.map { MercatorPoint(x: $0.x + shift.x, y: $0.y + shift.y) }
    }

    /// A footprint's ring on the ground (``world(_:_:)``), its corners rounded by ``cornerDistance``.
    func ring(_ points: [VectorTile.Point], _ item: Item) -> [MercatorPoint] {
        RoundedCorners.rounded(world(points, item), metres: cornerDistance)
    }

    /// A wall's corners on the screen (foot a0 → b0, top b1 → a1, from the footprint's edge a → b)
    /// and the edge's ground points and distance along its ring before it (normalised world units).
    struct Wall {
        let a0: ScreenPoint, b0: ScreenPoint, b1: ScreenPoint, a1: ScreenPoint
        let a: MercatorPoint, b: MercatorPoint
        let along: Double
    }

    /// The prisms far to near (painter's order by the footprint's mean depth), each as its
    /// walls far to near and then its roof, in one batch: no array per wall or prism.
    func batch(_ items: [Item]) -> PrismBatch {
        var batch = PrismBatch()
        forEachFace(items) { item, wall, height in
            batch.wall(
                wall.a0, wall.b0, wall.b1, wall.a1,
                light.wall(item.color, from: wall.a, to: wall.b, base: item.base, height: height))
        } roof: { item, roof, _ in
            batch.roof(roof, light.roof(item.color))
        }
        return batch
    }

    /// Every prism's faces in drawing order (``batch(_:)``'s): `wall` for each wall seen, with its
    /// item and the prism's height (metres, 0…1000), then `roof` with the roof's rings on the
    /// screen and the footprint's middle on the ground.
    func forEachFace(
        _ items: [Item], wall: (Item, Wall, Double) -> Void, roof: (Item, [[ScreenPoint]], MercatorPoint) -> Void
    ) {
        let v = ground.viewport
        let pointsPerMetre = 1 / WebMercator.metersPerPoint(latitude: v.camera.target.latitude, zoom: v.camera.zoom)
        // Whole footprints only: one corner too near the eye and the building is left out.
        var order: [(depth: Double, item: Int, outer: [MercatorPoint])] = []
        for (k, item) in items.enumerated() {
            guard let ring = item.feature.geometry.first else { continue }
            let outer = self.ring(ring, item)
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
        var walls: [(depth: Double, wall: Wall)] = []
        for entry in order {
            let item = items[entry.item]
            let outer = entry.outer
            let rings =
                [outer]
                + item.feature.geometry.dropFirst().map { self.ring($0, item) }
            let height = min(max(item.height, 0), 1000)
            let e = height * pointsPerMetre
            let e0 = min(max(item.base, 0), height) * pointsPerMetre
            let top = rings.map { $0.compactMap { v.point(forWorld: $0, elevation: e) } }
            guard zip(top, rings).allSatisfy({ $0.count == $1.count }) else { continue }
            // Each footprint corner projected once at the base and once at the roof.
            let base = outer.map { e0 > 0 ? v.point(forWorld: $0, elevation: e0) : v.point(forWorld: $0) }
            // An opaque prism without courtyards hides the walls that face away (its front walls
            // and roof cover them): those are left out. The footprint's winding on screen tells
            // the outside. (Courtyards keep every wall: their inner walls are not drawn, and the
            // outer ring's far walls stand in for them through the hole.)
            let seen = base.compactMap { $0 }
            let winding = Self.signedArea(seen)
            let opaque = item.color.a >= 1 && (item.pattern == nil || item.pattern!.opacity >= 1)
            let cull = opaque && rings.count == 1 && seen.count == outer.count && winding != 0
            walls.removeAll(keepingCapacity: true)
            var along = 0.0
            for i in outer.indices {
                let j = (i + 1) % outer.count
                let (a, b) = (outer[i], outer[j])
                defer { along += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
                guard let a0 = base[i], let b0 = base[j] else { continue }
                let (a1, b1) = (top[0][i], top[0][j])
                if cull, Self.signedArea(a0, b0, b1, a1) * winding < 0 { continue }
                let mid = MercatorPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                walls.append(
                    (v.depthRatio(forWorld: mid), Wall(a0: a0, b0: b0, b1: b1, a1: a1, a: a, b: b, along: along)))
            }
            walls.sort { $0.depth > $1.depth }
            for w in walls { wall(item, w.wall, height) }
            let middle = outer.reduce(MercatorPoint(x: 0, y: 0)) {
                MercatorPoint(x: $0.x + $1.x / Double(outer.count), y: $0.y + $1.y / Double(outer.count))
            }
            roof(item, top, middle)
        }
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
                let ring = ground.ring(self.ring(part, item))
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
