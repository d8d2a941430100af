import CCairo
import Foundation
import MeridianCamera
import MeridianGeometry

/// A sprite image repeated over a fill (`fill-pattern`, `background-pattern`): one repeat is the
/// image; a repeat's pixel (`u`, `v`) from the lattice corner lands at `origin` + `map`·(`u`, `v`)
/// on the screen (points).
///
/// The repeats are fixed to the world: their lattice is anchored at the world's origin, so a
/// pattern runs on across tiles without seams and moves with the map when it pans. Flat, `map`
/// turns the image with the bearing at its pixel ratio's size. Under tilt, a pattern laid near a
/// point of the ground (``near(_:viewport:)``) lies on the ground there:
/// `map` is the projection's local linear map at the lattice corner nearest it (foreshortened,
/// smaller with distance), exact at that corner and close over a feature around it.
struct FillPattern {
    /// The image's pixels alone (a copy of its rectangle of the sheet), or with a border
    /// (``wrapped()``).
    private(set) var tile: RasterImage
    /// Points per image pixel at the target's scale: 1 / the image's pixel ratio at a whole zoom,
    /// grown with the map up to the next (times 2^(zoom − ⌊zoom⌋)), as MapLibre lays patterns out
    /// in the pixels of the whole zoom below.
    let pointsPerPixel: Double
    /// Screen points per image pixel along each of the image's axes.
    private(set) var map: StampMatrix
    private(set) var origin: ScreenPoint
    /// `fill-opacity`, in [0, 1].
    let opacity: Double
    /// Read with one bilinear tap per pixel, as a GL texture without mipmaps is (a line pattern,
    /// ``wrapped()``); else Cairo's default filter, which averages a shrunk image's pixels (a fill
    /// pattern far up a tilted view keeps its tone instead of shimmering).
    private(set) var singleTap = false
    /// How much the image is darkened where it is drawn, 0…1 (a lit face of a patterned prism,
    /// ``ExtrusionLight``): black at this alpha laid over it.
    var shade = 0.0

    /// The pattern of `image` for a frame seen through `viewport`, anchored near the view's
    /// centre as on a flat map (``near(_:viewport:)`` lays it on the ground elsewhere); nil when
    /// the image is empty, Cairo cannot copy it, or the corner is behind the eye.
    init?(_ image: StyleImages.Image, viewport: Viewport, opacity: Double) {
        let e = image.entry
        guard let tile = RasterImage(copying: image.sheet.image, x: e.x, y: e.y, width: e.width, height: e.height)
        else { return nil }
        let zoom = viewport.camera.zoom
        let grown = Double.exp2(zoom - zoom.rounded(.down))
        (self.tile, pointsPerPixel, self.opacity) = (tile, grown / e.pixelRatio, min(max(opacity, 0), 1))
        (map, origin) = (StampMatrix(a: 1, b: 0, c: 0, d: 1), ScreenPoint(x: 0, y: 0))
        guard let placed = place(WebMercator.project(viewport.camera.target), viewport: viewport, onGround: false)
        else { return nil }
        (map, origin) = placed
    }

    /// The same pattern laid on the ground near world point `world` (under tilt; flat, as
    /// ``init(_:viewport:opacity:)`` anchors it); nil when its corner is behind the eye.
    func near(_ world: MercatorPoint, viewport: Viewport) -> FillPattern? {
        guard let placed = place(world, viewport: viewport, onGround: viewport.camera.tilt > 0) else { return nil }
        var out = self
        (out.map, out.origin) = placed
        return out
    }

    /// The same image and opacity with its repeat's corner at `origin` and its pixels mapped by
    /// `map` (a line's segment, ``LinePattern``).
    func placed(origin: ScreenPoint, map: StampMatrix) -> FillPattern {
        var out = self
        (out.origin, out.map) = (origin, map)
        return out
    }

    /// The same pattern with a one-pixel border around the image holding its opposite edges
    /// (corners transparent), as MapLibre's sprite atlas pads a pattern, and as a line pattern
    /// reads it (``LinePattern``); nil when Cairo fails.
    func wrapped() -> FillPattern? {
        guard let padded = RasterImage(wrapping: tile) else { return nil }
        var out = self
        out.tile = padded
        out.singleTap = true
        return out
    }

    /// The lattice corner nearest `reference` (world points at this zoom, counted from the world's
    /// origin in whole repeats) on the screen, and the map of the image's pixels there: the
    /// ground's local linear map (`onGround`), else the bearing's turn.
    private func place(
        _ reference: MercatorPoint, viewport: Viewport, onGround: Bool
    ) -> (map: StampMatrix, origin: ScreenPoint)? {
        let (w, h) = (Double(tile.width) * pointsPerPixel, Double(tile.height) * pointsPerPixel)
        let world = viewport.worldSize
        let (cx, cy) = (reference.x * world, reference.y * world)
        let corner = MercatorPoint(x: (cx / w).rounded(.down) * w / world, y: (cy / h).rounded(.down) * h / world)
        guard let origin = viewport.point(forWorld: corner) else { return nil }
        let ground = onGround ? LabelPlacer.groundMatrix(at: corner, turnsWithMap: true, viewport: viewport) : nil
        let unit = ground ?? .turn(-viewport.camera.bearing * .pi / 180)
        let k = pointsPerPixel
        return (StampMatrix(a: unit.a * k, b: unit.b * k, c: unit.c * k, d: unit.d * k), origin)
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

    /// `image` inside a one-pixel border of its opposite edges: the top row under the last row,
    /// the bottom above the first, and so for the columns; corners transparent. Nil when Cairo
    /// fails.
    convenience init?(wrapping image: RasterImage) {
        let (w, h) = (Double(image.width), Double(image.height))
        guard image.width > 0, image.height > 0,
            let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width + 2), Int32(image.height + 2)),
            cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(out)
        else { return nil }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        // (where the source's origin goes, the rectangle filled from it)
        let copies: [((Double, Double), (Double, Double, Double, Double))] = [
            ((1, 1), (1, 1, w, h)), ((1, 2 - h), (1, 0, w, 1)), ((1, h + 1), (1, h + 1, w, 1)),
            ((2 - w, 1), (0, 1, 1, h)), ((w + 1, 1), (w + 1, 1, 1, h)),
        ]
        for ((x, y), (rx, ry, rw, rh)) in copies {
            cairo_set_source_surface(cr, image.surface, x, y)
            cairo_rectangle(cr, rx, ry, rw, rh)
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(out)
        self.init(surface: out)
    }
}
