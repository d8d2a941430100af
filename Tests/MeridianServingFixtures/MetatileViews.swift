import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianServing
import MeridianTestSupport
import Testing

/// Views where metatiles meet, drawn as static maps, and their pixels compared label by label:
/// shared by the metatile tests and the clients' tests (Leaflet's tiles against the static map).
public enum MetatileViews {
    /// The metatile corner nearest `place` (default the Senate Square) at `z`, in tiles.
    public static func corner(
        z: Int, near place: Coordinate = Coordinate(latitude: 60.1694, longitude: 24.9522)
    ) -> (x: Int, y: Int) {
        let centre = WebMercator.project(place)
        let n = Double(1 << z)
        let side = Double(MapDrawer.metatile)
        return (
            Int((centre.x * n / side).rounded()) * MapDrawer.metatile,
            Int((centre.y * n / side).rounded()) * MapDrawer.metatile
        )
    }

    /// The static map centred on a tile corner: its PNG's pixels and the labels it drew.
    public static func staticMap(
        _ drawer: MapDrawer, z: Int, corner: (x: Int, y: Int), width: Int, height: Int,
        credit: Bool
    ) throws -> (pixels: [UInt32], labels: [PlacedLabel]) {
        let n = Double(1 << z)
        let target = WebMercator.unproject(MercatorPoint(x: Double(corner.x) / n, y: Double(corner.y) / n))
        let viewport = try Viewport(
            camera: try CameraPosition(target: target, zoom: Double(z)),
            size: ScreenSize(width: Double(width), height: Double(height)))
        let frame = try drawer.drawing(.normal, credit: credit, deadline: .never) { renderer, sources, cache in
            try renderer.render(viewport, sources: sources, scale: 1, cache: cache)
        }
        return (try #require(decodePNG(frame.png)).pixels, frame.labels)
    }

    /// Pixels of a label's box (within the image) where two images differ by more than 2 in a channel.
    public static func differing(
        _ a: [UInt32], _ b: [UInt32], width: Int, height: Int,
        in box: LabelBox? = nil
    ) -> Int {
        let (x0, y0) = (max(0, Int(box?.left ?? 0)), max(0, Int(box?.top ?? 0)))
        let (x1, y1) = (
            min(width, Int((box?.right ?? Double(width)).rounded(.up))),
            min(height, Int((box?.bottom ?? Double(height)).rounded(.up)))
        )
        var count = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let (p, q) = (a[y * width + x], b[y * width + x])
                if [16, 8, 0].contains(where: { abs(Int(p >> $0 & 0xFF) - Int(q >> $0 & 0xFF)) > 2 }) { count += 1 }
            }
        }
        return count
    }
}
