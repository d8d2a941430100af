import CCairo
import MeridianGeometry

/// What went wrong drawing or encoding an image.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Size or scale outside what the renderer draws (the message says which).
    case invalidSize(String)
    /// Cairo reported an error (its message).
    case cairo(String)
    /// An image encoder (ISA-L for PNG, libjpeg, libwebp) failed (its message).
    case encoding(String)
    /// A raster tile that is not a decodable PNG (which tile, and why).
    case badImage(String)
    /// The drawing passed its ``MapRenderer/deadline`` and was abandoned (where it stopped).
    case deadlinePassed(String)

    public var description: String {
        switch self {
        case let .invalidSize(why): return "cannot draw an image of that size: \(why)"
        case let .cairo(why): return "drawing failed: \(why)"
        case let .encoding(why): return "encoding the image failed: \(why)"
        case let .badImage(why): return "bad raster tile: \(why)"
        case let .deadlinePassed(stage): return "the drawing passed its deadline (\(stage)) and was abandoned"
        }
    }
}

/// How a stroke's lines end: round from 2.5 points wide and butt below (``byWidth``: round
/// caps look the same below and cost more), or always butt (the dashes of a dashed line,
/// ``Dashes``, as Cairo ends dashes).
enum LineEnds: Sendable { case byWidth, butt }

/// An RGBA colour, components in [0, 1].
public struct RGBA: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
    /// From 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double(hex >> 16 & 0xff) / 255, Double(hex >> 8 & 0xff) / 255, Double(hex & 0xff) / 255, alpha)
    }
}

/// A Cairo image surface sized in points, drawn at a pixel scale; one per frame, never shared.
final class Canvas {
    static let maximumPixels = 8192 * 8192

    let surface: OpaquePointer
    let cr: OpaquePointer
    let scale: Double
    /// The device row of the image this canvas's row 0 is (0, or a band's first row).
    let deviceTop: Int
    var measured: [MeasureKey: (width: Double, height: Double)] = [:]
    /// Texts measured for this frame that hold a character no font covers (``TextShaper``).
    var uncovered: Set<String> = []
    /// Label stamps kept between frames (a ``RenderCache``'s); nil makes each one anew.
    var stamps: LabelStampCache?
    /// While set, drawing operations are recorded here instead of drawn (replayed by
    /// ``replay(_:bands:deadline:)`` or ``replayBlend2D(_:threads:deadline:)``).
    var ops: [DrawOp]?
    var currentFont: (size: Double, bold: Bool)?

    init(size: ScreenSize, scale: Double) throws(RenderError) {
        guard [0.5, 1, 2, 3].contains(scale) else { throw .invalidSize("scale must be 1, 2 or 3 (or 0.5 for previews), got \(scale)") }
        let w = Int((size.width * scale).rounded(.up)), h = Int((size.height * scale).rounded(.up))
        guard size.width.isFinite, size.height.isFinite, w > 0, h > 0, w * h <= Self.maximumPixels else {
            throw .invalidSize("\(size) at scale \(Int(scale))")
        }
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { throw .cairo("cannot create a \(w)×\(h) surface") }
        surface = s
        cr = cairo_create(s)
        self.scale = scale
        deviceTop = 0
        cairo_scale(cr, scale, scale)
        // Cairo's FAST antialiasing (fewer coverage samples than GOOD) draws a warm z17 frame in
        // 45 ms instead of 72 ms here (Benchmarks/Sources/RenderLoop), edges still smoothed.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
        Fonts.setTextOptions(cr)
    }

