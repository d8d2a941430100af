import CCairo
import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// A decoded elevation tile of a `raster-dem` source: its heights in metres on a grid one pixel
/// wider than the tile on every side. The border comes from the neighbouring tiles the frame read,
/// and where a neighbour is missing it repeats the tile's own edge (as MapLibre backfills its DEM
/// borders), so slopes at a tile's edge are measured across the seam when they can be.
struct DEMTile {
    let id: TileID
    /// The tileset it came from (its path), for caches.
    var source = ""
    /// Which of the eight neighbours gave the border (a bit each, row by row from the north-west):
    /// the same tile bordered otherwise shades otherwise at its edge.
    private(set) var neighbourMask: UInt8 = 0
    /// Pixels on the tile's side (256 or 512; any square size works).
    let size: Int
    /// (size + 2)² heights, rows top first; pixel (x, y) of the tile is at (y + 1) × (size + 2) + x + 1.
    private(set) var heights: [Float]
    /// The part of the tile within its model's declared bounds, in the tile's pixels (x east, y
    /// south, from its top-left corner); relief is drawn there only. The whole tile by default.
    private(set) var within: (x: ClosedRange<Double>, y: ClosedRange<Double>)

    /// Limits ``within`` to `bounds` (degrees: west, south, east, north, as a tileset declares them;
    /// bounds crossing the antimeridian, west > east, are not limited).
    mutating func limit(to bounds: (west: Double, south: Double, east: Double, north: Double)?) {
        guard let b = bounds, b.west < b.east, b.south < b.north else { return }
        let n = Double(1 << id.z)
        func pixel(_ lat: Double, _ lng: Double) -> (Double, Double) {
            let p = WebMercator.project(Coordinate(latitude: min(85.05, max(-85.05, lat)), longitude: lng))
            return ((p.x * n - Double(id.x)) * Double(size), (p.y * n - Double(id.y)) * Double(size))
        }
        let (x0, y0) = pixel(b.north, b.west)
        let (x1, y1) = pixel(b.south, b.east)
        within = (
            max(within.x.lowerBound, x0)...max(max(within.x.lowerBound, x0), min(within.x.upperBound, x1)),
            max(within.y.lowerBound, y0)...max(max(within.y.lowerBound, y0), min(within.y.upperBound, y1))
        )
    }

    /// What decoded heights depend on: the tileset, the tile and the encoding read.
    struct Key: Hashable {
        let source: String
        let id: TileID
        let encoding: ElevationEncoding
    }

    /// Bytes of memory the heights take.
    var cost: Int { heights.count * MemoryLayout<Float>.stride }

    /// Whether pixel (`x`, `y`)'s centre lies ``within`` the model.
    @inline(__always)
    func isWithin(_ x: Int, _ y: Int) -> Bool {
        within.x.contains(Double(x) + 0.5) && within.y.contains(Double(y) + 0.5)
    }

    /// The largest tile side read as heights, pixels: elevation tiles are 256 or 512 (MapLibre's),
    /// and a larger one from a hostile file would cost its square in heights, slopes and shades.
    static let maxSide = 1024

    /// Decodes `image` (opaque pixels; alpha is not part of the encodings) as `encoding` says;
    /// nil when the image is not square or its side is past ``maxSide`` (the tile draws no relief).
    init?(_ image: RasterImage, id: TileID, encoding: ElevationEncoding) {
        guard image.width == image.height, image.width > 0, image.width <= Self.maxSide else { return nil }
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
        within = (-1...Double(size + 1), -1...Double(size + 1))
        backfill([:])
    }

    /// A tile of `size` × `size` heights given by `height(x, y)` (metres), its border repeating
    /// its edge until ``backfill(_:)``.
    init(id: TileID, size: Int, height: (Int, Int) -> Float) {
        let wide = size + 2
        var heights = [Float](repeating: 0, count: wide * wide)
        for y in 0..<size { for x in 0..<size { heights[(y + 1) * wide + x + 1] = height(x, y) } }
        (self.id, self.size, self.heights) = (id, size, heights)
        within = (-1...Double(size + 1), -1...Double(size + 1))
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
        var mask: UInt8 = 0
        for (bit, (dx, dy)) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)].enumerated()
        where neighbour(dx, dy) != nil { mask |= 1 << bit }
        neighbourMask = mask
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
