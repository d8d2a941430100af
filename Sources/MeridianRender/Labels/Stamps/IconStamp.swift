import CCairo
import Foundation
import MeridianGeometry
import MeridianTiles

/// Icons are drawn as stamps too (``LabelStamp``): the sprite's image scaled once to the
/// canvas's pixels (Cairo's good filter, so a `@2x` image shrinks without aliasing), an SDF
/// image turned into coverage and tinted by `icon-color`, the opacity applied; then composited
/// as labels are. A ``RenderCache`` keeps them between frames.
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
        if e.sdf || key.opacity < 1 {
            // The halo's outline lies `haloWidth` points out: 32 levels a sheet pixel, `factor`
            // device pixels a sheet pixel, `scale` device pixels a point.
            let haloLevels = key.haloWidth * key.scale / factor * 32
            tint(
                out, sdf: e.sdf, color: key.color, opacity: key.opacity, factor: factor, halo: key.halo,
                haloLevels: haloLevels, haloFade: max(1, 2.4 * key.haloBlur * key.scale))
        }
        cairo_surface_mark_dirty(out)
        return LabelStamp(surface: out, originX: side / 2, originY: tall / 2)
    }

    /// Rewrites the stamp's pixels: an SDF's alpha (the distance, the outline at 191 of 255, 32
    /// levels a sheet pixel) made into coverage over one device pixel and filled with `color`,
    /// over a halo in `halo` out to `haloLevels` levels beyond the outline, its edge fading over
    /// `haloFade` device pixels (1: sharp; `icon-halo-blur`, as MapLibre widens the halo's edge by
    /// about 1.2 × the blur each side); every pixel times `opacity`.
    private static func tint(
        _ surface: OpaquePointer, sdf: Bool, color: RGBA, opacity: Double, factor: Double, halo: RGBA,
        haloLevels: Double, haloFade: Double
    ) {
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (width, height) = (
            Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        // Distance levels across one device pixel: 32 a sheet pixel, `factor` device pixels a sheet pixel.
        let spread = max(32 / max(factor, 1e-3), 1)
        let a = min(max(color.a, 0), 1) * opacity
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * stride / 4 + x
                    let p = words[i]
                    if sdf {
                        let distance = Double(p >> 24)
                        let cover = min(max((distance - 191) / spread + 0.5, 0), 1) * a
                        // The halo under the fill ("over"): its coverage less what the fill covers.
                        let ring =
                            haloLevels > 0
                            ? min(max((distance - 191 + haloLevels) / (spread * haloFade) + 0.5, 0), 1)
                                * min(max(halo.a, 0), 1)
                                * opacity * (1 - cover) : 0
                        func byte(_ f: Double, _ h: Double) -> UInt32 {
                            UInt32(((min(max(f, 0), 1) * cover + min(max(h, 0), 1) * ring) * 255).rounded())
                        }
                        words[i] =
                            UInt32(((cover + ring) * 255).rounded()) << 24 | byte(color.r, halo.r) << 16
                            | byte(color.g, halo.g) << 8 | byte(color.b, halo.b)
                    } else {
                        func scaled(_ shift: UInt32) -> UInt32 {
                            UInt32((Double(p >> shift & 0xFF) * opacity).rounded()) << shift
                        }
                        words[i] = scaled(24) | scaled(16) | scaled(8) | scaled(0)
                    }
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
            let x = Int((center.x * scale + 0.5).rounded(.down))
            let y = Int((center.y * scale + 0.5).rounded(.down))
            record(.stamp(stamp, x: x - stamp.originX, y: y - stamp.originY))
        }
    }
}
