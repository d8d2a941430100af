import Foundation
@testable import MeridianStyle
import MeridianTestSupport
import Testing

/// `distance` with its GeoJSON indexed once (issue 49, item 9: 20 line layers filtered by
/// distance to a 6,000-vertex line had not finished after 100 s): the indexed search gives the
/// distance the plain search over every pair gives (the cheap ruler's own functions, per part),
/// on random features and targets of every pairing of kinds, and across the antimeridian.
struct DistanceIndexTests {
    typealias Position = Distance.Position

    /// `count` positions of a random walk from `start`, steps up to `step` degrees.
    static func walk(_ r: inout SplitMix64, from start: Position, count: Int, step: Double) -> [Position] {
        var p = start
        return (0..<count).map { _ in
            defer {
                p.lon += (Double(r.below(2001)) / 1000 - 1) * step
                p.lat += (Double(r.below(2001)) / 1000 - 1) * step
            }
            return p
        }
    }

    /// A closed ring of `count` corners around `center`, radius up to `radius` degrees.
    static func ring(_ r: inout SplitMix64, around center: Position, count: Int, radius: Double) -> [Position] {
        let corners = (0..<count).map { i -> Position in
            let a = Double(i) / Double(count) * 2 * .pi
            let d = radius * (0.4 + Double(r.below(600)) / 1000)
            return (center.lon + d * cos(a), center.lat + d * sin(a))
        }
        return corners + [corners[0]]
    }

    static func json(_ positions: [Position]) -> StyleValue {
        .array(positions.map { .array([.number($0.lon), .number($0.lat)]) })
    }

    /// The context of a feature of `type` with `parts` (positions already on the zoom 22 grid).
    static func context(_ type: String, _ parts: [[Position]]) -> ExpressionContext {
        var c = ExpressionContext(zoom: 14, properties: [:], geometryType: type)
        c.coordinates = parts.map { $0.map { (longitude: $0.lon, latitude: $0.lat) } }
        c.tile = (z: 22, x: 0, y: 0)
        return c
    }

    /// The plain search: every feature part against every target, pair by pair.
    static func plain(_ type: String, _ parts: [[Position]], _ targets: [(String, StyleValue)]) -> Double {
        let quantized = parts.map { $0.map { Distance.quantized($0, z: 22) } }
        let ruler = CheapRuler(latitude: quantized[0][0].lat)
        var best = Double.infinity
        for (kind, c) in targets {
            for part in quantized {
                let d: Double
                switch (type, kind) {
                case ("Point", "Point"): d = ruler.distance(part[0], Distance.position(c)!)
                case ("Point", "LineString"): d = ruler.pointToLine(part[0], Distance.positions(c))
                case ("Point", "Polygon"): d = ruler.pointToPolygon(part[0], Distance.rings(c))
                case ("LineString", "Point"): d = ruler.pointToLine(Distance.position(c)!, part)
                case ("LineString", "LineString"): d = ruler.lineToLine(part, Distance.positions(c))
                case ("LineString", "Polygon"): d = ruler.lineToPolygon(part, Distance.rings(c))
                case ("Polygon", "Point"): d = ruler.pointToPolygon(Distance.position(c)!, quantized)
                case ("Polygon", "LineString"): d = ruler.lineToPolygon(Distance.positions(c), quantized)
                default: d = ruler.polygonToPolygon(quantized, Distance.rings(c))
                }
                best = min(best, d)
            }
        }
        return best
    }

    @Test("random features and targets of every kind: the indexed distance equals the plain search within 1e-6 m")
    func equalsPlainSearch() {
        var r = SplitMix64(seed: 49)
        var compared = 0
        for round in 0..<60 {
            // Around Helsinki, and across the antimeridian every fourth round.
            let center: Position = round % 4 == 3 ? (179.995, -17.7) : (24.94, 60.17)
            let start = { (r: inout SplitMix64) -> Position in
                (center.lon + Double(r.below(200)) / 10_000 - 0.01, center.lat + Double(r.below(200)) / 10_000 - 0.01)
            }
            var targets: [(String, StyleValue)] = []
            for _ in 0..<(1 + r.below(3)) {
                switch r.below(3) {
                case 0:
                    let p = start(&r)
                    targets.append(("Point", .array([.number(p.lon), .number(p.lat)])))
                case 1:
                    targets.append(
                        ("LineString", Self.json(Self.walk(&r, from: start(&r), count: 2 + r.below(300), step: 0.0005)))
                    )
                default:
                    targets.append(
                        (
                            "Polygon",
                            .array([Self.json(Self.ring(&r, around: start(&r), count: 3 + r.below(200), radius: 0.003))]
                            )
                        ))
                }
            }
            let geometries = StyleValue.array(
                targets.map { .object(["type": .string($0.0), "coordinates": $0.1]) })
            let indexed = Distance.Targets(geometries)
            for type in ["Point", "LineString", "Polygon"] {
                let parts: [[Position]]
                switch type {
                case "Point": parts = [[start(&r)]]
                case "LineString": parts = [Self.walk(&r, from: start(&r), count: 2 + r.below(200), step: 0.0004)]
                default: parts = [Self.ring(&r, around: start(&r), count: 3 + r.below(100), radius: 0.002)]
                }
                let want = Self.plain(type, parts, targets)
                let got = Distance.measure(Self.context(type, parts), indexed)
                #expect(abs(got - want) <= 1e-6 || (got == want), "round \(round), \(type): \(got) vs \(want)")
                compared += 1
            }
        }
        #expect(compared == 180)
    }

    @Test(
        "a filter by distance to a 6,000-vertex line over 500 features of 1,500 vertices (9 million pairs each by the plain search)"
    )
    func longLines() throws {
        var r = SplitMix64(seed: 6000)
        let target = Self.walk(&r, from: (24.93, 60.16), count: 6_000, step: 0.0002)
        let filter = try StyleExpression.filter(
            .array([
                .string("<"),
                .array([
                    .string("distance"), .object(["type": .string("LineString"), "coordinates": Self.json(target)]),
                ]),
                .number(100),
            ]))
        let indexed = Distance.Targets(
            .array([.object(["type": .string("LineString"), "coordinates": Self.json(target)])]))
        var near = 0
        for i in 0..<500 {
            let line = Self.walk(
                &r, from: (24.90 + Double(i % 50) / 500, 60.15 + Double(i / 50) / 1000), count: 1_500, step: 0.00005)
            let geometry = FeatureGeometry(
                parts: [line.map { (longitude: $0.lon, latitude: $0.lat) }], tile: (z: 22, x: 0, y: 0))
            let kept = filter.evaluate(["$type": .string("LineString")], zoom: 14, geometry: geometry) == .bool(true)
            if kept { near += 1 }
            // The filter's answer is the measure's (the plain search's own equality is tested above).
            if i % 100 == 0 { #expect(kept == (Distance.measure(Self.context("LineString", [line]), indexed) < 100)) }
        }
        #expect(near > 0 && near < 500, "\(near) near")
    }
}
