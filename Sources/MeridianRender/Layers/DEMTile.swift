import CCairo
import MeridianCamera
import MeridianTiles

/// A decoded elevation tile of a `raster-dem` source: its heights in metres on a grid one pixel
/// wider than the tile on every side. The border comes from the neighbouring tiles the frame read,
/// and where a neighbour is missing it repeats the tile's own edge (as MapLibre backfills its DEM
/// borders), so slopes at a tile's edge are measured across the seam when they can be.
struct DEMTile {
    let id: TileID
    /// Pixels on the tile's side (256 or 512; any square size works).
    let size: Int
    /// (size + 2)² heights, rows top first; pixel (x, y) of the tile is at (y + 1) × (size + 2) + x + 1.
    private(set) var heights: [Float]

    /// Decodes `image` (opaque pixels; alpha is not part of the encodings) as `encoding` says;
    /// nil when the image is not square.
    init?(_ image: RasterImage, id: TileID, encoding: ElevationEncoding) {
        guard image.width == image.height, image.width > 0 else { return nil }
        let size = image.width
        let wide = size + 2
        cairo_surface_flush(image.surface)
        guard let data = cairo_image_surface_get_data(image.surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        var heights = [Float](repeating: 0, count: wide * wide)
        for y in 0..<size {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<size {
                let word = row.load(fromByteOffset: 4 * x, as: UInt32.self)
                let h = encoding.height(UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF))
                heights[(y + 1) * wide + x + 1] = Float(h)
            }
        }
        (self.id, self.size, self.heights) = (id, size, heights)
        backfill([:])
    }

    /// The height (metres) at pixel (`x`, `y`), each from −1 to ``size`` (the border).
    @inline(__always)
    func height(_ x: Int, _ y: Int) -> Float { heights[(y + 1) * (size + 2) + x + 1] }

    /// Fills the border from `neighbours` (tiles of the same zoom and size, by id), or from the
    /// tile's own edge where one is missing; corners likewise.
    mutating func backfill(_ neighbours: [TileID: DEMTile]) {
        let wide = size + 2
        let n = 1 << id.z
        func neighbour(_ dx: Int, _ dy: Int) -> DEMTile? {
            let y = id.y + dy
            guard y >= 0, y < n else { return nil }
            let other = neighbours[TileID(z: id.z, x: ((id.x + dx) % n + n) % n, y: y)]
            return other?.size == size ? other : nil
        }
        let last = size - 1
        for i in 0..<size {
            heights[i + 1] = neighbour(0, -1)?.height(i, last) ?? height(i, 0)
            heights[(size + 1) * wide + i + 1] = neighbour(0, 1)?.height(i, 0) ?? height(i, last)
            heights[(i + 1) * wide] = neighbour(-1, 0)?.height(last, i) ?? height(0, i)
            heights[(i + 1) * wide + size + 1] = neighbour(1, 0)?.height(0, i) ?? height(last, i)
        }
        heights[0] = neighbour(-1, -1)?.height(last, last) ?? height(0, 0)
        heights[size + 1] = neighbour(1, -1)?.height(0, last) ?? height(last, 0)
        heights[(size + 1) * wide] = neighbour(-1, 1)?.height(last, 0) ?? height(0, last)
        heights[(size + 1) * wide + size + 1] = neighbour(1, 1)?.height(0, 0) ?? height(last, last)
    }
}
