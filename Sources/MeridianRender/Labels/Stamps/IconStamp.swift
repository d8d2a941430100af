import CCairo
import Foundation
import MeridianGeometry
import MeridianTiles

/// Icons are drawn as stamps too (``LabelStamp``): the sprite's image scaled once to the
/// canvas's pixels (Cairo's good filter, so a `@2x` image shrinks without aliasing), the opacity
/// applied; an SDF image inked as MapLibre inks it (``sdf(_:_:factor:)``); then composited as
/// labels are. A ``RenderCache`` keeps them between frames.
enum IconStamp {
    /// What fixes an icon stamp's pixels.
    struct Key: Hashable {
        /// The sprite file's path and the image's name (``StyleImages``).
        let image: String
        /// `icon-size` and pixels per point.
        let size: Double, scale: Double
        /// The tint (SDF images only; the key keeps it for every image, as it is given).
        let color: RGBA
        let opacity: Double
        /// `icon-halo-color` and `-width` (points beyond the outline), SDF images only.
        var halo = RGBA(0, 0, 0, 0), haloWidth = 0.0
        /// `icon-halo-blur`, points over which the halo's edge fades (SDF images only).
        var haloBlur = 0.0
        /// For SDF images, the part of a device pixel the centre lies past the whole pixel the
        /// stamp is composited at, in `SDFStamp.phaseSteps`ths: MapLibre draws them where they fall.
        var phaseX = 0, phaseY = 0
        /// `icon-text-fit` of a sprite image: its box about the anchor in 64ths of a point
        /// (``quantized(_:)``); the stamp's reference point is then the anchor.
        var fit: [Int]? = nil

        /// A fitted box in 64ths of a point (nil for none, or one too large to draw).
        static func quantized(_ box: IconTextFit.Box?) -> [Int]? {
            guard let box else { return nil }
            let values = [box.left, box.top, box.right, box.bottom].map { ($0 * 64).rounded() }
            guard values.allSatisfy({ abs($0) <= Double(maxSide * 64) }) else { return nil }
            return values.map { Int($0) }
        }
    }

    /// Largest side of an icon stamp, device pixels: a larger icon is not drawn.
    static let maxSide = 1024

