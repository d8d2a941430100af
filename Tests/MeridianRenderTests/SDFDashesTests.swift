import MeridianGeometry
@testable import MeridianRender
import Testing

/// Dashed lines as MapLibre's `line_sdf` shader draws them: the distance along the tile's piece
/// in tile units, read at the tile's pixels per unit at the whole zoom below, through the line
/// atlas.
struct SDFDashesTests {
    /// A horizontal line 100 points long at y 10 from x 0, on a zoom-0 tile (8192 units across
    /// 512 points: 16 units a point).
    static func add(
        _ dashes: inout SDFDashes, lengths: [Double], width: Double = 2, tileZoom: Int = 0, zoom: Double = 0,
        cap: StrokeStyle.Cap = .butt
    ) {
        let screen = [ScreenPoint(x: 0, y: 10), ScreenPoint(x: 100, y: 10)]
        // The ground under the 100 points at `zoom`.
        let scale = 512 * Double.exp2(zoom)
        let world = [MercatorPoint(x: 0.25, y: 0.25), MercatorPoint(x: 0.25 + 100 / scale, y: 0.25)]
        dashes.add(
            screen: screen[...], world: world[...], tileZoom: tileZoom, zoom: zoom, lengths: lengths, width: width,
            floorWidth: width, blur: 0, color: RGBA(0, 0, 0, 1), cap: cap, clip: nil)
    }

    static func row(_ dashes: SDFDashes) throws -> [UInt32] {
        let canvas = try Canvas(size: ScreenSize(width: 128, height: 20), scale: 1)
        var copy = dashes
        copy.flush(on: canvas)
        guard case let .gradientLine(line)? = canvas.ops.last else { return [] }
        var pixels = [UInt32](repeating: 0, count: 128 * 20)
        _ = pixels.withUnsafeMutableBufferPointer { buffer in
            line.draw(
                into: PixelRows(pixels: buffer.baseAddress!, width: 128, height: 20, stride: 128, left: 0, top: 0),
                scale: 1)
        }
        return Array(pixels[(9 * 128)..<(10 * 128)])
    }

    @Test("[2, 2] in widths of 4: dashes of 8 points from 0, 16, 32…, gaps between, edges a pixel soft")
    func regular() throws {
        var dashes = SDFDashes(roundAtlas: false)
        Self.add(&dashes, lengths: [2, 2], width: 4)
        let row = try Self.row(dashes)
        for period in 0..<6 {
            let x = period * 16
            #expect(row[x + 4] >> 24 == 255, "dash \(period)")
            #expect(row[x + 12] >> 24 == 0, "gap \(period)")
            // Pixel 7's centre is half a pixel inside the dash's end: the smoothstep's upper half.
            #expect(row[x + 7] >> 24 > 128 && row[x + 7] >> 24 < 255, "edge \(period): \(row[x + 7] >> 24)")
        }
    }

    @Test("round caps lay each dash's ends round, half a width beyond it, as MapLibre's round atlas does")
    func roundCaps() throws {
        // [1, 3] in widths of 4: dashes 0…4, 16…20; round ends reach to 6 and back to 14.
        var butt = SDFDashes(roundAtlas: false)
        Self.add(&butt, lengths: [1, 3], width: 4)
        var round = SDFDashes(roundAtlas: true)
        Self.add(&round, lengths: [1, 3], width: 4, cap: .round)
        let (b, r) = (try Self.row(butt), try Self.row(round))
        #expect(b[17] >> 24 == 255 && r[17] >> 24 == 255)
        #expect(b[21] >> 24 == 0, "\(b[21] >> 24)")
        #expect(r[21] >> 24 > 128, "\(r[21] >> 24)")
        #expect(r[24] >> 24 == 0 && r[10] >> 24 == 0)
    }

    @Test("the pattern's size on the screen follows the zoom, not the tile's: an overscaled tile's dashes are as long")
    func overscaled() throws {
        var deep = SDFDashes(roundAtlas: false)
        Self.add(&deep, lengths: [2, 1], tileZoom: 17, zoom: 17)
        var over = SDFDashes(roundAtlas: false)
        Self.add(&over, lengths: [2, 1], tileZoom: 14, zoom: 17)
        #expect(try Self.row(deep) == (try Self.row(over)))
        // Between whole zooms the pattern grows with the map: at 17.5 a period of 6 points at 17
        // is 8.5 on the screen, drawn over the same 100 points of ground.
        var between = SDFDashes(roundAtlas: false)
        Self.add(&between, lengths: [2, 1], tileZoom: 17, zoom: 17.5)
        let row = try Self.row(between)
        #expect(row[2] >> 24 == 255 && row[10] >> 24 == 255 && row[7] >> 24 == 0, "\(row[0..<12].map { $0 >> 24 })")
    }

    @Test("a part of one point, a zero width, mismatched lengths: nothing gathered, nothing trapped")
    func hostile() {
        var dashes = SDFDashes(roundAtlas: true)
        dashes.add(
            screen: [ScreenPoint(x: 0, y: 0)][...], world: [MercatorPoint(x: 0, y: 0)][...], tileZoom: 40, zoom: .nan,
            lengths: [.nan], width: 2, floorWidth: 2, blur: 0, color: RGBA(0, 0, 0, 1), cap: .round, clip: nil)
        dashes.add(
            screen: [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 1, y: 1)][...], world: [MercatorPoint(x: 0, y: 0)][...],
            tileZoom: 0, zoom: 0, lengths: [1], width: 2, floorWidth: 2, blur: 0, color: RGBA(0, 0, 0, 1),
            cap: .round, clip: nil)
        #expect(dashes.isEmpty)
    }
}
