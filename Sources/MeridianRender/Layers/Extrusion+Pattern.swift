import MeridianCamera
import MeridianGeometry

extension Extrusion {
    /// Prisms filled with their `fill-extrusion-pattern` image (each item's ``Item/pattern``), in
    /// ``batch(_:)``'s order, each face darkened as the light darkens it
    /// (``ExtrusionLight/patternWallShade(from:to:base:height:)``).
    ///
    /// As MapLibre lays it: on a wall the image runs along the footprint's edge at its own size
    /// (repeating on from the ring's first corner) and down from the wall's top; a roof's repeats
    /// lie on the ground's lattice under the footprint's middle (``FillPattern/near(_:viewport:)``).
    /// A wall is mapped affinely by three of its corners (exact at the top edge and the first
    /// corner's foot; off by a little at the last foot where the wall recedes steeply).
    func patternFaces(_ items: [Item]) -> [(Polylines, FillPattern)] {
        let v = ground.viewport
        let pointsPerMetre = 1 / WebMercator.metersPerPoint(latitude: v.camera.target.latitude, zoom: v.camera.zoom)
        var out: [(Polylines, FillPattern)] = []
        forEachFace(items) { item, wall, height in
            guard let pattern = item.pattern else { return }
            let k = pattern.pointsPerPixel
            let (ex, ey) = (wall.b.x - wall.a.x, wall.b.y - wall.a.y)
            let width = (ex * ex + ey * ey).squareRoot() * v.worldSize
            let tall = (height - min(max(item.base, 0), height)) * pointsPerMetre
            guard width > 1e-9, tall > 1e-9 else { return }
            let across = (x: (wall.b1.x - wall.a1.x) * k / width, y: (wall.b1.y - wall.a1.y) * k / width)
            let down = (x: (wall.a0.x - wall.a1.x) * k / tall, y: (wall.a0.y - wall.a1.y) * k / tall)
            // The repeat's corner behind the wall's start: the ring's distance so far, in image pixels.
            let phase = (wall.along * v.worldSize / k).truncatingRemainder(dividingBy: Double(pattern.tile.width))
            let origin = ScreenPoint(x: wall.a1.x - across.x * phase, y: wall.a1.y - across.y * phase)
            var face = pattern.placed(
                origin: origin, map: StampMatrix(a: across.x, b: across.y, c: down.x, d: down.y))
            face.shade = light.patternWallShade(from: wall.a, to: wall.b, base: item.base, height: height)
            var quad = Polylines()
            quad.append([wall.a0, wall.b0, wall.b1, wall.a1])
            out.append((quad, face))
        } roof: { item, rings, middle in
            guard var face = item.pattern?.near(middle, viewport: v) else { return }
            face.shade = light.patternRoofShade
            out.append((Polylines(rings), face))
        }
        return out
    }

    /// Patterned footprints seen from above (flat camera or low zoom): each roof filled with its
    /// image on the flat map's lattice, darkened as a roof is lit; no outline.
    func patternRoofs(_ items: [Item]) -> [(Polylines, FillPattern)] {
        items.compactMap { item in
            guard var face = item.pattern else { return nil }
            face.shade = light.patternRoofShade
            let rings = item.feature.geometry.map { ground.ring(ring($0, item)) }.filter { !$0.isEmpty }
            return rings.isEmpty ? nil : (Polylines(rings), face)
        }
    }
}
