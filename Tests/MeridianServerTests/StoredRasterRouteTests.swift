import Foundation
import MeridianServer
import MeridianTestSupport
import MeridianTiles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default data's elevation models served to the field's clients (issue 34): TileJSON with
/// `encoding`, and tiles whose heights, read back over HTTP, equal GDAL's reading of the GeoTIFF
/// they were imported from, warped by GDAL onto the same tile: land, sea floor and no data.
@Suite struct StoredRasterRouteTests {
    /// GDAL's height (metres) at pixel (`px`, `py`) of tile `z/x/y` of `source`, warped bilinearly
    /// as the import warps it; NaN where the GeoTIFF has no data.
    static func gdalHeight(_ source: String, z: Int, x: Int, y: Int, px: Int, py: Int) throws -> Float {
        let edge = 20037508.342789244
        let side = 2 * edge / Double(1 << z)
        let (minX, maxY) = (-edge + Double(x) * side, edge - Double(y) * side)
        let raw = FileManager.default.temporaryDirectory.path + "/served-\(UUID().uuidString.prefix(6)).raw"
        defer {
            for f in [raw, raw.replacingOccurrences(of: ".raw", with: ".hdr"), raw + ".aux.xml"] {
                try? FileManager.default.removeItem(atPath: f)
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdalwarp")
        process.arguments = [
            "-q", "-t_srs", "EPSG:3857", "-te", "\(minX)", "\(maxY - side)", "\(minX + side)", "\(maxY)", "-ts", "256",
            "256", "-r", "bilinear", "-ot", "Float32", "-dstnodata", "nan", "-of", "ENVI", source, raw,
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: 4 * (py * 256 + px), as: Float.self)
        }
    }

    @Test(
        "served elevation: TileJSON names the encoding; heights read back equal GDAL's at land, sea-floor and no-data points",
        .enabled(if: TestData.available("sources/topobathy.tif"), "no default data: run scripts/build-data.sh"))
    func elevation() async throws {
        try await withLiveServer { base in
            // The elevation source: both models, zooms 5–11, one encoding.
            let tilejson = try await get(base + "/data/elevation/tiles.json")
            #expect(tilejson.status == 200)
            let doc = try #require(try JSONSerialization.jsonObject(with: tilejson.body) as? [String: Any])
            #expect(
                doc["encoding"] as? String == "terrarium" && doc["maxzoom"] as? Int == 11 && doc["minzoom"] as? Int == 5
            )
            #expect((doc["tiles"] as? [String])?.first == base + "/data/elevation/{z}/{x}/{y}.png")
            // (source, zoom, latitude, longitude, what the point is)
            let points: [(String, Int, Double, Double, String)] = [
                ("jacksboro", 11, 36.59, -84.25, "land"), ("jacksboro", 11, 36.70, -84.10, "land"),
                ("jacksboro", 11, 36.59, -84.43, "no data"), ("topobathy", 5, 49.30, -123.70, "sea floor"),
                ("topobathy", 5, 49.70, -125.50, "land"),
            ]
            for (name, z, lat, lng, what) in points {
                let n = Double(1 << z)
                let fx = (lng + 180) / 360 * n
                let fy = (1 - log(tan(.pi / 4 + lat * .pi / 360)) / .pi) / 2 * n
                let (x, y) = (Int(fx), Int(fy))
                let (px, py) = (Int((fx - Double(x)) * 256), Int((fy - Double(y)) * 256))
                let tile = try await get(base + "/data/elevation/\(z)/\(x)/\(y).png")
                #expect(tile.status == 200 && tile.headers["content-type"] == "image/png", "\(name) \(what)")
                let image = try #require(decodePNG([UInt8](tile.body)))
                let p = image.pixels[py * image.width + px]
                let served = ElevationEncoding.terrarium.height(
                    UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF))
                let gdal = try Self.gdalHeight(
                    TestData.directory + "/sources/\(name).tif", z: z, x: x, y: y, px: px, py: py)
                switch what {
                case "no data":
                    // Beyond the model's edge its edge tile holds the nearest height (no cliff to sea level).
                    #expect(
                        gdal.isNaN && (236...1076).contains(served), "\(name) \(what): GDAL \(gdal), served \(served)")
                case "sea floor":
                    #expect(
                        gdal < -100 && abs(served - Double(gdal)) <= 1.0 / 512 + 1e-3, "\(what): \(gdal) vs \(served)")
                default:
                    #expect(
                        gdal > 100 && abs(served - Double(gdal)) <= 1.0 / 512 + 1e-3,
                        "\(name) \(what): \(gdal) vs \(served)")
                }
            }
            // A tile the model does not have, and an extension not its tiles', are 404s.
            #expect(try await get(base + "/data/elevation/11/0/0.png").status == 404)
            #expect(try await get(base + "/data/elevation/11/544/800.webp").status == 404)
        }
    }

    @Test(
        "served imagery: WebP tiles as stored, with TileJSON",
        .enabled(if: TestData.available("imagery/helsinki-ortho.mbtiles"), "no default data: run scripts/build-data.sh")
    )
    func imagery() async throws {
        try await withLiveServer { base in
            let doc = try #require(
                try JSONSerialization.jsonObject(with: try await get(base + "/data/imagery/tiles.json").body)
                    as? [String: Any])
            #expect(doc["encoding"] == nil && doc["format"] as? String == "webp" && doc["maxzoom"] as? Int == 14)
            let tile = try await get(base + "/data/imagery/14/9326/4742.webp")
            #expect(tile.status == 200 && tile.headers["content-type"] == "image/webp")
            #expect(tile.body.count > 12 && tile.body[8..<12].elementsEqual("WEBP".utf8))
        }
    }
}
