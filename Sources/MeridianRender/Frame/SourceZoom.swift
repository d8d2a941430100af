import MeridianCamera
import MeridianStyle
import MeridianTiles
import RealModule

/// Which zoom of a tileset a view reads, as MapLibre chooses (its `coveringZoomLevel`).
///
/// A source's tiles are `points` on a side at their own zoom (MapLibre's `tileSize`, in its
/// pixels, which are Meridian's points): a camera at Meridian's zoom Z (256-point tiles) wants
/// the tiles of zoom Z − log₂(points / 256), so at style zoom 14 a vector source of the default
/// 512 reads its z14 tiles, as MapLibre does, and a raster source of 256-pixel tiles its z15.
/// Vector and GeoJSON sources take the floor of that zoom, raster and raster-dem sources the
/// nearest whole zoom (MapLibre's `roundZoom`); never below 0.
struct SourceZoom: Equatable {
    /// Points on a side of the source's tiles at their own zoom (32 to 8 192).
    let points: Double
    /// Whether the zoom is rounded to the nearest (raster) rather than down (vector).
    let rounds: Bool

    /// The size and rounding of `tileset` as a source of kind `described` reads it: the style's
    /// `tileSize`; else a raster tileset's declared size (`TilesetInfo.tileSize`); else 256 for
    /// contour lines (``ContourTileset``: made from elevation tiles of 256 pixels, their
    /// intervals chosen for it); else 512, the specification's default (a GeoJSON source's
    /// tiles are always 512).
    init(_ described: Style.Source, tileset: any Tileset) {
        switch described.kind {
        case .raster, .rasterDEM:
            points = described.tileSize ?? tileset.info.tileSize.map(Double.init) ?? 512
            rounds = true
        case .geojson, .image:
            (points, rounds) = (512, false)
        case .vector:
            points = described.tileSize ?? (tileset is ContourTileset ? 256 : 512)
            rounds = false
        }
    }

    init(points: Double, rounds: Bool) { (self.points, self.rounds) = (points, rounds) }

    /// A vector source's rule when the style gives no size: 512-point tiles, zoom floored.
    static let vector = SourceZoom(points: 512, rounds: false)

    /// The zoom a camera at Meridian's `cameraZoom` wants of the source (before its tileset's
    /// range): at least 0.
    func wanted(_ cameraZoom: Double) -> Int {
        let z = cameraZoom - Double.log2(points / 256)
        guard z.isFinite, z > 0 else { return 0 }
        return Int(min(rounds ? z.rounded() : z.rounded(.down), 64))
    }

    /// The zoom to read of a tileset holding `range`: ``wanted(_:)`` capped at its last zoom (a
    /// deeper view magnifies those tiles); nil below its first (it draws nothing there, as in MapLibre).
    func zoom(_ cameraZoom: Double, range: ClosedRange<Int>) -> Int? {
        let z = wanted(cameraZoom)
        return z < range.lowerBound ? nil : min(z, range.upperBound)
    }
}
