import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianText
import MeridianTiles
import Testing

/// One golden case as its case.json says (format in Tests/Golden/README.md).
struct GoldenCase: Decodable, CustomTestStringConvertible, Sendable {
    var name = ""
    let data: String
    let style: String?
    let mapType: String?
    let camera: [Double]
    let size: [Double]
    let scale: Double?
    let overlays: String?
    let channelTolerance: Int
    let maxMismatch: Double

    var testDescription: String { name }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = root.appendingPathComponent("Tests/Golden")

    /// Every case folder, by name.
    static func all() -> [GoldenCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard
                let data = FileManager.default.contents(
                    atPath: folder.appendingPathComponent("\(name)/case.json").path),
                var c = try? JSONDecoder().decode(GoldenCase.self, from: data)
            else { return nil }
            c.name = name
            return c
        }
    }

    enum CodingKeys: String, CodingKey {
        case data, style, mapType, camera, size, scale, overlays, channelTolerance, maxMismatch
    }

    /// Draws the case.
    func render() throws -> [UInt8] {
        let styleData: Data
        if let style {
            styleData = try Data(contentsOf: Self.folder.appendingPathComponent(style))
        } else {
            styleData = Data(try #require(MapType(named: mapType ?? "normal")).document.utf8)
        }
        // A style file is read as a file: its relative paths (a GeoJSON file, a sprite) resolve beside it.
        let document =
            try style.map { try Style(file: Self.folder.appendingPathComponent($0).path) } ?? Style(json: styleData)
        let dataFolder =
            data == "fixture"
            ? GoldenFixture.folder
            : data == "multiscript"
                ? try #require(MultiScriptTown.folder, "the generated town did not import") + "/data"
                : TestData.directory
        let sources = try MapSources(style: document, folder: DataFolder(path: dataFolder))
        let overlayList =
            try overlays.map {
                try OverlayGeoJSON.overlays(from: Data(contentsOf: Self.root.appendingPathComponent($0)))
            } ?? []
        let position = try CameraPosition(
            target: Coordinate(latitude: camera[0], longitude: camera[1]), zoom: camera[2], bearing: camera[3],
            tilt: camera[4])
        let view = try Viewport(camera: position, size: ScreenSize(width: size[0], height: size[1]))
        return try MapRenderer(style: document).render(view, sources: sources, overlays: overlayList, scale: scale ?? 1)
            .png
    }

    /// The share of pixels whose channels differ by more than the tolerance (1 when the sizes differ).
    func mismatch(_ a: [UInt8], _ b: [UInt8]) throws -> Double {
        let x = try #require(decodePNG(a))
        let y = try #require(decodePNG(b))
        guard x.width == y.width, x.height == y.height else { return 1 }
        var differing = 0
        for (p, q) in zip(x.pixels, y.pixels) {
            for shift in stride(from: 0, through: 24, by: 8)
            where abs(Int(p >> UInt32(shift) & 0xff) - Int(q >> UInt32(shift) & 0xff)) > channelTolerance {
                differing += 1
                break
            }
        }
        return Double(differing) / Double(x.pixels.count)
    }
}

@Suite struct GoldenTests {
    @Test("the golden cases draw as their reviewed images", arguments: GoldenCase.all())
    func golden(_ c: GoldenCase) throws {
        if c.data == "default"
            && !(TestData.available("openmaptiles/helsinki.mbtiles") && TestData.available("world.mbtiles"))
        {
            return  // TestData.available already failed the run when the data is required
        }
        if c.data == "multiscript" && !MultiScriptTown.available { return }  // without tilemaker or the Noto fonts
        let drawn = try c.render()
        let expectedURL = GoldenCase.folder.appendingPathComponent("\(c.name)/expected.png")
        if ProcessInfo.processInfo.environment["MERIDIAN_RECORD_GOLDEN"] == "1" {
            try Data(drawn).write(to: expectedURL)
        }
        let expected = try [UInt8](Data(contentsOf: expectedURL))
        let share = try c.mismatch(drawn, expected)
        if share > c.maxMismatch {
            let failures = GoldenCase.root.appendingPathComponent(".build/golden-failures")
            try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            try? Data(drawn).write(to: failures.appendingPathComponent("\(c.name).png"))
        }
        #expect(
            share <= c.maxMismatch,
            "\(c.name): \(share * 100)% of pixels differ (allowed \(c.maxMismatch * 100)%); drawn image in .build/golden-failures/"
        )
    }

    @Test("the comparison can fail: a case against another case's image differs far beyond its tolerance")
    func comparisonDiscriminates() throws {
        let cases = GoldenCase.all().filter { $0.data == "fixture" }
        try #require(cases.count >= 2)
        let a = try Data(contentsOf: GoldenCase.folder.appendingPathComponent("\(cases[0].name)/expected.png"))
        let b = try Data(contentsOf: GoldenCase.folder.appendingPathComponent("\(cases[1].name)/expected.png"))
        #expect(try cases[0].mismatch([UInt8](a), [UInt8](b)) > 0.1)
        #expect(try cases[0].mismatch([UInt8](a), [UInt8](a)) == 0)
    }
}
