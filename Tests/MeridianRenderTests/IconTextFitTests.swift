import Foundation
@testable import MeridianRender
import Testing

/// `icon-text-fit` as MapLibre lays it out (its `fitIconToText`, `applyTextFit` and
/// `getIconQuads`), checked against values worked by hand from those rules; points to 1e-9.
@Suite struct IconTextFitTests {
    static func entry(_ json: String, width: Int = 40, height: Int = 40) throws -> SpriteSheet.Entry {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let stretch = try SpriteStretch(object, width: width, height: height)
        return SpriteSheet.Entry(
            x: 0, y: 0, width: width, height: height, pixelRatio: (object["pixelRatio"] as? Double) ?? 1, sdf: false,
            stretch: stretch)
    }

    static func near(_ a: IconTextFit.Box, _ b: [Double]) -> Bool {
        zip([a.left, a.top, a.right, a.bottom], b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test("the fitted axis takes the text and the padding; the other keeps the icon's size, centred")
    func box() throws {
        let text = IconTextFit.Box(left: -30, top: -10, right: 30, bottom: 14)
        var fit = IconFit(mode: .height, padding: (top: 5, right: 10, bottom: 5, left: 10))
        let tall = try #require(
            IconTextFit.box(text: text, fit: fit, offset: (0, 0), size: (20, 8), stretch: nil))
        #expect(Self.near(tall, [-10, -15, 10, 19]), "\(tall)")
        fit.mode = .width
        let wide = try #require(
            IconTextFit.box(text: text, fit: fit, offset: (4, 8), size: (20, 8), stretch: nil))
        #expect(Self.near(wide, [-36, 6, 44, 14]), "\(wide)")
        fit.mode = .none
        #expect(IconTextFit.box(text: text, fit: fit, offset: (0, 0), size: (20, 8), stretch: nil) == nil)
    }

    @Test("a proportional text fit widens the box about the anchor to the content's aspect")
    func proportional() throws {
        let stretch = try #require(
            try SpriteStretch(
                ["content": [10, 10, 30, 30], "textFitWidth": "proportional", "textFitHeight": "proportional"],
                width: 40, height: 40))
        let text = IconTextFit.Box(left: -5, top: -10, right: 5, bottom: 10)
        let fit = IconFit(mode: .both, padding: (0, 0, 0, 0))
        let box = try #require(IconTextFit.box(text: text, fit: fit, offset: (0, 0), size: (20, 20), stretch: stretch))
        // 10 × 20 becomes 20 × 20 (the content is square); the left edge scales about the anchor.
        #expect(Self.near(box, [-10, -10, 10, 10]), "\(box)")
    }

    @Test("a nine-part image: corners keep their pixels, the middle takes the rest, a transparent border outside")
    func ninePart() throws {
        let e = try Self.entry(#"{"stretchX": [[10, 30]], "stretchY": [[10, 30]]}"#)
        let quads = IconTextFit.quads(e, box: IconTextFit.Box(left: 0, top: 0, right: 100, bottom: 60))
        #expect(quads.count == 9)
        let corner = try #require(quads.first)
        #expect(Self.near(corner.source, [-1, -1, 10, 10]) && Self.near(corner.target, [-1, -1, 10, 10]))
        let middle = quads[4]
        #expect(Self.near(middle.source, [10, 10, 30, 30]) && Self.near(middle.target, [10, 10, 90, 50]))
        let last = try #require(quads.last)
        #expect(Self.near(last.source, [30, 30, 41, 41]) && Self.near(last.target, [90, 50, 101, 61]))
    }

    @Test("with content, the content lands on the box and the fixed rim lies outside it, over the pixel ratio")
    func content() throws {
        let e = try Self.entry(
            #"{"pixelRatio": 2, "stretchX": [[10, 30]], "stretchY": [[10, 30]], "content": [10, 10, 30, 30]}"#)
        let quads = IconTextFit.quads(e, box: IconTextFit.Box(left: -25, top: -10, right: 25, bottom: 10))
        #expect(Self.near(quads[4].target, [-25, -10, 25, 10]), "\(quads[4].target)")
        #expect(Self.near(quads[0].target, [-30.5, -15.5, -25, -10]), "\(quads[0].target)")
    }

    @Test("an image without zones is one piece, its one-pixel border stretched with it")
    func whole() throws {
        let e = try Self.entry("{}", width: 18, height: 10)
        let quads = IconTextFit.quads(e, box: IconTextFit.Box(left: 0, top: 0, right: 36, bottom: 20))
        #expect(quads.count == 1)
        #expect(Self.near(quads[0].source, [-1, -1, 19, 11]) && Self.near(quads[0].target, [-2, -2, 38, 22]))
    }

    @Test("fixed parts wider than the box scale the whole up about the anchor (MapLibre's minimum font scale)")
    func underscale() throws {
        let e = try Self.entry(#"{"stretchX": [[20, 40]]}"#, width: 60, height: 10)
        // 40 fixed pixels into a 20-point box: em offsets scale by 2.
        let quads = IconTextFit.quads(e, box: IconTextFit.Box(left: -10, top: -5, right: 10, bottom: 5))
        let xs = quads.map(\.target.left).sorted()
        #expect(abs(xs.first! - (-21)) < 1e-9, "\(xs)")
    }

    @Test("the sprite's stretch fields are read; bad ones refuse the sheet naming the field")
    func parsing() {
        let cases: [(String, String?)] = [
            (#"{"stretchX": [[10, 30]], "content": [1, 1, 3, 3], "textFitWidth": "stretchOnly"}"#, nil),
            (#"{"stretchX": [[30, 10]]}"#, "stretchX"),
            (#"{"stretchX": [[10, 50]]}"#, "stretchX"),
            (#"{"stretchY": [[0, 10], [5, 20]]}"#, "stretchY"),
            (#"{"stretchY": [10, 20]}"#, "stretchY"),
            (#"{"content": [0, 0, 50, 10]}"#, "content"),
            (#"{"content": [5, 0, 5, 10]}"#, "content"),
            (#"{"textFitHeight": "shrink"}"#, "textFitHeight"),
        ]
        for (json, field) in cases {
            let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
            do {
                _ = try SpriteStretch(object, width: 40, height: 40)
                #expect(field == nil, "\(json) read")
            } catch {
                #expect(error.field == field, "\(json): \(error.field)")
            }
        }
        let json = #"{"a": {"x": 0, "y": 0, "width": 4, "height": 4, "stretchX": [[3, 9]]}}"#
        let got = SpriteSheetTests.problem(json)
        #expect(got?.contains("stretchX") == true && got?.contains(#"image "a""#) == true, "\(got ?? "read")")
    }
}
