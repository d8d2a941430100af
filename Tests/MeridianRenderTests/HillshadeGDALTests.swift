import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Hillshade checked against GDAL's own `gdaldem hillshade` on the same heights (issue 34): the
/// `basic` method is GDAL's algorithm, so over a 50 % grey background a frame's grey is GDAL's
/// shade, pixel for pixel, with the light and the gradient scaled alike.
@Suite struct HillshadeGDALTests {
    static let zoom = 11
    /// The Jacksboro elevation model's tile at zoom 11 under (36.59° N, 84.25° W), with its eight
    /// neighbours in the data.
    static let centre = TileID(z: 11, x: 544, y: 800)

    /// The frame of the centre tile, exactly: the camera at its centre at zoom 11 (one frame
    /// pixel to one height), north up, the layer `basic` with the light from `direction`° and
    /// `altitude`° over a background of 128/255 grey.
    static func frame(direction: Double, altitude: Double) throws -> [UInt32] {
        let style = try Style(
            json: Data(
                #"""
                {"version": 8, "sources": {"dem": {"type": "raster-dem", "url": "mbtiles://elevation/jacksboro"}},
                 "layers": [{"id": "grey", "type": "background", "paint": {"background-color": "#808080"}},
                  {"id": "hs", "type": "hillshade", "source": "dem", "paint": {"hillshade-method": "basic",
                   "hillshade-illumination-anchor": "map", "hillshade-illumination-direction": \#(direction),
                   "hillshade-illumination-altitude": \#(altitude)}}]}
                """#.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let sources = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        let n = Double(1 << zoom)
        let target = WebMercator.unproject(
            MercatorPoint(x: (Double(centre.x) + 0.5) / n, y: (Double(centre.y) + 0.5) / n))
        let view = try Viewport(
            camera: try CameraPosition(target: target, zoom: Double(zoom)), size: ScreenSize(width: 256, height: 256))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        return try #require(decodePNG(try renderer.render(view, sources: sources).png)).pixels
    }

    /// GDAL's hillshade of the centre tile: the 3 × 3 tiles' heights (decoded here from the
    /// tileset) placed by a VRT on the Web Mercator plane, shaded by `gdaldem hillshade` with the
    /// gradient MapLibre uses (`-z`: its low-zoom boost; `-s`: the cosine of the latitude, as
    /// Web Mercator metres are that much longer than the ground's).
    static func gdal(direction: Double, altitude: Double) throws -> [UInt8] {
        let tileset = try DataFolder.open(TestData.directory + "/elevation/jacksboro.mbtiles")
        var heights = [Float](repeating: 0, count: 768 * 768)
        for dy in -1...1 {
            for dx in -1...1 {
                let id = TileID(z: zoom, x: centre.x + dx, y: centre.y + dy)
                guard let bytes = try tileset.data(for: id) else { continue }
                let image = try RasterImage(tileBytes: bytes, tile: id)
                let tile = try #require(DEMTile(image, id: id, encoding: .terrarium))
                for y in 0..<256 {
                    for x in 0..<256 { heights[(256 * (dy + 1) + y) * 768 + 256 * (dx + 1) + x] = tile.height(x, y) }
                }
            }
        }
        let stem = FileManager.default.temporaryDirectory.path + "/hs-\(UUID().uuidString.prefix(6))"
        defer {
            for ext in [".bin", ".vrt", ".raw", ".hdr", ".raw.aux.xml"] {
                try? FileManager.default.removeItem(atPath: stem + ext)
            }
        }
        try heights.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: stem + ".bin")) }
        let edge = 20037508.342789244
        let size = 2 * edge / Double(1 << zoom) / 256
        let west = -edge + Double(centre.x - 1) * 256 * size
        let north = edge - Double(centre.y - 1) * 256 * size
        try Data(
            """
            <VRTDataset rasterXSize="768" rasterYSize="768"><SRS>EPSG:3857</SRS>
            <GeoTransform>\(west), \(size), 0, \(north), 0, \(-size)</GeoTransform>
            <VRTRasterBand dataType="Float32" band="1" subClass="VRTRawRasterBand">
            <SourceFilename relativeToVRT="0">\(stem).bin</SourceFilename><ByteOrder>LSB</ByteOrder>
            <ImageOffset>0</ImageOffset><PixelOffset>4</PixelOffset><LineOffset>3072</LineOffset>
            </VRTRasterBand></VRTDataset>
            """.utf8
        ).write(to: URL(fileURLWithPath: stem + ".vrt"))
        let n = Double(1 << zoom)
        let latitude = WebMercator.unproject(MercatorPoint(x: 0, y: (Double(centre.y) + 0.5) / n)).latitude
        let boost = pow(2, (15 - Double(zoom)) * 0.3)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdaldem")
        process.arguments = [
            "hillshade", "-q", "-of", "ENVI", "-az", "\(direction)", "-alt", "\(altitude)", "-z", "\(boost)", "-s",
            "\(cos(latitude * .pi / 180))", stem + ".vrt", stem + ".raw",
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let shade = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stem + ".raw")))
        try #require(shade.count == 768 * 768)
        var centre: [UInt8] = []
        for y in 0..<256 {
            let start = (256 + y) * 768 + 256
            centre += shade[start..<start + 256]
        }
        return centre
    }

    @Test(
        "the basic method equals gdaldem hillshade on the same heights, light and zoom: mean difference under 2 levels, 99 % within 6",
        .enabled(if: TestData.available("elevation/jacksboro.mbtiles"), "no default data: run scripts/build-data.sh"),
        arguments: [(315.0, 45.0), (200.0, 30.0)])
    func againstGDAL(direction: Double, altitude: Double) throws {
        let ours = try Self.frame(direction: direction, altitude: altitude)
        let theirs = try Self.gdal(direction: direction, altitude: altitude)
        var differences: [Int] = []
        // The frame's outer ring is left out: its slopes would need the tiles around the view, which
        // a frame does not read (as MapLibre, it repeats the edge there; inside, seams between the
        // tiles it reads take the neighbour's heights).
        for i in 0..<256 * 256 where (1..<255).contains(i % 256) && (1..<255).contains(i / 256) {
            // Over 128/255 grey the basic method's grey is GDAL's cosine s; GDAL writes 1 + 254 s.
            let grey = Int(ours[i] >> 8 & 0xFF)
            differences.append(abs(grey - Int(theirs[i])))
        }
        let sorted = differences.sorted()
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        let p99 = sorted[sorted.count * 99 / 100]
        #expect(mean < 2 && p99 <= 6, "mean \(mean), 99th percentile \(p99), largest \(sorted.last ?? -1)")
    }
}