    /// The stamp, its reference point the image's centre; nil when Cairo fails or the icon
    /// would be empty or larger than ``maxSide``.
    static func make(_ key: Key, _ image: StyleImages.Image) -> LabelStamp? {
        let e = image.entry
        let factor = key.size * key.scale / e.pixelRatio  // device pixels per sheet pixel
        let (w, h) = (Double(e.width) * factor, Double(e.height) * factor)
        // Checked before the sizes become integers (a pixel ratio of 1e-300 makes them 1e300).
        guard factor > 0, factor.isFinite, w <= Double(maxSide), h <= Double(maxSide) else { return nil }
        if let fit = key.fit { return IconFitStamp.make(key, image, box: fit) }
        if e.sdf { return sdf(key, image, factor: factor) }
        let (side, tall) = (Int(w.rounded(.up)) + 2, Int(h.rounded(.up)) + 2)
        guard side <= maxSide, tall <= maxSide,
            let part = cairo_surface_create_for_rectangle(
                image.sheet.image.surface, Double(e.x), Double(e.y), Double(e.width), Double(e.height)),
            let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(tall))
        else { return nil }
        defer { cairo_surface_destroy(part) }
        guard cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(out) else {
            cairo_surface_destroy(out)
            return nil
        }
        // The image centred in the stamp, whose centre is then a whole pixel from its corner
        // plus the half pixels of an odd size.
        cairo_translate(cr, (Double(side) - w) / 2, (Double(tall) - h) / 2)
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, part, 0, 0)
        // Edges padded, then cut at the image's rectangle: crisp sides, nothing of its neighbours.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cr), factor < 1 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cr, 0, 0, Double(e.width), Double(e.height))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(out)
        if key.opacity < 1 { fade(out, by: key.opacity) }
        cairo_surface_mark_dirty(out)
        return LabelStamp(surface: out, originX: side / 2, originY: tall / 2)
    }

    /// An SDF image's stamp, inked as MapLibre's shader inks it (``SDFStamp``: `fontScale` the
    /// `icon-size`, the image's alpha the field, its quad the image), its centre on the
    /// reference point plus the key's phase.
    static func sdf(_ key: Key, _ image: StyleImages.Image, factor: Double) -> LabelStamp? {
        let e = image.entry
        let surface = image.sheet.image.surface
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var field = [UInt8](repeating: 0, count: e.width * e.height)
        for y in 0..<e.height {
            let row = UnsafeRawPointer(data + (e.y + y) * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<e.width { field[y * e.width + x] = UInt8(row[e.x + x] >> 24) }
        }
        let (w, h) = (Double(e.width) * factor, Double(e.height) * factor)
        let quad = SDFStamp.Quad(
            x: Double(key.phaseX) / SDFStamp.phaseSteps - w / 2, y: Double(key.phaseY) / SDFStamp.phaseSteps - h / 2,
            field: field, width: e.width,
            height: e.height, pad: 0)
        let opacity = min(max(key.opacity, 0), 1)
        let (c, halo) = (key.color, key.halo)
        return SDFStamp.stamp(
            [quad], k: factor,
            passes: SDFStamp.passes(
                fontScale: key.size, scale: key.scale, color: RGBA(c.r, c.g, c.b, c.a * opacity),
                halo: RGBA(halo.r, halo.g, halo.b, halo.a * opacity), haloWidth: key.haloWidth,
                haloBlur: key.haloBlur))
    }

    /// Multiplies every byte of the stamp's (premultiplied) pixels by `opacity`.
    static func fade(_ surface: OpaquePointer, by opacity: Double) {
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (width, height) = (
            Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * stride / 4 + x
                    let p = words[i]
                    func scaled(_ shift: UInt32) -> UInt32 {
                        UInt32((Double(p >> shift & 0xFF) * opacity).rounded()) << shift
                    }
                    words[i] = scaled(24) | scaled(16) | scaled(8) | scaled(0)
                }
            }
        }
    }
}

/// Icon stamps kept between frames (``IconStamp``).
typealias IconStampCache = LRUCache<IconStamp.Key, LabelStamp>

extension Canvas {
    /// Composites an icon's stamp (from ``icons`` or made now) centred on `center`, turned by
    /// `angle` radians about it, or mapped by `matrix` (an icon laid on the ground).
    func icon(
        _ key: IconStamp.Key, _ image: StyleImages.Image, at center: ScreenPoint, turnedBy angle: Double,
        mappedBy matrix: StampMatrix? = nil
    ) {
        guard center.x.isFinite, center.y.isFinite, abs(center.x) < 1e6, abs(center.y) < 1e6 else { return }
        let x = Int((center.x * scale + 0.5).rounded(.down))
        let y = Int((center.y * scale + 0.5).rounded(.down))
        var key = key
        if image.entry.sdf || key.fit != nil, matrix == nil, abs(angle) <= Self.uprightAngle {
            key.phaseX = Int(((center.x * scale - Double(x)) * SDFStamp.phaseSteps).rounded())
            key.phaseY = Int(((center.y * scale - Double(y)) * SDFStamp.phaseSteps).rounded())
        }
        let stamp: LabelStamp
        if let kept = icons?.value(for: key) {
            stamp = kept
        } else {
            guard let made = IconStamp.make(key, image) else { return }
            icons?.insert(made, for: key, cost: made.cost)
            stamp = made
        }
        if let matrix {
            record(.mappedStamp(stamp, x: center.x * scale, y: center.y * scale, matrix: matrix))
        } else if abs(angle) > Self.uprightAngle {
            record(.turnedStamp(stamp, x: center.x * scale, y: center.y * scale, angle: angle))
        } else {
            record(.stamp(stamp, x: x - stamp.originX, y: y - stamp.originY))
        }
    }
}
