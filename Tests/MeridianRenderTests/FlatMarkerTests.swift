import MeridianCamera
import MeridianGeometry
import MeridianOverlays
@testable import MeridianRender
import MeridianTestSupport
import Testing

@Suite struct FlatMarkerTests {
    /// The marker's colour as the image stores it (0xRRGGBB), within 2 levels per channel.
    static func isIconRed(_ argb: UInt32) -> Bool {
        let r = Int(argb >> 16 & 0xFF)
        let g = Int(argb >> 8 & 0xFF)
        let b = Int(argb & 0xFF)
        return abs(r - 235) <= 2 && abs(g - 66) <= 2 && abs(b - 54) <= 2
    }

    @Test("a flat, rotated marker is drawn lying on the tilted ground, and every pixel drawn in its colour is a hit")
    func drawnWhereHit() throws {
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16, bearing: 30, tilt: 55),
            size: ScreenSize(width: 512, height: 384))
        var marker = Marker(position: Coordinate(latitude: 60.1699, longitude: 24.9384))
        marker.flat = true
        marker.rotation = 150  // 120° clockwise of screen-up at bearing 30: away from where it would stand
        marker.iconSize = ScreenSize(width: 40, height: 64)
        let image = try #require(decodePNG(try MapRenderer().png(view, tiles: nil, overlays: [.marker(marker)])))
        func pixel(_ p: ScreenPoint) -> UInt32 { image.pixels[Int(p.y) * image.width + Int(p.x)] }
        let shape = try #require(MarkerShape(marker, in: view))
        let tip = shape.outline.last!
        // Along the pin from the tip towards the head (before the dot): the icon's colour.
        for f in [0.2, 0.35, 0.5] {
            let p = ScreenPoint(x: tip.x + (shape.head.x - tip.x) * f, y: tip.y + (shape.head.y - tip.y) * f)
            #expect(Self.isIconRed(pixel(p)), "pin at \(f) of the way to the head: \(String(pixel(p), radix: 16))")
        }
        // Where the same marker would stand upright, nothing is drawn.
        var upright = marker
        upright.flat = false
        let standing = try #require(MarkerShape(upright, in: view))
        #expect(!shape.contains(standing.head) && !Self.isIconRed(pixel(standing.head)))
        // Every pixel in the icon's colour is a hit for a tap at its centre.
        var red = 0
        for y in 0..<image.height {
            for x in 0..<image.width where Self.isIconRed(image.pixels[y * image.width + x]) {
                red += 1
                #expect(
                    OverlayHitTest.hits(.marker(marker), ScreenPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), view),
                    "(\(x), \(y)) drawn but not hit")
            }
        }
        #expect(red > 200, "the pin covers \(red) pixels")
    }
}
