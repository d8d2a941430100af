import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

extension ServedData {
    /// The whole world: where a viewer starts without data.
    public static let world = try! CameraPosition(target: Coordinate(latitude: 20, longitude: 0), zoom: 2)

    /// Whether `a` is a more detailed tileset than `b`: a higher last zoom, then smaller bounds.
    static func moreDetailed(_ a: TilesetInfo, than b: TilesetInfo?) -> Bool {
        guard let b else { return true }
        let (za, zb) = (a.zoomRange?.upperBound ?? 0, b.zoomRange?.upperBound ?? 0)
        if za != zb { return za > zb }
        func area(_ i: TilesetInfo) -> Double {
            i.bounds.map { abs(($0.east - $0.west) * ($0.north - $0.south)) } ?? 360 * 180
        }
        return area(a) < area(b)
    }

    /// A style's own camera as the viewer's first view (its zoom is MapLibre's: one less); nil
    /// when it is not a valid camera.
    static func home(_ view: Style.Camera) -> CameraPosition? {
        try? CameraPosition(
            target: Coordinate(latitude: view.latitude, longitude: view.longitude), zoom: view.cameraZoom,
            bearing: view.bearing, tilt: view.pitch)
    }

    /// A tileset's declared centre, else its bounds fitted to 800 × 600 points, at zoom 2–15;
    /// ``world`` without either.
    static func home(_ info: TilesetInfo?) -> CameraPosition {
        if let c = info?.center,
            let home = try? CameraPosition(
                target: Coordinate(latitude: c.latitude, longitude: c.longitude), zoom: min(15, max(2, c.zoom)))
        {
            return home
        }
        guard let b = info?.bounds,
            let fitted = try? CameraFit.camera(
                fitting: CoordinateBounds(
                    southWest: Coordinate(latitude: b.south, longitude: b.west),
                    northEast: Coordinate(latitude: b.north, longitude: b.east)),
                size: ScreenSize(width: 800, height: 600)),
            let home = try? CameraPosition(target: fitted.target, zoom: min(15, max(2, fitted.zoom.rounded(.down))))
        else { return world }
        return home
    }
}
