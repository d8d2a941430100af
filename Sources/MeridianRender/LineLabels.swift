import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles
import RealModule

/// Labels along lines (`symbol-placement: line`, e.g. street names): each name set once along
/// the longest straight stretch of its line that holds it, turned with the line but kept upright
/// (never upside down), sharing the collision boxes of the point labels.
enum LineLabels {
    struct Candidate { let text: String, center: ScreenPoint, angle: Double, length: Double, size: Double, color: RGBA, halo: RGBA }

    /// The same name is not set again within this many points (a street comes in many pieces).
    static let repeatDistance = 250.0

    static func candidates(_ features: [(TileID, Int, VectorTile.Feature, [String: StyleValue])], _ layer: Style.Layer,
                           _ ground: GroundGeometry, _ canvas: Canvas) -> [Candidate] {
        let zoom = ground.viewport.camera.zoom
        var out: [Candidate] = []
        for (id, extent, f, p) in features where f.type == .lineString {
            guard let text = layer.value("text-field", p, zoom: zoom)?.string, !text.isEmpty else { continue }
            let size = layer.number("text-size", p, zoom: zoom, default: 11)
            let parts = f.geometry.flatMap({ ground.line(ground.world($0, tile: id, extent: extent)) })
            // Off-screen lines carry no label: skip them before measuring.
            guard parts.contains(where: { $0.contains { $0.x >= 0 && $0.y >= 0 && $0.x <= ground.viewport.size.width && $0.y <= ground.viewport.size.height } }) else { continue }
            let width = canvas.measure(text, size: size).width + 8
            var best: (length: Double, a: ScreenPoint, b: ScreenPoint)?
            for part in parts {
                for (a, b) in zip(part, part.dropFirst()) {
                    let length = (b - a).length
                    if length >= width, length > (best?.length ?? 0) { best = (length, a, b) }
                }
            }
            guard let best else { continue }
            var angle = Double.atan2(y: best.b.y - best.a.y, x: best.b.x - best.a.x)
            if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
            out.append(Candidate(text: text, center: ScreenPoint(x: (best.a.x + best.b.x) / 2, y: (best.a.y + best.b.y) / 2), angle: angle,
                                 length: best.length, size: size,
                                 color: layer.color("text-color", opacity: "text-opacity", p, zoom: zoom) ?? RGBA(0.2, 0.2, 0.2),
                                 halo: layer.color("text-halo-color", p, zoom: zoom) ?? RGBA(1, 1, 1, 0.9)))
        }
        // Longest stretches first: the clearest place for each name.
        return out.sorted { $0.length != $1.length ? $0.length > $1.length : ($0.text, $0.center.x) < ($1.text, $1.center.x) }
    }

    /// Places and draws line labels that fit; `taken` holds the boxes already used.
    static func place(_ candidates: [Candidate], on canvas: Canvas, size: ScreenSize, taken: inout [(Double, Double, Double, Double)]) -> [PlacedLabel] {
        var placed: [PlacedLabel] = []
        var setAt: [String: [ScreenPoint]] = [:]
        for c in candidates {
            guard !(setAt[c.text] ?? []).contains(where: { ($0 - c.center).length < repeatDistance }) else { continue }
            let m = canvas.measure(c.text, size: c.size)
            // The axis-aligned box around the turned text.
            let (hw, hh) = (m.width / 2 + 2, m.height / 2 + 1)
            let (cs, sn) = (abs(Double.cos(c.angle)), abs(Double.sin(c.angle)))
            let (ex, ey) = (hw * cs + hh * sn, hw * sn + hh * cs)
            let box = (c.center.x - ex, c.center.y - ey, c.center.x + ex, c.center.y + ey)
            guard box.0 >= 0, box.1 >= 0, box.2 <= size.width, box.3 <= size.height,
                  !taken.contains(where: { box.0 < $0.2 && $0.0 < box.2 && box.1 < $0.3 && $0.1 < box.3 }) else { continue }
            taken.append(box)
            setAt[c.text, default: []].append(c.center)
            canvas.text(c.text, centeredAt: c.center, angle: c.angle, size: c.size, c.color, halo: c.halo)
            placed.append(PlacedLabel(text: c.text, anchor: c.center, box: box))
        }
        return placed
    }
}
