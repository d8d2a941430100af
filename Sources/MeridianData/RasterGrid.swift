import Foundation

/// The Web Mercator (EPSG:3857) tile grid a raster import cuts an image into: XYZ tiles of 256
/// or 512 pixels (a block's `tileSize`), x east and y south from the world's north-west corner.
struct RasterGrid {
    /// Half the width of the Web Mercator square, metres.
    static let edge = 20037508.342789244
    /// The tile sizes an import makes, pixels on a side.
    static let tileSizes = [256, 512]
    /// The deepest zoom an import makes (a pixel of 3.7 cm at the equator).
    static let deepest = 22

    /// A rectangle in Web Mercator metres.
    struct Extent: Equatable {
        var minX, minY, maxX, maxY: Double
    }

    /// A block of tiles at one zoom: columns `xs`, rows `ys`.
    struct Block: Equatable {
        var zoom: Int
        var xs: ClosedRange<Int>
        var ys: ClosedRange<Int>
        /// Pixels on a tile's side.
        var tileSize = 256

        var count: Int { xs.count * ys.count }
        /// Its ground in Web Mercator metres.
        var extent: Extent {
            let side = 2 * RasterGrid.edge / Double(1 << zoom)
            return Extent(
                minX: -RasterGrid.edge + Double(xs.lowerBound) * side,
                minY: RasterGrid.edge - Double(ys.upperBound + 1) * side,
                maxX: -RasterGrid.edge + Double(xs.upperBound + 1) * side,
                maxY: RasterGrid.edge - Double(ys.lowerBound) * side)
        }
        /// Its size in pixels.
        var pixels: (width: Int, height: Int) { (xs.count * tileSize, ys.count * tileSize) }
    }

    /// Metres per pixel at `zoom` in tiles of `tileSize` pixels (on the Web Mercator plane).
    static func pixelSize(zoom: Int, tileSize: Int = 256) -> Double { 2 * edge / Double(tileSize << zoom) }

    /// The zoom whose pixel (in tiles of `tileSize`) is nearest, on a log scale as GDAL's MBTiles
    /// driver chooses, to `metres` per pixel, within 0…``deepest``; 0 for a size that is not
    /// positive and finite.
    static func zoom(forPixelSize metres: Double, tileSize: Int = 256) -> Int {
        guard metres.isFinite, metres > 0 else { return 0 }
        return min(deepest, max(0, Int(log2(pixelSize(zoom: 0, tileSize: tileSize) / metres).rounded())))
    }

    /// The deepest zoom at or above `maxZoom` at which `extent` spans at most one tile's width
    /// and height (the top of the pyramid: there the whole image is about one tile).
    static func minZoom(for extent: Extent, maxZoom: Int) -> Int {
        let span = max(extent.maxX - extent.minX, extent.maxY - extent.minY)
        guard span.isFinite, span > 0 else { return maxZoom }
        return min(maxZoom, max(0, Int(log2(2 * edge / span).rounded(.down))))
    }

    /// The tiles (of `tileSize` pixels) at `zoom` that `extent` touches (clamped to the world).
    static func block(covering extent: Extent, zoom: Int, tileSize: Int = 256) -> Block {
        let n = 1 << zoom
        let side = 2 * edge / Double(n)
        func index(_ v: Double) -> Int { min(n - 1, max(0, Int(((v) / side).rounded(.down)))) }
        // A touching edge that lies exactly on a tile line does not pull in the next tile.
        let x0 = index(extent.minX + edge)
        let x1 = index((extent.maxX + edge).nextDown)
        let y0 = index(edge - extent.maxY)
        let y1 = index((edge - extent.minY).nextDown)
        return Block(zoom: zoom, xs: x0...max(x0, x1), ys: y0...max(y0, y1), tileSize: tileSize)
    }

    /// `block` cut into blocks of at most `side` × `side` tiles, row by row (each is warped at once).
    static func pieces(of block: Block, side: Int) -> [Block] {
        var out: [Block] = []
        for y in stride(from: block.ys.lowerBound, through: block.ys.upperBound, by: side) {
            for x in stride(from: block.xs.lowerBound, through: block.xs.upperBound, by: side) {
                out.append(
                    Block(
                        zoom: block.zoom, xs: x...min(block.xs.upperBound, x + side - 1),
                        ys: y...min(block.ys.upperBound, y + side - 1), tileSize: block.tileSize))
            }
        }
        return out
    }
}
