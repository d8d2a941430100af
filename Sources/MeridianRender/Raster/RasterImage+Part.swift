import CCairo
import MeridianCamera

extension RasterImage {
    /// The part of this tile's image that covers `descendant` (a tile below `tile`, the one this
    /// image is of), as its own image: what MapLibre shows of a parent standing in for a missing
    /// tile (the parent's texture sampled over the child's square alone). Below a pixel a side
    /// (ten zooms down a 256-pixel tile), the pixel holding the descendant's corner.
    /// - Returns: nil when `descendant` is not below `tile`, or Cairo has no memory for it.
    func part(of tile: TileID, covering descendant: TileID) -> RasterImage? {
        let dz = descendant.z - tile.z
        guard dz > 0, dz < 31, descendant.x >> dz == tile.x, descendant.y >> dz == tile.y else { return nil }
        let n = 1 << dz
        let (x0, y0) = (descendant.x - (tile.x << dz), descendant.y - (tile.y << dz))
        let (w, h) = (max(1, width / n), max(1, height / n))
        let (left, top) = (min(width - w, x0 * width / n), min(height - h, y0 * height / n))
        guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            cairo_surface_status(made) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(made)
        else { return nil }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, Double(-left), Double(-top))
        cairo_paint(cr)
        cairo_surface_flush(made)
        return RasterImage(surface: made)
    }
}
