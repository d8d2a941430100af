import Foundation
import MeridianCamera
import MeridianTiles

/// Where a symbol comes in the data, which decides between symbols of equal priority as MapLibre
/// decides: tiles of a finer zoom first, then tiles from the top of the view down (their columns
/// and rows turned by the bearing) and left to right, then the feature's index in its tile, then
/// the anchor's along its line.
struct SourceOrder: Comparable {
    var zoom = 0, row = 0.0, column = 0.0, feature = 0, anchor = 0

    init() {}

    /// The order of feature `index` of `tile` (anchor `anchor` along it) seen at `bearing` degrees.
    init(tile: TileID, feature index: Int, anchor: Int = 0, bearing: Double) {
        let b = bearing * .pi / 180
        let (x, y) = (Double(tile.x), Double(tile.y))
        (zoom, feature, self.anchor) = (tile.z, index, anchor)
        column = x * cos(b) + y * sin(b)
        row = y * cos(b) - x * sin(b)
    }

    static func < (a: SourceOrder, b: SourceOrder) -> Bool {
        (-a.zoom, a.row, a.column, a.feature, a.anchor) < (-b.zoom, b.row, b.column, b.feature, b.anchor)
    }
}
