import MeridianCamera
import MeridianGeometry
import MeridianTiles
import RealModule

/// A label the renderer drew: its text, where its point is, and the screen box it took.
public struct PlacedLabel: Hashable, Sendable {
    public let text: String
    public let anchor: ScreenPoint
    /// Left, top, right, bottom in points.
    public let box: (left: Double, top: Double, right: Double, bottom: Double)

    public static func == (a: PlacedLabel, b: PlacedLabel) -> Bool {
        a.text == b.text && a.anchor == b.anchor && a.box == b.box
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text); hasher.combine(anchor) }
}

/// Point labels (places): upright, never overlapping one another or the credit line, the most
/// important first (population), each drawn at most once however many tiles carry it.
struct LabelPlacer {
    static let padding = 2.0
    static let dotRadius = 2.5

    struct Candidate { let text: String, anchor: ScreenPoint, priority: Double, size: Double, bold: Bool }

    /// Candidates from the `places` layer of the given tiles, on screen and in front of the eye.
    static func candidates(_ tiles: [(TileID, VectorTile)], _ ground: GroundGeometry, zoom: Double) -> [Candidate] {
        var seen: Set<String> = []
        var out: [Candidate] = []
        for (id, tile) in tiles {
            guard let layer = tile.layer(named: "places") else { continue }
            for f in layer.features where f.type == .point {
                guard case let .string(name)? = f.properties["name"], let point = f.geometry.first?.first else { continue }
                let population = f.properties["population"]?.number ?? 0
                let key = "\(name)@\(Int(population))"
                guard !seen.contains(key), let world = ground.world([point], tile: id, extent: layer.extent).first,
                      ground.viewport.depthRatio(forWorld: world) > GroundGeometry.nearDepth,
                      let p = ground.viewport.point(forWorld: world) else { continue }
                seen.insert(key)
                let big = population >= 1_000_000
                out.append(Candidate(text: name, anchor: p, priority: population, size: big ? 13 : 11.5, bold: big))
            }
        }
        return out.sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.text < $1.text }
    }

    /// Places and draws the candidates; `reserved` boxes (the credit line) stay free.
    static func place(_ candidates: [Candidate], on canvas: Canvas, size: ScreenSize, reserved: [(Double, Double, Double, Double)],
                      style: StreetStyle) -> [PlacedLabel] {
        var taken = reserved
        var placed: [PlacedLabel] = []
        for c in candidates {
            let m = canvas.measure(c.text, size: c.size, bold: c.bold)
            let left = c.anchor.x + dotRadius + 3, baseline = c.anchor.y + m.height * 0.3
            let box = (left - padding - dotRadius * 2 - 3, baseline - m.height * 0.8 - padding, left + m.width + padding, baseline + m.height * 0.2 + padding)
            guard box.0 >= 0, box.1 >= 0, box.2 <= size.width, box.3 <= size.height,
                  !taken.contains(where: { box.0 < $0.2 && $0.0 < box.2 && box.1 < $0.3 && $0.1 < box.3 }) else { continue }
            taken.append(box)
            canvas.fill([dot(c.anchor)], style.text)
            canvas.text(c.text, leftAt: left, baseline: baseline, size: c.size, bold: c.bold, style.text, halo: RGBA(1, 1, 1, 0.85))
            placed.append(PlacedLabel(text: c.text, anchor: c.anchor, box: box))
        }
        return placed
    }

    static func dot(_ p: ScreenPoint) -> [ScreenPoint] {
        (0..<12).map { i in
            let a = Double(i) * .pi / 6
            return ScreenPoint(x: p.x + dotRadius * Double.cos(a), y: p.y + dotRadius * Double.sin(a))
        }
    }
}
