import Foundation
@testable import MeridianRender
import MeridianStyle
import Testing

/// A sprite's index and image as hostile input: each bad file is refused whole with an error
/// naming it and what is wrong; nothing traps, and no claimed size is allocated.
@Suite struct SpriteSheetTests {
    /// A 4 × 4 transparent PNG.
    static let png: [UInt8] = {
        let words = [UInt32](repeating: 0, count: 16)
        return try! words.withUnsafeBytes {
            try PNGEncoder.encode(base: $0.bindMemory(to: UInt8.self).baseAddress!, width: 4, height: 4, stride: 16)
        }
    }()

    static func problem(_ json: String, png: [UInt8] = png) -> String? {
        do {
            _ = try SpriteSheet(json: Data(json.utf8), png: png, name: "s")
            return nil
        } catch { return "\(error)" }
    }

    @Test("a good index reads; pixelRatio defaults to 1 and sdf to false")
    func good() throws {
        let sheet = try SpriteSheet(
            json: Data(
                #"{"a": {"x": 0, "y": 0, "width": 4, "height": 2}, "b": {"x": 1, "y": 2, "width": 3, "height": 2, "pixelRatio": 2, "sdf": true}}"#
                    .utf8),
            png: Self.png, name: "s")
        #expect(sheet.entries["a"] == SpriteSheet.Entry(x: 0, y: 0, width: 4, height: 2, pixelRatio: 1, sdf: false))
        #expect(sheet.entries["b"]?.sdf == true && sheet.entries["b"]?.pixelRatio == 2)
    }

    @Test("bad indexes: not an object, a rectangle outside the image, fractions, negatives, bad ratios")
    func badIndexes() {
        let cases: [(String, String)] = [
            ("[1, 2]", "is not a JSON object"),
            (#"{"a": 3}"#, #"image "a" is not an object"#),
            (#"{"a": {"x": 2, "y": 0, "width": 4, "height": 2}}"#, "is not inside the 4 × 4 image"),
            (#"{"a": {"x": 0, "y": 0, "width": 0, "height": 2}}"#, "is not inside"),
            (#"{"a": {"x": 0.5, "y": 0, "width": 2, "height": 2}}"#, "x must be a whole number"),
            (#"{"a": {"x": -1, "y": 0, "width": 2, "height": 2}}"#, "x must be a whole number"),
            (#"{"a": {"x": 0, "y": 0, "width": 1e300, "height": 2}}"#, "width must be a whole number"),
            (#"{"a": {"y": 0, "width": 2, "height": 2}}"#, "x must be a whole number"),
            (#"{"a": {"x": 0, "y": 0, "width": 2, "height": 2, "pixelRatio": 0}}"#, "pixelRatio must be in (0, 8]"),
            (#"{"a": {"x": 0, "y": 0, "width": 2, "height": 2, "pixelRatio": "2"}}"#, "pixelRatio must be in"),
            ("{", "is not a JSON object"),
        ]
        for (json, want) in cases {
            let got = Self.problem(json)
            #expect(got?.contains(want) == true && got?.contains("sprite s") == true, "\(json): \(got ?? "read")")
        }
    }

    @Test("bad images: not a PNG, truncated, or claiming more pixels than are decoded (refused before decoding)")
    func badImages() {
        #expect(Self.problem("{}", png: Array("not a png".utf8))?.contains("is not a readable PNG") == true)
        #expect(Self.problem("{}", png: Array(Self.png.prefix(40)))?.contains("is not a readable PNG") == true)
        // The header says 100 000 × 100 000 (width and height at bytes 16–23).
        var huge = Self.png
        for (i, b) in [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0].enumerated() { huge[16 + i] = UInt8(b) }
        #expect(Self.problem("{}", png: huge)?.contains("claims 100000 × 100000 pixels") == true)
    }

    @Test("the style's sprite: a string, the array form, and bad forms as warnings naming sprite")
    func styleSprites() throws {
        func style(_ sprite: String) throws -> Style {
            try Style(json: Data(#"{"version": 8, "sprite": \#(sprite), "sources": {}, "layers": []}"#.utf8))
        }
        #expect(try style(#""x/sprite""#).sprites == [Style.Sprite(id: "default", url: "x/sprite")])
        let two = try style(#"[{"id": "default", "url": "a"}, {"id": "roads", "url": "b"}]"#).sprites
        #expect(two.map(\.prefix) == ["", "roads:"])
        for bad in [#"3"#, #""""#, #"[{"id": "a"}]"#, #"[{"id": "a", "url": "x"}, {"id": "a", "url": "y"}]"#] {
            let s = try style(bad)
            #expect(s.sprites.isEmpty && s.warnings.map(\.property) == ["sprite"], "\(bad): \(s.warnings)")
        }
    }

    @Test("a sprite that cannot be used is one warning of the sources, and draws no icons")
    func unusable() throws {
        let folder = NSTemporaryDirectory() + "meridian-sprite-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(#"{"a": {"x": 9, "y": 0, "width": 2, "height": 2}}"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/bad.json"))
        try Data(Self.png).write(to: URL(fileURLWithPath: folder + "/bad.png"))
        let style = try Style(
            json: Data(
                #"{"version": 8, "sprite": [{"id": "default", "url": "\#(folder)/bad"}, {"id": "web", "url": "https://example.org/s"}, {"id": "gone", "url": "\#(folder)/none"}], "sources": {}, "layers": []}"#
                    .utf8))
        let images = StyleImages(style: style)
        #expect(images.isEmpty && images.warnings.count == 3, "\(images.warnings)")
        #expect(images.warnings[0].contains("is not inside") && images.warnings[1].contains("is on HTTP"))
        #expect(images.warnings[2].contains("no file \(folder)/none.json"))
    }

    @Test("a sprite of @2x files alone (what MapLibre asks for at pixel ratio 2) draws its icons at either scale")
    func doubledOnly() throws {
        let folder = NSTemporaryDirectory() + "meridian-sprite-2x-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"a": {"x": 0, "y": 0, "width": 2, "height": 2, "pixelRatio": 2}}"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/s@2x.json"))
        try Data(Self.png).write(to: URL(fileURLWithPath: folder + "/s@2x.png"))
        let style = try Style(
            json: Data(#"{"version": 8, "sprite": "\#(folder)/s", "sources": {}, "layers": []}"#.utf8))
        let images = StyleImages(style: style)
        #expect(images.warnings.isEmpty, "\(images.warnings)")
        #expect(images.names == ["a"])
        #expect(images.image("a", scale: 2) != nil && images.image("a", scale: 1) != nil)
    }
}
