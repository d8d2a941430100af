import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// Fills cut a few points beyond their tile's square (``PreparedLayer/clipped(_:extent:margin:)``),
/// as MapLibre's stencil keeps a tile's fills to its square.
/// A point of a tile, tile units.
private func p(_ x: Int32, _ y: Int32) -> VectorTile.Point { VectorTile.Point(x: x, y: y) }

struct FillMarginTests {
    /// A ring around the square in the buffer alone: -128 to 4 224 with a hole -16 to 4 112.
    static let frame = [
        [p(-128, -128), p(4224, -128), p(4224, 4224), p(-128, 4224), p(-128, -128)],
        [p(-16, -16), p(-16, 4112), p(4112, 4112), p(4112, -16), p(-16, -16)],
    ]

    @Test(
        "rings inside the widened square are kept as they are; a ring crossing it is cut on its edges; one beyond it is none"
    )
    func clipping() {
        let inside = [[p(0, 0), p(4096, 0), p(4096, 4096), p(0, 4096), p(0, 0)]]
        #expect(PreparedLayer.clipped(inside, extent: 4096, margin: 8) == inside)
        // Both of the frame's rings cut to -8…4 104 are that square: the hole takes all of it.
        let cut = PreparedLayer.clipped(Self.frame, extent: 4096, margin: 8)
        #expect(cut.count == 2)
        for ring in cut {
            let (xs, ys) = (ring.map(\.x), ring.map(\.y))
            #expect(xs.min() == -8 && xs.max() == 4104 && ys.min() == -8 && ys.max() == 4104, "\(ring)")
        }
        // A polygon in the buffer beyond the margin (the frame's left band alone) is none.
        let band = [[p(-128, 0), p(-16, 0), p(-16, 4096), p(-128, 4096), p(-128, 0)]]
        #expect(PreparedLayer.clipped(band, extent: 4096, margin: 8).isEmpty)
    }

    @Test("tiles whose polygon lies in their buffer alone draw nothing (the render suite's fill-outside-tile)")
    func outsideTile() throws {
        let tile = gzip(
            MVTWriter.tile([
                VectorTile.Layer(
                    name: "water", extent: 4096, features: [VectorTile.Feature(type: .polygon, geometry: Self.frame)])
            ]))
        var tiles: [(z: Int, x: Int, y: Int, data: [UInt8])] = []
        for x in 0..<4 { for y in 0..<4 { tiles.append((2, x, y, tile)) } }
        let path = temporaryPath("fill-margin.mbtiles")
        try writeMBTiles(path, metadata: ["format": "pbf", "minzoom": "2", "maxzoom": "2"], tiles: tiles)
        let style = try Style(
            json: Data(
                #"""
                { "version": 8, "sources": { "v": { "type": "vector", "url": "mbtiles://fill-margin.mbtiles" } },
                  "layers": [ { "id": "bg", "type": "background", "paint": { "background-color": "#ffffff" } },
                              { "id": "water", "type": "fill", "source": "v", "source-layer": "water",
                                "paint": { "fill-color": "#000000" } } ] }
                """#.utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 3.125),
            size: ScreenSize(width: 256, height: 256))
        let image = try #require(decodePNG(try renderer.render(view, sources: ["v": try MBTiles(path: path)]).png))
        // Every pixel white, to within antialiasing's last levels (none expected).
        let darkest = image.pixels.map { Int($0 & 0xFF) }.min() ?? 0
        #expect(darkest >= 250, "the darkest pixel is \(darkest)")
    }
}
