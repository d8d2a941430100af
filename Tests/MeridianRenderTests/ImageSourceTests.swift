import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `image` sources: a PNG pinned by its corners, drawn by a raster layer, flat and tilted.
struct ImageSourceTests {
    /// A folder with `halves.png` (64 × 32: red left half, blue right half) and the style.
    static func folder(opacity: Double = 1, url: String = "halves.png", resampling: String = "linear") throws -> String
    {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("image-source-\(UUID())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (w, h) = (64, 32)
        let words = (0..<(w * h)).map { i -> UInt32 in i % w < w / 2 ? 0xFFFF_0000 : 0xFF00_00FF }
        let png = try words.withUnsafeBytes { raw in
            try PNGEncoder.encode(
                base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width: w, height: h, stride: w * 4)
        }
        try Data(png).write(to: URL(fileURLWithPath: dir + "/halves.png"))
        let style = ##"""
            {"version": 8, "sources": {"pic": {"type": "image", "url": "\##(url)",
               "coordinates": [[-20, 10], [20, 10], [20, -10], [-20, -10]]}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "pic", "type": "raster", "source": "pic", "paint": {"raster-opacity": \##(opacity), "raster-resampling": "\##(resampling)"}}]}
            """##
        try Data(style.utf8).write(to: URL(fileURLWithPath: dir + "/style.json"))
        return dir
    }

    static func draw(
        _ dir: String, zoom: Double = 3, tilt: Double = 0, lng: Double = 0
    ) throws -> (DecodedImage, Viewport) {
        let style = try Style(file: dir + "/style.json")
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: lng), zoom: zoom, tilt: tilt),
            size: ScreenSize(width: 512, height: 512))
        let sources = try MapSources(style: style, folder: DataFolder(path: dir))
        #expect(sources.missing.isEmpty, "\(sources.missing)")
        let frame = try renderer.render(view, sources: sources)
        return (try #require(decodePNG(frame.png)), view)
    }

    static func pixel(_ image: DecodedImage, _ view: Viewport, lat: Double, lng: Double) throws -> UInt32 {
        let s = try #require(try view.point(for: Coordinate(latitude: lat, longitude: lng)))
        return image.pixels[Int(s.y) * image.width + Int(s.x)] & 0xFF_FFFF
    }

    @Test("a flat view wider than the world shows the image in each world copy, as MapLibre does")
    func worldCopies() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Zoom 0.5: the world 362 points wide, the 512-point view from 94.6° W to 414.6° E around
        // 160° E, so the image (20° W to 20° E) shows twice: in its own copy and 360° east.
        let (image, view) = try Self.draw(dir, zoom: 0.5, lng: 160)
        let world = view.worldSize
        for (lng, colour) in [(-10.0, UInt32(0xFF0000)), (10, 0x0000FF), (350, 0xFF0000), (370, 0x0000FF)] {
            let x = Int(256 + (lng - 160) / 360 * world)
            #expect(image.pixels[256 * image.width + x] & 0xFF_FFFF == colour, "at \(lng)°")
        }
        // Between the copies: the background.
        #expect(image.pixels[256 * image.width + Int(256 + (180 - 160) / 360 * world)] & 0xFF_FFFF == 0xFFFFFF)
    }

    @Test("the image lies between its corners: its left half west of the middle, its right half east, nothing outside")
    func flat() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (image, view) = try Self.draw(dir)
        #expect(try Self.pixel(image, view, lat: 5, lng: -10) == 0xFF0000)
        #expect(try Self.pixel(image, view, lat: -5, lng: 10) == 0x0000FF)
        #expect(try Self.pixel(image, view, lat: 0, lng: -25) == 0xFFFFFF)
        #expect(try Self.pixel(image, view, lat: 15, lng: 0) == 0xFFFFFF)
        // Half opaque over white.
        let faint = try Self.folder(opacity: 0.5)
        defer { try? FileManager.default.removeItem(atPath: faint) }
        let (half, _) = try Self.draw(faint)
        let p = try Self.pixel(half, view, lat: 5, lng: -10)
        #expect(p >> 16 == 0xFF && abs(Int(p >> 8 & 0xFF) - 128) <= 3, "\(String(p, radix: 16))")
    }

    @Test("tilted, the image still lies between its corners through the perspective")
    func tilted() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Zoom 17 allows 60°; the image (40° wide, 0.6° a pixel) fills the whole view: red at
        // 10° W from the bottom of the view to the top, blue at 10° E.
        for (lng, colour) in [(-10.0, UInt32(0xFF0000)), (10, 0x0000FF)] {
            let (image, view) = try Self.draw(dir, zoom: 17, tilt: 60, lng: lng)
            for lat in [-0.0005, 0.0, 0.001, 0.003] {
                #expect(try Self.pixel(image, view, lat: lat, lng: lng) == colour, "\(lng), \(lat)")
            }
        }
    }

    @Test("a missing image is named; a file that is not a PNG is an error naming it; bad corners are a warning")
    func bad() throws {
        let dir = try Self.folder(url: "nowhere.png")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let style = try Style(file: dir + "/style.json")
        let sources = try MapSources(style: style, folder: DataFolder(path: dir))
        #expect(sources.missing.count == 1 && sources.missing[0].hasPrefix("source pic:"), "\(sources.missing)")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/nowhere.png"))
        #expect(throws: TileError.self) { try MapSources(style: style, folder: DataFolder(path: dir)) }
        let json =
            #"{"version": 8, "sources": {"p": {"type": "image", "url": "x.png", "coordinates": [[0, 0], [1, 1]]}}, "layers": [{"id": "r", "type": "raster", "source": "p"}]}"#
        let broken = try Style(json: Data(json.utf8))
        #expect(broken.layers.isEmpty)
        #expect(broken.warnings.contains { $0.description.contains("sources.p.coordinates") }, "\(broken.warnings)")
    }

    @Test("a corner a hostile style puts 10³⁰⁰ degrees east traps nothing: the frame is drawn")
    func farCorner() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let style = try String(contentsOfFile: dir + "/style.json", encoding: .utf8)
            .replacingOccurrences(of: "[20, 10]", with: "[1e300, 10]")
        try Data(style.utf8).write(to: URL(fileURLWithPath: dir + "/style.json"))
        // Its world copies are worked out from a span past any Int: its own copy alone.
        let (image, _) = try Self.draw(dir, zoom: 0.5, lng: 160)
        #expect(image.width == 512 && image.height == 512)
        #expect(image.pixels.contains { $0 & 0xFF_FFFF == 0xFFFFFF }, "the background shows")
    }

    @Test("raster-resampling nearest keeps a magnified pixel whole; linear blends across its edge")
    func resampling() throws {
        // Zoom 5: an image pixel (0.625°) is 14 points; 0.15° west of the red–blue edge lies in
        // the half pixel over which linear sampling blends.
        for (mode, blended) in [("linear", true), ("nearest", false)] {
            let dir = try Self.folder(resampling: mode)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let (image, view) = try Self.draw(dir, zoom: 5)
            let p = try Self.pixel(image, view, lat: 5, lng: -0.15)
            #expect((p & 0xFF > 40) == blended, "\(mode): \(String(p, radix: 16))")
        }
    }

    @Test("the image's pixels fall on the screen's, as MapLibre aligns rasters: a camera 0.3 pixel east draws the same")
    func aligned() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Zoom 3: the world is 2048 points; 0.3 of a point is 0.3 / 2048 × 360°.
        // Pixels whose red, green or blue differ by more than 2 levels.
        func differing(_ a: DecodedImage, _ b: DecodedImage) -> Int {
            zip(a.pixels, b.pixels).filter { p, q in
                [0, 8, 16].contains { abs(Int(p >> $0 & 0xFF) - Int(q >> $0 & 0xFF)) > 2 }
            }.count
        }
        let (still, _) = try Self.draw(dir)
        let (moved, _) = try Self.draw(dir, lng: 0.3 / 2048 * 360)
        #expect(differing(still, moved) == 0)
        // 0.6 of a point moves it a whole pixel (the target's world pixel rounds the other way):
        // the image's edges and its red–blue edge move.
        let (half, _) = try Self.draw(dir, lng: 0.6 / 2048 * 360)
        #expect(differing(still, half) > 100)
    }
}
