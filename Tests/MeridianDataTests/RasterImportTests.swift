import CSQLite
import Foundation
import MeridianCamera
@testable import MeridianData
import MeridianTiles
import MeridianTestSupport
import MeridianTileFixtures
import Testing

/// Raster imports (issue 34): rasters made with GDAL's own programs in the test, imported as a
/// user would, their tiles read back and compared with what GDAL says of the same ground.
@Suite struct RasterImportTests {
    /// Runs a GDAL program (Debian's gdal-bin); returns its standard output.
    @discardableResult
    static func gdal(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DataError.tool(name: tool, reason: "failed: \(arguments)", output: "")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A 60 × 40 grid of heights in EPSG:4326 (0.001° cells from 24.90° E, 60.20° N), sloping from
    /// −120 m (sea floor) in the west to 480 m in the east with a ripple, and one no-data cell
    /// (row 10, column 10) of −9999; written as an ESRI ASCII grid, then a GeoTIFF by GDAL.
    static func heights(_ name: String) throws -> String {
        var text = "ncols 60\nnrows 40\nxllcorner 24.90\nyllcorner 60.16\ncellsize 0.001\nNODATA_value -9999\n"
        for row in 0..<40 {
            let cells = (0..<60).map { col -> String in
                if row == 10 && col == 10 { return "-9999" }
                return String(format: "%.2f", -120 + Double(col) * 10 + 15 * sin(Double(row) / 4))
            }
            text += cells.joined(separator: " ") + "\n"
        }
        let asc = temporaryPath(name + ".asc")
        try Data(text.utf8).write(to: URL(fileURLWithPath: asc))
        let tif = temporaryPath(name + ".tif")
        try gdal("gdal_translate", ["-q", "-a_srs", "EPSG:4326", "-ot", "Float32", asc, tif])
        return tif
    }

    /// The stored bytes of one tile of an MBTiles file.
    static func tile(_ path: String, _ id: TileID) throws -> [UInt8]? {
        try DataFolder.open(path).data(for: id)
    }

    @Test(
        "one band of heights becomes an elevation tileset: Terrarium PNG tiles (256 or 512 pixels) whose heights equal GDAL's warp; no data takes a grown height",
        arguments: [256, 512])
    func elevation(tileSize: Int) throws {
        let folder = try ImporterTests.folder("dem")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let source = try Self.heights("dem-\(UUID().uuidString.prefix(6))")
        var importer = Importer(folder: folder)
        importer.raster = RasterImportOptions(tileSize: tileSize)
        let entry = try importer.importFile(source, name: "relief")
        #expect(entry.info.tileSize == tileSize, "the tile size is in the metadata")
        #expect(entry.info.kind == "elevation" && entry.info.encoding == .terrarium && entry.info.content == .png)
        #expect(entry.path == folder.path + "/elevation/relief.mbtiles" && entry.source == "elevation")
        // 0.001° of longitude is 111 m on the Web Mercator plane: zoom 10's 153 m is nearest (in
        // 512-pixel tiles, zoom 9's).
        let z = tileSize == 512 ? 9 : 10
        let zooms = try #require(entry.info.zoomRange)
        #expect(zooms.upperBound == z, "\(zooms)")
        let b = try #require(entry.info.bounds)
        #expect(abs(b.west - 24.90) < 1e-6 && abs(b.north - 60.20) < 1e-6 && abs(b.east - 24.96) < 1e-6)
        // GDAL's own warp of the tile holding the grid's centre, the same way: every pixel's height
        // read back from the tile equals GDAL's within the encoding's step.
        let id = WebMercatorTile.id(latitude: 60.18, longitude: 24.93, zoom: z)
        let png = try #require(try Self.tile(entry.path, id))
        let decoded = try Self.decodeTerrarium(png, side: tileSize)
        let e = RasterGrid.Block(zoom: z, xs: id.x...id.x, ys: id.y...id.y).extent
        let raw = temporaryPath("gdal-\(UUID().uuidString.prefix(6)).raw")
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try Self.gdal(
            "gdalwarp",
            [
                "-q", "-t_srs", "EPSG:3857", "-te", "\(e.minX)", "\(e.minY)", "\(e.maxX)", "\(e.maxY)", "-ts",
                "\(tileSize)",
                "\(tileSize)", "-r", "bilinear", "-ot", "Float32", "-dstnodata", "nan", "-of", "ENVI", source, raw,
            ])
        let gdalHeights = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { raw in
            (0..<tileSize * tileSize).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: Float.self) }
        }
        var compared = 0
        var negative = 0
        var noData = 0
        for (i, h) in gdalHeights.enumerated() {
            if h.isNaN {
                // No data takes a height grown from the grid's, within its range.
                #expect((-135...495).contains(decoded[i]), "pixel \(i): no data decoded as \(decoded[i])")
                noData += 1
            } else {
                #expect(abs(decoded[i] - Double(h)) <= 1.0 / 512 + 1e-4, "pixel \(i): \(decoded[i]) vs GDAL's \(h)")
                compared += 1
                if h < 0 { negative += 1 }
            }
        }
        #expect(compared > 500 && negative > 20 && noData > 0, "\(compared) \(negative) \(noData)")
    }

    /// Heights of a Terrarium PNG tile, read by GDAL's PNG driver (red, green, blue bands).
    static func decodeTerrarium(_ png: [UInt8], side: Int = 256) throws -> [Double] {
        let file = temporaryPath("t-\(UUID().uuidString.prefix(6)).png")
        let raw = file + ".raw"
        defer {
            for f in [file, raw, raw + ".aux.xml", file + ".hdr"] { try? FileManager.default.removeItem(atPath: f) }
        }
        try Data(png).write(to: URL(fileURLWithPath: file))
        try gdal("gdal_translate", ["-q", "-of", "ENVI", "-co", "INTERLEAVE=BIP", file, raw])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let bands = bytes.count / (side * side)
        return (0..<side * side).map { i in
            ElevationEncoding.terrarium.height(bytes[bands * i], bytes[bands * i + 1], bytes[bands * i + 2])
        }
    }

    @Test(
        "imagery in ETRS-TM35FIN (EPSG:3067) is warped to Web Mercator: WebP tiles of its colour, transparent around it"
    )
    func projectedImagery() throws {
        let folder = try ImporterTests.folder("imagery")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        // 2 km × 2 km of one colour around Helsinki's centre (385 500 E, 6 672 000 N in TM35FIN).
        let tif = temporaryPath("ortho-\(UUID().uuidString.prefix(6)).tif")
        try Self.gdal(
            "gdal_create",
            [
                "-q", "-of", "GTiff", "-outsize", "200", "200", "-bands", "3", "-burn", "200", "-burn", "120", "-burn",
                "40", "-a_srs", "EPSG:3067", "-a_ullr", "384500", "6673000", "386500", "6671000", tif,
            ])
        let entry = try Importer(folder: folder).importFile(tif, name: "ortho")
        #expect(entry.info.kind == "imagery" && entry.info.content == .webp && entry.info.encoding == nil)
        #expect(entry.path == folder.path + "/imagery/ortho.mbtiles" && entry.source == "imagery")
        let b = try #require(entry.info.bounds)
        // The corners of the square in degrees (GDAL's extent): about 24.92–24.96° E, 60.16–60.18° N.
        #expect(abs(b.west - 24.918) < 0.01 && abs(b.north - 60.179) < 0.01, "\(b)")
        let zooms = try #require(entry.info.zoomRange)
        // 10 m pixels, 20 m on the plane at 60° N: zoom 13's 19.1 m is nearest.
        #expect(zooms.upperBound == 13, "\(zooms)")
        let tileset = try DataFolder.open(entry.path)
        // The tile under the square's centre is the colour, within WebP's loss.
        let centre = WebMercatorTile.id(latitude: 60.170, longitude: 24.94, zoom: 13)
        let bytes = try #require(try tileset.data(for: centre))
        #expect(bytes.count > 12 && bytes[8..<12].elementsEqual("WEBP".utf8))
    }

    @Test(
        "an elevation source keeps one encoding and tile size: a model in another is refused naming the one there; a PMTiles output reads back"
    )
    func oneEncoding() throws {
        let folder = try ImporterTests.folder("encodings")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let source = try Self.heights("enc-\(UUID().uuidString.prefix(6))")
        _ = try Importer(folder: folder).importFile(source, name: "first")
        let before = ImporterTests.listing(folder)
        var importer = Importer(folder: folder)
        importer.raster = RasterImportOptions(encoding: .mapbox, pmtiles: true)
        do throws(DataError) {
            _ = try importer.importFile(source, name: "second")
            Issue.record("a second encoding was imported")
        } catch {
            #expect(error.description.contains("terrarium") && error.description.contains(source), "\(error)")
        }
        #expect(ImporterTests.listing(folder) == before)
        importer.raster = RasterImportOptions(encoding: .terrarium, pmtiles: true, tileSize: 512)
        do throws(DataError) {
            _ = try importer.importFile(source, name: "second")
            Issue.record("a second tile size was imported")
        } catch {
            #expect(error.description.contains("--tile-size 256") && error.description.contains(source), "\(error)")
        }
        #expect(ImporterTests.listing(folder) == before)
        importer.raster = RasterImportOptions(encoding: .terrarium, pmtiles: true)
        let entry = try importer.importFile(source, name: "second")
        #expect(entry.format == "pmtiles" && entry.info.encoding == .terrarium && entry.info.content == .png)
        let id = WebMercatorTile.id(latitude: 60.18, longitude: 24.93, zoom: 10)
        #expect(try DataFolder.open(entry.path).data(for: id) != nil)
        // The same name again is refused without --replace; a region is removed by its name.
        #expect(throws: DataError.self) { try Importer(folder: folder).importFile(source, name: "second") }
        try Catalog(folder: folder).remove("second")
        #expect(!FileManager.default.fileExists(atPath: entry.path))
    }

    @Test(
        "hostile rasters: not a raster, no georeference, a 100 000 × 100 000 claim, a truncated file; each a clear error naming it, the folder as it was"
    )
    func hostile() throws {
        let folder = try ImporterTests.folder("hostile-raster")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let tag = UUID().uuidString.prefix(6)
        let junk = temporaryPath("junk-\(tag).tif")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(
            to: URL(fileURLWithPath: junk))
        let bare = temporaryPath("bare-\(tag).tif")
        try Self.gdal("gdal_create", ["-q", "-of", "GTiff", "-outsize", "32", "32", "-bands", "1", bare])
        let huge = temporaryPath("huge-\(tag).vrt")
        try Data(
            """
            <VRTDataset rasterXSize="100000" rasterYSize="100000"><SRS>EPSG:4326</SRS>
            <GeoTransform>0, 0.0001, 0, 60, 0, -0.0001</GeoTransform>
            <VRTRasterBand dataType="Byte" band="1"/></VRTDataset>
            """.utf8
        ).write(to: URL(fileURLWithPath: huge))
        let whole = try Self.heights("whole-\(tag)")
        let cut = temporaryPath("cut-\(tag).tif")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: cut))
        let before = ImporterTests.listing(folder)
        for (path, said) in [
            (junk, "raster GDAL reads"), (bare, "no georeference"), (huge, "100000 × 100000"), (cut, "GDAL"),
        ] {
            do throws(DataError) {
                _ = try Importer(folder: folder).importFile(path, name: "bad")
                Issue.record("\(path) was imported")
            } catch {
                #expect(error.description.contains(path) && error.description.contains(said), "\(error)")
            }
            #expect(ImporterTests.listing(folder) == before, "\(path) left \(ImporterTests.listing(folder))")
        }
    }
}

/// The XYZ tile under a point (test helper).
enum WebMercatorTile {
    static func id(latitude: Double, longitude: Double, zoom: Int) -> TileID {
        let n = Double(1 << zoom)
        let x = (longitude + 180) / 360 * n
        let y = (1 - log(tan(.pi / 4 + latitude * .pi / 360)) / .pi) / 2 * n
        return TileID(z: zoom, x: Int(x), y: Int(y))
    }
}
