import CCairo
import Foundation
import MeridianTiles

/// Label stamps of text in a style's glyphs (``SDFFont``), inked as MapLibre's `symbol_sdf`
/// shader inks them: each glyph a quad of its distance field (the bitmap with its 3 px border and
/// the atlas's 1 px of padding, 4 glyph pixels out from the outline's box), sampled bilinearly at
/// each device pixel's centre, the halo of every glyph first, then every glyph.
///
/// The arithmetic is MapLibre's: with `fontScale` = size / 24 and `r` the pixel ratio, the fill's
/// coverage is `smoothstep(0.75 − γ, 0.75 + γ, d)` with `γ = 0.105 / r / fontScale`; the halo's
/// outer edge is at `(6 − haloWidth / fontScale) / 8` with
/// `γ = (haloBlur × 1.19 / 8 + 0.105 / r) / fontScale`, its inner edge at `0.75 + γ` (a ring);
/// colours premultiplied, composited over.
enum SDFStamp {
    /// The fill's edge in the distance field (MapLibre's `(256 − 64) / 256`).
    static let edge = 0.75
    /// MapLibre's `EDGE_GAMMA` at pixel ratio 1.
    static let edgeGamma = 0.105
    /// Steps of a device pixel a stamp's reference point is set to: an SDF's edge rises over about
    /// a pixel and a half, so a 32nd of a pixel moves it by at most a few levels of 255 (an
    /// eighth moved it by up to 10, seen in the render suite).
    static let phaseSteps = 32.0

    /// A quad of a distance field: where its top left lands, device pixels from the stamp's
    /// reference point; the field (`width` × `height` bytes); and `pad` texels of nothing around
    /// it that the quad covers too (a glyph's atlas padding: 1; an icon's quad is its image: 0).
    struct Quad {
        let x: Double, y: Double
        let field: [UInt8]
        let width: Int, height: Int
        var pad = 1
        /// The quad's sides, texels.
        var texels: (Double, Double) { (Double(width + 2 * pad), Double(height + 2 * pad)) }
    }

    /// One pass over the quads: MapLibre's fill (``edge``) or halo edge, its gamma, its colour
    /// (straight alpha, the opacity in it).
    struct Pass {
        let edge: Double, gamma: Double, color: RGBA
        /// A halo's inner edge: inside it the halo fades out (MapLibre's ring, so a transparent
        /// fill shows no halo inside the glyph); nil for the fill.
        var inner: Double? = nil
    }

    /// The passes of a field drawn at `fontScale` (text: size ÷ 24; an icon: `icon-size`) and
    /// `scale` pixels per point: the halo (when it shows), then the fill, as MapLibre's shader.
    static func passes(
        fontScale: Double, scale: Double, color: RGBA, halo: RGBA, haloWidth: Double, haloBlur: Double,
        part: LabelStamp.Part = .both
    ) -> [Pass] {
        var passes: [Pass] = []
        if part != .fill, haloWidth > 0, halo.a > 0 {
            let gamma = (haloBlur * 1.19 / 8 + edgeGamma / scale) / fontScale
            passes.append(
                Pass(edge: (6 - haloWidth / fontScale) / 8, gamma: gamma, color: halo, inner: edge + gamma))
        }
        if part != .halo, color.a > 0 {
            passes.append(Pass(edge: edge, gamma: edgeGamma / scale / fontScale, color: color))
        }
        return passes
    }

    /// A stamp of `quads` inked by each pass in turn, `k` device pixels a texel; nil when
    /// nothing would be inked or the stamp would be too large.
    static func stamp(_ quads: [Quad], k: Double, passes: [Pass]) -> LabelStamp? {
        mapped(quads, k: k, passes: passes, by: StampMatrix(a: 1, b: 0, c: 0, d: 1), phase: (0, 0))
    }

