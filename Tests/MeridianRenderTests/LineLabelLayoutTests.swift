import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Street names' layout kept between frames (``LineLabelLayout``): a frame drawn from a kept
/// layout is the frame drawn from a new one, for the same camera and for a moved one, and a
/// layer whose look changed never reads another's layout.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct LineLabelLayoutTests {
    static func view(_ lat: Double, _ lng: Double, bearing: Double = 0, tilt: Double = 0) throws -> Viewport {
        try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: lat, longitude: lng), zoom: 16.5, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 640, height: 480))
    }

    @Test(
        "frames drawn from kept layouts are byte-identical to frames drawn afresh, the camera moved, turned and tilted")
    func keptEqualsFresh() throws {
        let style = MapRenderer.streets
        let sources = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        let renderer = MapRenderer(style: style)
        let cache = RenderCache()
        let first = try renderer.render(try Self.view(60.1699, 24.9384), sources: sources, cache: cache)
        #expect(cache.lineLabels.count >= 1, "the street names' layer keeps its layout")
        let kept = cache.lineLabels.count
        // A metre or so away, then turned and tilted: the same tiles at the same zoom.
        for view in [
            try Self.view(60.1699, 24.9384), try Self.view(60.16991, 24.93842),
            try Self.view(60.16991, 24.93842, bearing: 35, tilt: 40),
        ] {
            let fromKept = try renderer.render(view, sources: sources, cache: cache)
            let fresh = try renderer.render(view, sources: sources)
            let same = fromKept.png == fresh.png
            #expect(same, "\(view.camera)")
            #expect(fromKept.labels.map(\.text) == fresh.labels.map(\.text))
        }
        #expect(first.labels.contains { $0.text == "Mannerheimintie" }, "\(first.labels.map(\.text))")
        #expect(cache.lineLabels.count <= kept + 2, "moving by a metre reuses the layout")
    }

    @Test("a layer whose values changed (another style, the same cache) makes its own layout")
    func changedLookMakesItsOwn() throws {
        let plain = MapRenderer.streets
        let larger = try Style(
            json: Data(
                DefaultStyles.streets.replacingOccurrences(
                    of: #""symbol-placement": "line", "text-field": "#,
                    with: #""text-transform": "uppercase", "symbol-placement": "line", "text-field": "#
                ).utf8))
        let sources = try MapSources(style: plain, folder: DataFolder(path: TestData.directory))
        let view = try Self.view(60.1699, 24.9384)
        let cache = RenderCache()
        let a = try MapRenderer(style: plain).render(view, sources: sources, cache: cache)
        let b = try MapRenderer(style: larger).render(view, sources: sources, cache: cache)
        let fresh = try MapRenderer(style: larger).render(view, sources: sources)
        #expect(b.labels.map(\.text) == fresh.labels.map(\.text))
        #expect(b.labels.contains { $0.text == "MANNERHEIMINTIE" }, "\(b.labels.map(\.text))")
        #expect(!a.labels.contains { $0.text == "MANNERHEIMINTIE" })
        let same = b.png == fresh.png
        #expect(same)
    }
}
