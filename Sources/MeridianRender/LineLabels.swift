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

    /// Candidates from a symbol layer's lines: the pieces of each name (a street comes as many
    /// ways, cut again at tile edges) are joined end to end first, then each joined line offers
    /// its longest nearly straight run that holds the text.
    static func candidates(_ features: [(TileID, Int, VectorTile.Feature, [String: StyleValue])], _ layer: Style.Layer,
                           _ ground: GroundGeometry, _ canvas: Canvas) -> [Candidate] {
        let zoom = ground.viewport.camera.zoom
        struct Name { var parts: [[ScreenPoint]] = []; var size = 11.0; var color = RGBA(0.2, 0.2, 0.2); var halo = RGBA(1, 1, 1, 0.9) }
        var names: [String: Name] = [:]
        var order: [String] = []
        for (id, extent, f, p) in features where f.type == .lineString {
            guard let text = layer.value("text-field", p, zoom: zoom)?.string, !text.isEmpty else { continue }
            if names[text] == nil {
                order.append(text)
                names[text] = Name(size: layer.number("text-size", p, zoom: zoom, default: 11),
                                   color: layer.color("text-color", opacity: "text-opacity", p, zoom: zoom) ?? RGBA(0.2, 0.2, 0.2),
                                   halo: layer.color("text-halo-color", p, zoom: zoom) ?? RGBA(1, 1, 1, 0.9))
            }
            names[text]!.parts += f.geometry.flatMap { ground.line(ground.world($0, tile: id, extent: extent)) }
        }
        var out: [Candidate] = []
        let size = ground.viewport.size
        for text in order {
            let name = names[text]!
            // Off-screen lines carry no label: skip them before measuring.
            guard name.parts.contains(where: { $0.contains { $0.x >= 0 && $0.y >= 0 && $0.x <= size.width && $0.y <= size.height } }) else { continue }
            let width = canvas.measure(text, size: name.size).width + 8
            for line in joined(name.parts) {
                var best: (length: Double, a: ScreenPoint, b: ScreenPoint)?
                for (a, b) in straightRuns(line) {
                    let length = (b - a).length
                    if length >= width, length > (best?.length ?? 0) { best = (length, a, b) }
                }
                guard let best else { continue }
                var angle = Double.atan2(y: best.b.y - best.a.y, x: best.b.x - best.a.x)
                if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
                out.append(Candidate(text: text, center: ScreenPoint(x: (best.a.x + best.b.x) / 2, y: (best.a.y + best.b.y) / 2), angle: angle,
                                     length: best.length, size: name.size, color: name.color, halo: name.halo))
            }
        }
        // Longest stretches first: the clearest place for each name.
        return out.sorted { $0.length != $1.length ? $0.length > $1.length : ($0.text, $0.center.x) < ($1.text, $1.center.x) }
    }

    /// Lines joined where one ends within half a point of where another starts or ends.
    static func joined(_ parts: [[ScreenPoint]]) -> [[ScreenPoint]] {
        func meet(_ a: ScreenPoint, _ b: ScreenPoint) -> Bool { abs(a.x - b.x) <= 0.5 && abs(a.y - b.y) <= 0.5 }
        var remaining = parts.filter { $0.count >= 2 }
        var out: [[ScreenPoint]] = []
        while var line = remaining.popLast() {
            var grew = true
            while grew {
                grew = false
                for (i, p) in remaining.enumerated() {
                    if meet(line.last!, p.first!) { line += p.dropFirst() }
                    else if meet(line.last!, p.last!) { line += p.reversed().dropFirst() }
                    else if meet(line.first!, p.last!) { line = p + line.dropFirst() }
                    else if meet(line.first!, p.first!) { line = p.reversed() + line.dropFirst() }
                    else { continue }
                    remaining.remove(at: i)
                    grew = true
                    break
                }
            }
            out.append(line)
        }
        return out
    }

    /// Most degrees a line may turn from the start of a run and still carry straight text.
    static let maximumBend = 12.0

    /// The nearly straight runs of a polyline, as their end points: consecutive segments stay in
    /// one run while each turns less than ``maximumBend`` from the run's first segment and the
    /// run's chord stays within 2 points of every vertex (so text set along the chord sits on
    /// the street).
    static func straightRuns(_ points: [ScreenPoint]) -> [(ScreenPoint, ScreenPoint)] {
        guard points.count >= 2 else { return [] }
        var runs: [(ScreenPoint, ScreenPoint)] = []
        var start = 0
        func direction(_ i: Int) -> Double { Double.atan2(y: points[i + 1].y - points[i].y, x: points[i + 1].x - points[i].x) }
        func fits(_ from: Int, _ to: Int) -> Bool {
            let a = points[from], b = points[to], d = b - a, len = d.length
            guard len > 0 else { return true }
            return (from...to).allSatisfy { abs((points[$0].x - a.x) * d.dy - (points[$0].y - a.y) * d.dx) / len <= 2 }
        }
        for i in 1..<points.count - 1 {
            var turn = abs(direction(i) - direction(start)) * 180 / .pi
            if turn > 180 { turn = 360 - turn }
            if turn > maximumBend || !fits(start, i + 1) {
                runs.append((points[start], points[i]))
                start = i
            }
        }
        runs.append((points[start], points[points.count - 1]))
        return runs
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
