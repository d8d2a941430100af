import CCairo
import Foundation
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles

/// The generated data of the golden cases (see Tests/Golden/README.md): the same bytes on
/// every machine, written once per test process into a temporary folder.
enum GoldenFixture {
    static let folder: String = {
        let dir = temporaryPath("golden-fixture")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try! writeMBTiles(
            dir + "/fixture.mbtiles", metadata: ["format": "pbf", "minzoom": "2", "maxzoom": "2"], tiles: vectorTiles())
        try! writeMBTiles(
            dir + "/fixture-raster.mbtiles", metadata: ["format": "png", "minzoom": "1", "maxzoom": "1"],
            tiles: rasterTiles())
        return dir
    }()

    static func vectorTiles() -> [(z: Int, x: Int, y: Int, data: [UInt8])] {
        let e = 4096
        let inset = 410
        var out: [(z: Int, x: Int, y: Int, data: [UInt8])] = []
        for y in 0..<4 {
            for x in 0..<4 {
                func p(_ a: Int, _ b: Int) -> VectorTile.Point { VectorTile.Point(x: Int32(a), y: Int32(b)) }
                let square = VectorTile.Feature(
                    id: 1, type: .polygon, properties: ["parity": .int(Int64((x + y) % 2))],
                    geometry: [
                        [
                            p(inset, inset), p(inset, e - inset), p(e - inset, e - inset), p(e - inset, inset),
                            p(inset, inset),
                        ]
                    ])
                let road = VectorTile.Feature(
                    id: 2, type: .lineString, properties: [:], geometry: [[p(0, 0), p(e / 2, e / 3), p(e, e)]])
                let place = VectorTile.Feature(
                    id: 3, type: .point, properties: ["name": .string("2/\(x)/\(y)")], geometry: [[p(e / 2, e / 2)]])
                let tile = MVTWriter.tile([
                    VectorTile.Layer(name: "squares", extent: e, features: [square]),
                    VectorTile.Layer(name: "roads", extent: e, features: [road]),
                    VectorTile.Layer(name: "places", extent: e, features: [place]),
                ])
                out.append((2, x, y, gzip(tile)))
            }
        }
        return out
    }

    static func rasterTiles() -> [(z: Int, x: Int, y: Int, data: [UInt8])] {
        let colours = [(0.85, 0.35, 0.30), (0.30, 0.70, 0.40), (0.30, 0.45, 0.85), (0.80, 0.75, 0.35)]
        return (0..<4).map { i in
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 256, 256)!
            let cr = cairo_create(surface)!
            let c = colours[i]
            cairo_set_source_rgb(cr, c.0, c.1, c.2)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_set_line_width(cr, 2)
            for k in stride(from: 0.0, through: 256, by: 32) {
                cairo_move_to(cr, k, 0)
                cairo_line_to(cr, k, 256)
                cairo_move_to(cr, 0, k)
                cairo_line_to(cr, 256, k)
            }
            cairo_stroke(cr)
            cairo_arc(cr, 128, 128, 70, 0, 2 * .pi)
            cairo_set_line_width(cr, 10)
            cairo_stroke(cr)
            cairo_destroy(cr)
            return (1, i % 2, i / 2, pngBytes(surface))
        }
    }
}

/// Encodes a Cairo surface as PNG and destroys it (tests only).
func pngBytes(_ surface: OpaquePointer) -> [UInt8] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    cairo_surface_write_to_png_stream(
        surface,
        { ctx, d, n in
            Unmanaged<Sink>.fromOpaque(ctx!).takeUnretainedValue().bytes += UnsafeBufferPointer(start: d, count: Int(n))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    cairo_surface_destroy(surface)
    return sink.bytes
}