    /// A band of another canvas's pixels: `height` rows from row `top` (device pixels) of its
    /// memory, drawn in the same point coordinates; nil when Cairo refuses the rows.
    init?(rows: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, top: Int, scale: Double) {
        guard let s = cairo_image_surface_create_for_data(rows, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        surface = s
        cr = cairo_create(s)
        self.scale = scale
        deviceTop = top
        cairo_translate(cr, 0, Double(-top))
        cairo_scale(cr, scale, scale)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    func set(_ c: RGBA) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    func fillAll(_ c: RGBA) {
        if record(.fillAll(c)) { return }
        set(c)
        cairo_paint(cr)
    }

    /// Adds closed rings (even-odd: holes cut out) or open lines to the current path.
    func path(_ parts: Polylines, closed: Bool) {
        parts.forEachPart { part in
            guard part.count >= (closed ? 3 : 2) else { return }
            cairo_move_to(cr, part[0].x, part[0].y)
            for p in part.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if closed { cairo_close_path(cr) }
        }
    }

    /// Fills closed rings by the non-zero rule (holes wound against their outer ring, as in
    /// vector tiles), or by the even-odd rule (holes however they are wound, as overlays give them).
    func fill(_ parts: [[ScreenPoint]], _ c: RGBA, evenOdd: Bool = false) { fill(Polylines(parts), c, evenOdd: evenOdd) }

    /// ``fill(_:_:evenOdd:)`` of parts in one buffer.
    func fill(_ parts: Polylines, _ c: RGBA, evenOdd: Bool = false) {
        if record(.fill(parts, c, evenOdd: evenOdd)) { return }
        path(parts, closed: true)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        set(c)
        cairo_fill(cr)
    }

    func stroke(_ parts: [[ScreenPoint]], _ c: RGBA, width: Double, closed: Bool = false, ends: LineEnds = .byWidth) {
        stroke(Polylines(parts), c, width: width, closed: closed, ends: ends)
    }

    /// Strokes lines (or closed rings) of parts in one buffer: round joins and caps from 2.5 pt.
    func stroke(_ parts: Polylines, _ c: RGBA, width: Double, closed: Bool = false, ends: LineEnds = .byWidth) {
        if record(.stroke(parts, c, width: width, closed: closed, ends: ends)) { return }
        path(parts, closed: closed)
        set(c)
        cairo_set_line_width(cr, width)
        // Round joins and caps where they show; thin lines get bevels and butt ends, which
        // look the same below 2.5 points and stroke much faster.
        let round = width >= 2.5
        cairo_set_line_join(cr, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
        cairo_set_line_cap(cr, ends == .byWidth && round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_stroke(cr)
    }

    /// A filled disc (Cairo's arc: exact, antialiased).
    func disc(_ center: ScreenPoint, radius: Double, _ c: RGBA) {
        if record(.disc(center, radius: radius, c)) { return }
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, max(0, radius), 0, 2 * Double.pi)
        set(c)
        cairo_fill(cr)
    }

    /// Paints the triangle `src` of an image onto the triangle `dst` of the canvas by the one
    /// affine map between them (bilinear filtering; edges padded so neighbouring triangles
    /// and tiles meet without seams; no antialiasing on the triangle's edges, which would
    /// show the background along shared edges).
    func image(_ image: RasterImage, from src: [ScreenPoint], to dst: [ScreenPoint], opacity: Double) {
        if record(.image(image, from: src, to: dst, opacity: opacity)) { return }
        // The pattern matrix maps canvas (user) space to image space: solve the affine map
        // that sends dst[i] to src[i].
        let (a, b, c) = (dst[0], dst[1], dst[2])
        let det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        guard abs(det) > 1e-9 else { return }
        func row(_ s0: Double, _ s1: Double, _ s2: Double) -> (Double, Double, Double) {
            let gx = ((s1 - s0) * (c.y - a.y) - (s2 - s0) * (b.y - a.y)) / det
            let gy = ((s2 - s0) * (b.x - a.x) - (s1 - s0) * (c.x - a.x)) / det
            return (gx, gy, s0 - gx * a.x - gy * a.y)
        }
        let u = row(src[0].x, src[1].x, src[2].x), v = row(src[0].y, src[1].y, src[2].y)
        var m = cairo_matrix_t(xx: u.0, yx: v.0, xy: u.1, yy: v.1, x0: u.2, y0: v.2)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        path(Polylines([dst]), closed: true)
        cairo_set_source(cr, pattern)
        if opacity >= 1 { cairo_fill(cr) } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, max(0, opacity))
        }
        cairo_restore(cr)
        cairo_pattern_destroy(pattern)
    }

    func rectangle(x: Double, y: Double, width: Double, height: Double, _ c: RGBA) {
        if record(.rectangle(x: x, y: y, width: width, height: height, c)) { return }
        cairo_rectangle(cr, x, y, width, height)
        set(c)
        cairo_fill(cr)
    }
}
