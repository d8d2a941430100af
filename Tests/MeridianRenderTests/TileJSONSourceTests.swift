import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// A style whose street source is a TileJSON file, as a map person writes one for a folder of
/// tiles (`gdal2tiles`, `tippecanoe -e`, `mb-util` layouts) or for a tileset by name: the real
/// Helsinki tiles, written out as files, draw the same map as from the MBTiles.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct TileJSONSourceTests {
    static let center = Coordinate(latitude: 60.1699, longitude: 24.9384)

    /// A folder with `tiles/{z}/{x}/{y}.pbf` (rows counted from the south when `tms`) holding
    /// every Helsinki tile of z10–14 around the centre, a TileJSON naming them, and the streets
    /// style with its street source pointed at that TileJSON by a relative path.
    static func folder(tms: Bool, template: String? = nil) throws -> String {
        let dir = temporaryPath("tilejson-source-\(UUID().uuidString)")
        let helsinki = try MBTiles(path: TestData.path("openmaptiles/helsinki.mbtiles"))
        for z in 10...14 {
            let n = Double(1 << z)
            let p = WebMercator.project(center)
            for x in Int(p.x * n) - 2...Int(p.x * n) + 2 {
                for y in Int(p.y * n) - 2...Int(p.y * n) + 2 {
                    guard let bytes = try helsinki.data(for: TileID(z: z, x: x, y: y)) else { continue }
                    let row = tms ? (1 << z) - 1 - y : y
                    try FileManager.default.createDirectory(
                        atPath: dir + "/tiles/\(z)/\(x)", withIntermediateDirectories: true)
                    FileManager.default.createFile(atPath: dir + "/tiles/\(z)/\(x)/\(row).pbf", contents: Data(bytes))
                }
            }
        }
        let tiles = template ?? "tiles/{z}/{x}/{y}.pbf"
        let json =
            ##"{"tilejson": "3.0.0", "tiles": ["\##(tiles)"], "minzoom": 0, "maxzoom": 14, "scheme": "\##(tms ? "tms" : "xyz")", "attribution": "\##(helsinki.info.attribution ?? "")"}"##
        FileManager.default.createFile(atPath: dir + "/helsinki.json", contents: Data(json.utf8))
        let style = DefaultStyles.streets.replacingOccurrences(
            of: #""url": "mbtiles://openmaptiles""#, with: #""url": "helsinki.json""#)
        #expect(style != DefaultStyles.streets)
        FileManager.default.createFile(atPath: dir + "/style.json", contents: Data(style.utf8))
        return dir
    }

    @Test(
        "a TileJSON of a folder of tile files (xyz and tms rows) draws what the MBTiles draws, flat and tilted",
        arguments: [(false, 15.0, 0.0, 0.0), (true, 15.0, 0.0, 0.0), (false, 16.0, 30.0, 45.0)])
    func sameImage(tms: Bool, zoom: Double, bearing: Double, tilt: Double) throws {
        let dir = try Self.folder(tms: tms)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let style = try Style(file: dir + "/style.json")
        #expect(style.folder == dir)
        let data = DataFolder(path: TestData.directory)
        let fromFiles = try MapSources(style: style, folder: data)
        #expect(fromFiles.missing.isEmpty, "\(fromFiles.missing)")
        #expect(fromFiles.sources["openmaptiles"]?.tilesets.map { $0 is TileFolder } == [true])
        let shipped = try Style(json: Data(DefaultStyles.streets.utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: Self.center, zoom: zoom, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 512, height: 384))
        let a = try MapRenderer(style: style).render(view, sources: fromFiles).png
        let b = try MapRenderer(style: shipped).render(view, sources: MapSources(style: shipped, folder: data)).png
        let same = a == b
        #expect(same, "the images differ")
        #expect(fromFiles.attribution(for: style).contains("OpenStreetMap"))
    }

    @Test(
        "a TileJSON whose template names a tileset of the data folder reads it there; a remote template is named as missing where nothing reads it"
    )
    func templatesByName() throws {
        let byName = try Self.folder(tms: false, template: "mbtiles://openmaptiles")
        defer { try? FileManager.default.removeItem(atPath: byName) }
        let data = DataFolder(path: TestData.directory)
        let sources = try MapSources(style: Style(file: byName + "/style.json"), folder: data)
        #expect(sources.missing.isEmpty && sources.sources["openmaptiles"]?.tilesets.first is MBTiles)
        let remote = try Self.folder(tms: false, template: "https://tiles.example/{z}/{x}/{y}.pbf")
        defer { try? FileManager.default.removeItem(atPath: remote) }
        let unread = try MapSources(style: Style(file: remote + "/style.json"), folder: data)
        // The folder reads nothing on HTTP servers: the source is named as not read.
        #expect(unread.sources["openmaptiles"] == nil)
        #expect(
            unread.missing.count == 1 && unread.missing[0].contains("source openmaptiles")
                && unread.missing[0].contains("not read"))
        #expect(throws: MissingSources.self) { try unread.requireEverySource() }
    }

    @Test("a style whose sources are all TileJSON files needs no data folder; one naming the folder still does")
    func noDataFolder() throws {
        let dir = try Self.folder(tms: false)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let only =
            ##"{"version": 8, "sources": {"omt": {"type": "vector", "url": "helsinki.json"}}, "layers": [{"id": "roads", "type": "line", "source": "omt", "source-layer": "transportation"}]}"##
        FileManager.default.createFile(atPath: dir + "/only.json", contents: Data(only.utf8))
        let absent = DataFolder(path: dir + "/no-such-folder")
        let sources = try MapSources(style: Style(file: dir + "/only.json"), folder: absent)
        #expect(sources.missing.isEmpty && sources.sources["omt"]?.tilesets.count == 1)
        #expect(throws: TileError.noDataFolder(path: absent.path)) {
            try MapSources(style: Style(file: dir + "/style.json"), folder: absent)
        }
    }

    @Test("a broken TileJSON file is an error naming it, not a map drawn without the source")
    func brokenFile() throws {
        let dir = try Self.folder(tms: false)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/helsinki.json", contents: Data(#"{"tiles": "x"}"#.utf8))
        #expect {
            _ = try MapSources(style: Style(file: dir + "/style.json"), folder: DataFolder(path: TestData.directory))
        } throws: { error in
            (error as? TileError)
                == .badTileJSON(path: dir + "/helsinki.json", reason: "tiles must be a list of 1 to 16 URL templates")
        }
    }
}