    /// A stamp of premultiplied RGBA floats (`width` × `height`, in [0, 1]), its top left
    /// `left`, `top` device pixels from the reference point; nil when Cairo fails.
    static func stamp(_ pixels: [Float], width w: Int, height h: Int, left: Int, top: Int) -> LabelStamp? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let i = (y * w + x) * 4
                func byte(_ v: Float) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
                row[x] =
                    byte(pixels[i + 3]) << 24 | byte(pixels[i]) << 16 | byte(pixels[i + 1]) << 8 | byte(pixels[i + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return LabelStamp(surface: surface, originX: -left, originY: -top)
    }

    /// The stamp of `key` (whose font is drawn from the style's glyphs), `phase` device pixels
    /// past the whole pixel it is composited at; nil when nothing would be inked.
    static func make(_ key: LabelStamp.Key, font: SDFFont, phase: (x: Double, y: Double)) -> LabelStamp? {
        let fontScale = key.size / SDFShaping.em
        let inks = passes(
            fontScale: fontScale, scale: key.scale, color: key.color, halo: key.halo, haloWidth: key.haloWidth,
            haloBlur: key.haloBlur, part: key.part)
        if let map = key.map, map.count == 4 {
            let m = map.map { Double($0) / LabelStamp.mapSteps }
            return mapped(
                quads(key, font: font, phase: (0, 0)), k: fontScale * key.scale, passes: inks,
                by: StampMatrix(a: m[0], b: m[1], c: m[2], d: m[3]), phase: phase)
        }
        return stamp(quads(key, font: font, phase: phase), k: fontScale * key.scale, passes: inks)
    }

    /// The quads of `key`'s glyphs about its reference point, device pixels. Set as MapLibre
    /// sets a block of lines: each line's glyphs from its pen, lines `lineHeight` ems apart,
    /// justified in the widest; the reference point is the first line's pen (the point labeller's
    /// left end on MapLibre's reference line), or, for a centred stamp, the block's centre
    /// (MapLibre's `text-anchor: center`: the first reference line 17 glyph pixels above it, for
    /// one line); one glyph (`key.glyph`) has its advance's middle there.
    static func quads(_ key: LabelStamp.Key, font: SDFFont, phase: (x: Double, y: Double)) -> [Quad] {
        let k = key.size / SDFShaping.em * key.scale
        let lines = key.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            TextShaper.shape(String($0), font: key.font, letterSpacing: key.letterSpacing)
        }
        let gap = key.lineHeight * SDFShaping.em
        let widest = lines.map(\.advance).max() ?? 0
        // Units: glyph pixels at 24 px, from the reference point.
        var origin = (x: 0.0, y: 0.0)
        if key.centered {
            let block = Double(lines.count) * gap
            origin = (-widest * SDFShaping.em / 2, -block / 2 + gap / 2 - 17)
        }
        var quads: [Quad] = []
        for (i, line) in lines.enumerated() {
            let room = (widest - line.advance) * SDFShaping.em
            let shift = key.justify == .center ? room / 2 : key.justify == .right ? room : 0
            for (n, g) in line.glyphs.enumerated() {
                guard let glyph = font.glyph(g.glyph.id), !glyph.bitmap.isEmpty else { continue }
                var x = origin.x + shift + g.glyph.x * SDFShaping.em
                let y = origin.y + Double(i) * gap
                if key.glyph >= 0 {
                    guard n == key.glyph, i == 0 else { continue }
                    x = -g.glyph.advance * SDFShaping.em / 2
                }
                let border = Double(SDFGlyph.border + 1)
                quads.append(
                    Quad(
                        x: phase.x + (x + Double(glyph.left) - border) * k,
                        y: phase.y + (y - Double(glyph.top) - border) * k, field: glyph.bitmap,
                        width: glyph.width + 2 * SDFGlyph.border, height: glyph.height + 2 * SDFGlyph.border))
            }
        }
        return quads
    }

    /// GLSL's `smoothstep`: 0 below `lo`, 1 above `hi`, Hermite between.
    static func smoothstep(_ lo: Double, _ hi: Double, _ x: Double) -> Double {
        guard hi > lo else { return x < lo ? 0 : 1 }
        let t = min(max((x - lo) / (hi - lo), 0), 1)
        return t * t * (3 - 2 * t)
    }
}
