import CCairo
import Foundation
import MeridianCamera
import MeridianGeometry

/// A sprite image repeated over a fill (`fill-pattern`): one repeat is the image, its pixels
/// `pointsPerPixel` points each; repeats start at `origin` on the screen and run along axes
/// turned `angle` radians (clockwise) with the map.
///
/// The repeats are fixed to the world: their lattice is anchored at the world's origin, so a
/// pattern runs on across tiles without seams and moves with the map when it pans. Under tilt
/// the pattern is drawn as on a flat map (not foreshortened with depth).
struct FillPattern {
    /// The image's pixels alone (a copy of its rectangle of the sheet).
    let tile: RasterImage
    let pointsPerPixel: Double
    let origin: ScreenPoint
    let angle: Double
    /// `fill-opacity`, in [0, 1].
    let opacity: Double

    /// The pattern of `image` for a frame seen through `viewport`; nil when the image is empty
    /// or Cairo cannot copy it.
    init?(_ image: StyleImages.Image, viewport: Viewport, opacity: Double) {
        let e = image.entry
        guard let tile = RasterImage(copying: image.sheet.image, x: e.x, y: e.y, width: e.width, height: e.height)
        else { return nil }
        self.tile = tile
        pointsPerPixel = 1 / e.pixelRatio
        // A lattice point of the repeats near the view's centre: world points at this zoom,
        // counted from the world's origin in whole repeats.
        let (w, h) = (Double(e.width) * pointsPerPixel, Double(e.height) * pointsPerPixel)
        let world = viewport.worldSize
        let center = WebMercator.project(viewport.camera.target)
        let (cx, cy) = (center.x * world, center.y * world)
        let corner = MercatorPoint(x: (cx / w).rounded(.down) * w / world, y: (cy / h).rounded(.down) * h / world)
        guard let origin = viewport.point(forWorld: corner) else { return nil }
        self.origin = origin
        angle = -viewport.camera.bearing * .pi / 180
        self.opacity = min(max(opacity, 0), 1)
    }
}

extension RasterImage {
    /// A copy of a rectangle of `image` (pixels, inside it); nil when Cairo fails.
    convenience init?(copying image: RasterImage, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0,
            let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(out)
        else { return nil }
        cairo_set_source_surface(cr, image.surface, Double(-x), Double(-y))
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(out)
        self.init(surface: out)
    }
}
