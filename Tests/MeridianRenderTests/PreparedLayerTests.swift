import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Prepared layers hold what a frame would compute feature by feature: the same features, the
/// same looks at every fractional zoom, the same world points.
@Suite struct PreparedLayerTests {
    @Test("what an expression reads: the property names of get and has, whether it reads the zoom")
    func reads() throws {
        func compile(_ json: String) throws -> StyleExpression {
            try StyleExpression.compile(try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8)))
        }
        let e = try compile(
            #"["interpolate", ["linear"], ["zoom"], 5, ["match", ["get", "class"], "motorway", 1, ["case", ["has", "brunnel"], 2, 1]], 15, 4]"#
        )
        #expect(e.featureKeys == ["brunnel", "class"] && e.readsZoom && e.readsFeature && !e.readsAnyProperty)
        // The geometry type and the id are read as their pseudo-properties.
        let typed = try compile(#"["case", ["==", ["geometry-type"], "Point"], ["id"], 0]"#)
        #expect(typed.featureKeys == [StyleExpression.idKey, StyleExpression.geometryTypeKey].sorted())
        // `properties`, or `get` of a name computed per feature, reads every property.
        #expect(try compile(#"["get", "name", ["properties"]]"#).readsAnyProperty)
        #expect(try compile(#"["get", ["concat", "name:", ["get", "lang"]]]"#).readsAnyProperty)
        // `get` with its own object reads that object, not the feature.
        #expect(try !compile(#"["get", "a", ["literal", {"a": 1}]]"#).readsFeature)
        let constant = try StyleExpression.compile(.array([.string("+"), .number(1), .number(2)]))
        #expect(constant.featureKeys.isEmpty && !constant.readsZoom && !constant.readsFeature)
    }

    @Test(
        "on the real Helsinki tile, every fill and line layer of the streets style: the features that pass the filter, each one's look at three zooms, its world points",
        .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
    func matchesDirectEvaluation() throws {
        let tileset = try MBTiles(path: TestData.path("openmaptiles/helsinki.mbtiles"))
        let id = TileID(z: 14, x: 9327, y: 4742)
        let tile = try #require(try tileset.vectorTile(id))
        var checked = 0
        for layer in MapRenderer.streets.layers
        where (layer.kind == .line || layer.kind == .fill) && layer.source == "openmaptiles" {
            let shape = PreparedLayer.Shape(layer)
            let prepared = PreparedLayer(
                PreparedLayer.Key(shape, id: 0, tileset: tileset.path, tile: id, zoom: 16.3, tilted: false), shape,
                tile: tile)
            guard let source = tile.layer(named: layer.sourceLayer ?? "") else {
                #expect(prepared.featureClass.isEmpty)
                continue
            }
            let kept = source.features.filter { f in
                (f.type == .polygon || (layer.kind == .line && f.type == .lineString))
                    && layer.accepts(f.styleProperties(), zoom: 16)
            }
            #expect(prepared.featureClass.count == kept.count, "\(layer.id)")
            for (i, f) in kept.enumerated() where i < prepared.featureClass.count {
                let representative = prepared.classes[Int(prepared.featureClass[i])]
                for zoom in [16.0, 16.3, 16.99] {
                    for property in layer.paint.keys {
                        #expect(
                            layer.value(property, f.styleProperties(), zoom: zoom)
                                == layer.value(property, representative, zoom: zoom), "\(layer.id) \(property)")
                    }
                }
                // Lines: every vertex, exactly as the frame made them before (rings closed again).
                guard layer.kind == .line else { continue }
                let partEnd = Int(prepared.featureEnds[i])
                let partStart = i == 0 ? 0 : Int(prepared.featureEnds[i - 1])
                var start = partStart == 0 ? 0 : Int(prepared.partEnds[partStart - 1])
                var points: [MercatorPoint] = []
                for j in partStart..<partEnd {
                    points += prepared.points[start..<Int(prepared.partEnds[j])]
                    start = Int(prepared.partEnds[j])
                }
                let n = Double(1 << id.z)
                let e = Double(source.extent)
                let direct = f.geometry.flatMap { part in
                    let w = part.map {
                        MercatorPoint(
                            x: (Double(id.x) + Double($0.x) / e) / n, y: (Double(id.y) + Double($0.y) / e) / n)
                    }
                    return f.type == .polygon && !w.isEmpty ? w + [w[0]] : w
                }
                #expect(points == direct, "\(layer.id) feature \(i)")
                checked += 1
            }
        }
        #expect(checked > 50, "the tile's line features were compared")
    }

    @Test(
        "a filter with within keeps, on the real Helsinki tile, the points inside its polygon: all inside the tile's own bounds, none far away, some in half of it",
        .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
    func withinOnTileGeometry() throws {
        let tileset = try MBTiles(path: TestData.path("openmaptiles/helsinki.mbtiles"))
        let id = TileID(z: 14, x: 9327, y: 4742)
        let tile = try #require(try tileset.vectorTile(id))
        let pois = try #require(tile.layer(named: "poi"))
        // The tile's corners in degrees (Web Mercator, 2^14 tiles across).
        let n = Double(1 << 14)
        func corner(_ x: Double, _ y: Double) -> Coordinate {
            WebMercator.unproject(MercatorPoint(x: x / n, y: y / n))
        }
        let (nw, se) = (corner(9327, 4742), corner(9328, 4743))
        func kept(west: Double, east: Double) throws -> Int {
            // South and north a hundredth of a degree past the tile: its buffer's points too.
            let (south, north) = (se.latitude - 0.01, nw.latitude + 0.01)
            let ring =
                "[[\(west), \(south)], [\(east), \(south)], [\(east), \(north)], [\(west), \(north)], [\(west), \(south)]]"
            let json =
                #"{"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x"}}, "layers": [{"id": "p", "type": "circle", "source": "s", "source-layer": "poi", "filter": ["within", {"type": "Polygon", "coordinates": ["#
                + ring + #"]}]}]}"#
            let style = try Style(json: Data(json.utf8))
            #expect(style.warnings.isEmpty, "\(style.warnings)")
            let shape = PreparedLayer.Shape(try #require(style.layers.first))
            let key = PreparedLayer.Key(shape, id: 0, tileset: tileset.path, tile: id, zoom: 15, tilted: false)
            return FilteredFeatures(shape, key: key, layer: pois).indices.count
        }
        let points = pois.features.filter { $0.type == .point }.count
        #expect(points > 10, "the tile holds points of interest")
        // A margin of a hundredth of a degree takes in the points of the tile's buffer.
        let all = try kept(west: nw.longitude - 0.01, east: se.longitude + 0.01)
        #expect(all == points, "\(all) of \(points)")
        let half = try kept(west: nw.longitude - 0.01, east: (nw.longitude + se.longitude) / 2)
        #expect(half > 0 && half < points, "\(half) of \(points)")
        // The same polygon in a paint value: each point's radius says whether it is inside, and
        // as many are as the filter keeps.
        let (south, north) = (se.latitude - 0.01, nw.latitude + 0.01)
        let (west, east) = (nw.longitude - 0.01, (nw.longitude + se.longitude) / 2)
        let json =
            #"{"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x"}}, "layers": [{"id": "p", "type": "circle", "source": "s", "source-layer": "poi", "filter": ["==", ["geometry-type"], "Point"], "paint": {"circle-radius": ["case", ["within", {"type": "Polygon", "coordinates": [[["#
            + "\(west), \(south)], [\(east), \(south)], [\(east), \(north)], [\(west), \(north)], [\(west), \(south)"
            + #"]]]}], 5, 2]}}]}"#
        let style = try Style(json: Data(json.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let layer = try #require(style.layers.first)
        let shape = PreparedLayer.Shape(layer)
        let key = PreparedLayer.Key(shape, id: 0, tileset: tileset.path, tile: id, zoom: 15, tilted: false)
        let filtered = FilteredFeatures(shape, key: key, layer: pois)
        let radius = try #require(layer.paint[.circleRadius])
        let radii = filtered.properties.map { radius.evaluate($0, zoom: 14) }
        #expect(radii.count == points)
        #expect(
            radii.filter { $0 == .number(5) }.count == half, "\(radii.filter { $0 == .number(5) }.count) of \(half)")
    }
}
