import Foundation
import MeridianTestSupport
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTiles
import Testing

/// Numbers a style may legally hold but drawing cannot use as they are: the renderer clamps
/// what it multiplies (radii, widths, dash lengths, text sizes), so a frame still comes out.
@Suite struct HostileStyleTests {
    @Test(
        "circle-radius and line-width of 1e308, 1e-308 dashes and a 1e308 text size draw a frame (clamped), not a hang",
        arguments: [
            (#""circle-radius": 1e308"#, true), (#""circle-radius": -1e308"#, false),
            (#""circle-radius": 5e-324"#, false),
        ])
    func clamped(radius: String, covers: Bool) throws {
        let document = #"""
            { "version": 8, "sources": { "grid": { "type": "vector", "url": "mbtiles://fixture.mbtiles", "tileSize": 256 } }, "layers": [
              { "id": "bg", "type": "background", "paint": { "background-color": "#203040" } },
              { "id": "roads", "type": "line", "source": "grid", "source-layer": "roads",
                "paint": { "line-color": "#FFFFFF", "line-width": 1e308, "line-dasharray": [\#((0..<40).map { $0 % 2 == 0 ? "1e-308" : "1e308" }.joined(separator: ","))] } },
              { "id": "dots", "type": "circle", "source": "grid", "source-layer": "places", "paint": { \#(radius), "circle-color": "#C0392B" } },
              { "id": "names", "type": "symbol", "source": "grid", "source-layer": "places",
                "layout": { "text-field": ["get", "name"], "text-size": 1e308 }, "paint": { "text-color": "#111111" } }
            ] }
            """#
        let style = try Style(json: Data(document.utf8))
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 10, longitude: 20), zoom: 2.5, bearing: 20, tilt: 30),
            size: ScreenSize(width: 256, height: 192))
        let sources = try MapSources(style: style, folder: DataFolder(path: GoldenFixture.folder))
        let frame = try MapRenderer(style: style).render(view, sources: sources)
        let image = try #require(decodePNG(frame.png))
        #expect(image.width == 256 && image.height == 192)
        // A radius of 1e308 is clamped to 1,024 points: the circles cover the view; a negative or
        // subnormal one draws nothing, and the background shows.
        let red = image.pixels.filter { $0 & 0xFFFFFF == 0xC0392B }.count
        #expect(covers ? red > image.pixels.count / 2 : red < image.pixels.count / 20, "\(red) red pixels")
    }
}

/// A drawing stops at its deadline instead of running to the end.
@Suite struct RenderDeadlineTests {
    @Test("a passed deadline abandons the drawing with a typed error naming where; a far one changes no byte")
    func deadline() throws {
        let style = try Style(
            json: Data(
                #"""
                { "version": 8, "sources": { "grid": { "type": "vector", "url": "mbtiles://fixture.mbtiles", "tileSize": 256 } }, "layers": [
                  { "id": "bg", "type": "background", "paint": { "background-color": "#203040" } },
                  { "id": "squares", "type": "fill", "source": "grid", "source-layer": "squares", "paint": { "fill-color": "#E0A030" } } ] }
                """#.utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 10, longitude: 20), zoom: 2.5),
            size: ScreenSize(width: 256, height: 192))
        let sources = try MapSources(style: style, folder: DataFolder(path: GoldenFixture.folder))
        var renderer = MapRenderer(style: style)
        let free = try renderer.render(view, sources: sources).png
        renderer.deadline = .after(seconds: 3600)
        #expect(try renderer.render(view, sources: sources).png == free)
        renderer.deadline = .after(seconds: -1)
        let error = #expect(throws: RenderError.self) { try renderer.render(view, sources: sources) }
        guard case let .deadlinePassed(stage)? = error else {
            Issue.record("expected deadlinePassed, got \(String(describing: error))")
            return
        }
        #expect(stage.hasPrefix("reading source"), "stopped at \(stage)")
    }
}
