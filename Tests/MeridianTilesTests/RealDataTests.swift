import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import MeridianTiles
import MeridianTileFixtures
import Testing

/// The default street data built by `scripts/build-data.sh` (central Helsinki, OpenStreetMap).
/// `scripts/test.sh` builds it first and sets MERIDIAN_REQUIRE_DATA=1, so there a missing file
/// fails; a bare `swift test` without the data skips these tests and says so.
enum RealData {
    static var mbtiles: String { TestData.path("openmaptiles/helsinki.mbtiles") }
    static var available: Bool { TestData.available("openmaptiles/helsinki.mbtiles") }

    /// The coordinate of a point in a tile's coordinates.
    static func coordinate(_ p: VectorTile.Point, in tile: TileID, extent: Int) -> Coordinate {
        let n = Double(1 << tile.z)
        return WebMercator.unproject(
            MercatorPoint(
                x: (Double(tile.x) + Double(p.x) / Double(extent)) / n,
                y: (Double(tile.y) + Double(p.y) / Double(extent)) / n))
    }
}

@Suite(.enabled(if: RealData.available, "no default data: run scripts/build-data.sh")) struct RealDataTests {
    @Test(
        "every tile of the imported Helsinki tileset decodes with no rejected feature; its layers are the OpenMapTiles schema's"
    )
    func decodesEveryTile() throws {
        let db = try MBTiles(path: RealData.mbtiles)
        #expect(
            db.zoomRange == 0...14 && db.metadata["format"] == "pbf"
                && db.info.attribution == "© OpenStreetMap contributors")
        var features = 0
        var rejected = 0
        var layers: Set<String> = []
        for z in 10...14 {
            let n = 1 << z
            // The extract's bounding box: 24.935–24.954 E, 60.164–60.179 N.
            let x0 = Int((24.93 + 180) / 360 * Double(n))
            let x1 = Int((24.96 + 180) / 360 * Double(n))
            let y0 = Int(WebMercator.y(latitude: 60.18) * Double(n))
            let y1 = Int(WebMercator.y(latitude: 60.16) * Double(n))
            var tiles = 0
            for x in x0...x1 {
                for y in y0...y1 {
                    guard let tile = try db.vectorTile(TileID(z: z, x: x, y: y)) else { continue }
                    tiles += 1
                    features += tile.layers.reduce(0) { $0 + $1.features.count }
                    rejected += tile.layers.reduce(0) { $0 + $1.rejected.count }
                    layers.formUnion(tile.layers.map(\.name))
                }
            }
            #expect(tiles >= 1, "no tile at zoom \(z)")
        }
        #expect(features > 10_000 && rejected == 0)
        #expect(
            layers.isSubset(of: [
                "aerodrome_label", "aeroway", "boundary", "building", "housenumber", "landcover", "landuse",
                "mountain_peak",
                "park", "place", "poi", "transportation", "transportation_name", "water", "water_name", "waterway",
            ]))
        #expect(
            layers.isSuperset(of: [
                "building", "transportation", "transportation_name", "poi", "place", "water", "landcover",
                "housenumber",
            ]))
    }

    /// The OSM centroid can fall in a notch of a concave outline (the station's does), so the
    /// check is the decoded outline's bounding box, which must hold it.
    @Test(
        "landmarks: the Cathedral and the Central Railway Station are buildings around their OSM centroids, named in the poi layer",
        arguments: [
            ("Helsingin tuomiokirkko", Coordinate(latitude: 60.170378, longitude: 24.952176)),
            ("Helsingin päärautatieasema", Coordinate(latitude: 60.171273, longitude: 24.941176)),
        ])
    func landmarks(name: String, centroid: Coordinate) throws {
        let db = try MBTiles(path: RealData.mbtiles)
        let n = Double(1 << 14)
        let tile = TileID(
            z: 14, x: Int(WebMercator.x(longitude: centroid.longitude) * n),
            y: Int(WebMercator.y(latitude: centroid.latitude) * n))
        let decoded = try #require(try db.vectorTile(tile))
        let buildings = try #require(decoded.layer(named: "building"))
        let around = buildings.features.contains { feature in
            feature.type == .polygon
                && feature.geometry.contains { ring in
                    let bounds = CoordinateBounds(
                        path: ring.map { RealData.coordinate($0, in: tile, extent: buildings.extent) })
                    // A building, not a whole block: under 300 m across.
                    guard let ne = bounds.northEast, let sw = bounds.southWest else { return false }
                    return bounds.contains(centroid) && Geodesy.distance(ne, sw) < 300
                }
        }
        #expect(around, "no building outline around \(name)'s centroid in \(tile)")
        // The name is a poi within 120 m of the centroid (a point inside the building).
        let pois = try #require(decoded.layer(named: "poi"))
        let named = pois.features.filter { $0.properties["name"] == .string(name) }
        #expect(
            named.contains {
                Geodesy.distance(RealData.coordinate($0.geometry[0][0], in: tile, extent: pois.extent), centroid) < 120
            }, "\(name): \(named.count) pois")
    }
}
