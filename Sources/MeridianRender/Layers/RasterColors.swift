import CCairo
import Foundation
import MeridianStyle

/// A raster layer's colour adjustments, applied to each pixel as MapLibre's raster shader does:
/// the hue turned by `raster-hue-rotate` degrees (a rotation about the grey axis), then
/// `raster-saturation` (−1 grey … 0 unchanged … 1 most saturated, toward or away from the mean of
/// the pixel's channels), then `raster-contrast` (−1 flat grey … 1 most contrast, about middle
/// grey), then the result mapped from [0, 1] onto [`raster-brightness-min`, `raster-brightness-max`].
///
/// Values outside the specification's ranges are clamped into them (a contrast of 1 to 0.999, where
/// MapLibre's factor 1 / (1 − c) is still finite); channels are clamped to [0, 1] before they are
/// multiplied by the pixel's alpha again, so the result is a valid premultiplied image. Alpha is
/// kept (`raster-opacity` is applied when the image is drawn).
struct RasterColors: Equatable {
    var hueRotate = 0.0, brightnessMin = 0.0, brightnessMax = 1.0, saturation = 0.0, contrast = 0.0

    /// The identity: every pixel unchanged.
    static let identity = RasterColors()

    init() {}

    /// The layer's adjustments at `zoom`, each within its `Style.Layer.drawableRanges` entry; a
    /// value that is not a finite number takes its default.
    init(_ layer: Style.Layer, zoom: Double) {
        func value(_ p: StylePropertyName, _ fallback: Double) -> Double {
            layer.number(p, [:], zoom: zoom)
        }
        hueRotate = value(.rasterHueRotate, 0)
        (brightnessMin, brightnessMax) = (value(.rasterBrightnessMin, 0), value(.rasterBrightnessMax, 1))
        (saturation, contrast) = (value(.rasterSaturation, 0), value(.rasterContrast, 0))
    }

    var isIdentity: Bool { self == .identity }

    /// MapLibre's weights of the hue rotation: channel i of the result is the dot product of the
    /// colour with these weights turned i places.
    var spinWeights: (Double, Double, Double) {
        let a = hueRotate * .pi / 180
        let (s, c) = (sin(a), cos(a))
        return ((2 * c + 1) / 3, (-3.0.squareRoot() * s - c + 1) / 3, (3.0.squareRoot() * s - c + 1) / 3)
    }

    /// MapLibre's saturation factor: how far each channel moves toward the mean (negative: away).
    var saturationFactor: Double { saturation > 0 ? 1 - 1 / (1.001 - saturation) : -saturation }

    /// MapLibre's contrast factor: the slope about middle grey.
    var contrastFactor: Double { contrast > 0 ? 1 / (1 - contrast) : 1 + contrast }

    /// One colour's channels (not premultiplied, each 0…1) adjusted, each clamped to [0, 1].
    func adjust(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let (w0, w1, w2) = spinWeights
        var (x, y, z) = (r * w0 + g * w1 + b * w2, r * w2 + g * w0 + b * w1, r * w1 + g * w2 + b * w0)
        let mean = (r + g + b) / 3
        let (sf, cf) = (saturationFactor, contrastFactor)
        (x, y, z) = (x + (mean - x) * sf, y + (mean - y) * sf, z + (mean - z) * sf)
        (x, y, z) = ((x - 0.5) * cf + 0.5, (y - 0.5) * cf + 0.5, (z - 0.5) * cf + 0.5)
        let (lo, span) = (brightnessMin, brightnessMax - brightnessMin)
        func out(_ v: Double) -> Double { min(max(lo + span * v, 0), 1) }
        return (out(x), out(y), out(z))
    }

    /// `image` with every pixel adjusted (``adjust(_:_:_:)``); the image itself when the
    /// adjustments are the identity or a new surface cannot be made.
    func adjusted(_ image: RasterImage) -> RasterImage {
        guard !isIdentity else { return image }
        let (w, h) = (image.width, image.height)
        cairo_surface_flush(image.surface)
        guard let source = cairo_image_surface_get_data(image.surface),
            let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(out)
        else { return image }
        let (inStride, outStride) = (
            Int(cairo_image_surface_get_stride(image.surface)), Int(cairo_image_surface_get_stride(out))
        )
        for row in 0..<h {
            let from = UnsafeRawPointer(source + row * inStride).assumingMemoryBound(to: UInt32.self)
            let to = UnsafeMutableRawPointer(target + row * outStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = from[x]
                let a = p >> 24
                guard a > 0 else {
                    to[x] = 0
                    continue
                }
                // Cairo's ARGB32 is premultiplied: the colour is each channel over alpha.
                let alpha = Double(a) / 255
                func channel(_ shift: UInt32) -> Double { min(Double(p >> shift & 0xFF) / 255 / alpha, 1) }
                let (r, g, b) = adjust(channel(16), channel(8), channel(0))
                func byte(_ v: Double) -> UInt32 { UInt32((v * alpha * 255).rounded()) }
                to[x] = a << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
            }
        }
        cairo_surface_mark_dirty(out)
        return RasterImage(surface: out)
    }
}
