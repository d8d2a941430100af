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
    static var mbtiles: String { TestData.path("helsinki.mbtiles") }
    static var available: Bool { TestData.available("helsinki.mbtiles") }

    /// The coordinate of a point in a tile's coordinates.
    static func coordinate(_ p: VectorTile.Point, in tile: TileID, extent: Int) -> Coordinate {
        let n = Double(1 << tile.z)
        return WebMercator.unproject(MercatorPoint(x: (Double(tile.x) + Double(p.x) / Double(extent)) / n,
                                                   y: (Double(tile.y) + Double(p.y) / Double(extent)) / n))
    }
}

@Suite(.enabled(if: RealData.available, "no default data: run scripts/build-data.sh")) struct RealDataTests {
    @Test("every tile of the Helsinki MBTiles decodes; the layers are there")
    func decodesEveryTile() throws {
        let db = try MBTiles(path: RealData.mbtiles)
        #expect(db.zoomRange == 12...16 && db.metadata["format"] == "pbf")
        var tiles = 0, features = 0
        var layers: Set<String> = []
        for z in 12...16 {
            let n = 1 << z
            // The extract's bounding box: 24.935–24.954 E, 60.164–60.179 N.
            let x0 = Int((24.93 + 180) / 360 * Double(n)), x1 = Int((24.96 + 180) / 360 * Double(n))
            let y0 = Int(WebMercator.y(latitude: 60.18) * Double(n)), y1 = Int(WebMercator.y(latitude: 60.16) * Double(n))
            for x in x0...x1 {
                for y in y0...y1 {
                    guard let tile = try db.vectorTile(TileID(z: z, x: x, y: y)) else { continue }
                    tiles += 1
                    features += tile.layers.reduce(0) { $0 + $1.features.count }
                    layers.formUnion(tile.layers.map(\.name))
                }
            }
        }
        #expect(tiles == 40, "tiles z12–16 read: \(tiles)")
        #expect(features > 10_000)
        #expect(layers == ["buildings", "roads", "rail", "landuse", "water", "pois"])
    }

    /// The OSM centroid can fall in a notch of a concave outline (the station's does), so the
    /// check is the decoded outline's bounding box, which must hold it.
    @Test("landmarks: the Cathedral and the Central Railway Station are buildings around their OSM centroids", arguments: [
        ("Helsingin tuomiokirkko", Coordinate(latitude: 60.170378, longitude: 24.952176)),
        ("Helsingin päärautatieasema", Coordinate(latitude: 60.171273, longitude: 24.941176)),
    ])
    func landmarks(name: String, centroid: Coordinate) throws {
        let db = try MBTiles(path: RealData.mbtiles)
        let n = Double(1 << 16)
        let tile = TileID(z: 16, x: Int(WebMercator.x(longitude: centroid.longitude) * n), y: Int(WebMercator.y(latitude: centroid.latitude) * n))
        let buildings = try #require(try db.vectorTile(tile)?.layer(named: "buildings"))
        let matches = buildings.features.filter { $0.properties["name"] == .string(name) }
        #expect(!matches.isEmpty, "\(name) not in \(tile)")
        let around = matches.contains { feature in
            feature.type == .polygon && feature.geometry.contains { ring in
                CoordinateBounds(path: ring.map { RealData.coordinate($0, in: tile, extent: buildings.extent) }).contains(centroid)
            }
        }
        #expect(around, "\(name)'s outline is not around its centroid")
    }
}
