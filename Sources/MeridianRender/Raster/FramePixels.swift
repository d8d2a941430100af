import MeridianTiles
import CCairo
import Dispatch
import MeridianGeometry

/// A frame's pixels: one Cairo image surface (premultiplied 32-bit ARGB), sized in points at a
/// pixel scale, that a frame's recorded operations are rasterised into
/// (``rasterise(_:with:bands:deadline:)``) and that the encoders read
/// (``encoded(_:quality:x:y:width:height:)``).
///
/// One per frame, never shared.
final class FramePixels {
    /// The most pixels an image may have (8192 × 8192).
    static let maximumPixels = 8192 * 8192

    let surface: OpaquePointer
    /// Pixels per point.
    let scale: Double
    let width: Int, height: Int, stride: Int

    /// The device size of an image of `size` points at `scale`.
    /// - Throws: ``RenderError/invalidSize(_:)`` for a scale other than 0.5, 1, 2 or 3, or a
    ///   size that is not finite, empty, or above ``maximumPixels``.
    static func deviceSize(of size: ScreenSize, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        guard [0.5, 1, 2, 3].contains(scale) else {
            throw .invalidSize("scale must be 1, 2 or 3 (or 0.5 for previews), got \(scale)")
        }
        guard size.width.isFinite, size.height.isFinite, size.width * scale < 1e9, size.height * scale < 1e9 else {
            throw .invalidSize("\(size) at scale \(Int(scale))")
        }
        let w = Int((size.width * scale).rounded(.up))
        let h = Int((size.height * scale).rounded(.up))
        guard w > 0, h > 0, w * h <= Self.maximumPixels else { throw .invalidSize("\(size) at scale \(Int(scale))") }
        return (w, h)
    }

    /// Transparent pixels for an image of `size` points at `scale`.
    /// - Throws: ``RenderError/invalidSize(_:)`` as ``deviceSize(of:scale:)``;
    ///   ``RenderError/cairo(_:)`` when Cairo cannot make the surface.
    init(size: ScreenSize, scale: Double) throws(RenderError) {
        let (w, h) = try Self.deviceSize(of: size, scale: scale)
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            cairo_surface_status(s) == CAIRO_STATUS_SUCCESS
        else { throw .cairo("cannot create a \(w)×\(h) surface") }
        surface = s
        self.scale = scale
        (width, height, stride) = (w, h, Int(cairo_image_surface_get_stride(s)))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Rasterises `ops` in order: with Blend2D on the caller's thread, or with Cairo on `bands`
    /// horizontal bands of rows at once, one thread each (1 to 8; every band draws every operation
    /// on its own rows, so the pixels are those of one Cairo target on the whole image except where
    /// Cairo steps an edge that crosses a band's first row a little differently;
    /// ``MapRenderer/bands``).
    ///
    /// Blend2D falls back to Cairo when it refuses the pixels. Returns false when `deadline` passed
    /// before every operation was drawn.
    func rasterise(_ ops: [DrawOp], with rasterizer: MapRenderer.Rasterizer, bands: Int, deadline: Deadline) -> Bool {
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        if rasterizer == .blend2d,
            let target = Blend2DTarget(
                pixels: data, width: width, height: height, stride: stride, scale: scale, threads: 1)
        {
            return replay(ops, on: target, deadline: deadline)
        }
        let n = max(1, min(bands, 8, height))  // at most 8 threads: more only repeats each path's stroking
        let shared = UnsafeSendable((ops, data, self.scale, width, height, stride))
        let finished = UnsafeSendable(UnsafeMutableBufferPointer<Bool>.allocate(capacity: n))
        defer { finished.value.deallocate() }
        finished.value.initialize(repeating: false)
        DispatchQueue.concurrentPerform(iterations: n) { b in
            let (ops, data, scale, width, height, stride) = shared.value
            let top = height * b / n
            let bottom = height * (b + 1) / n
            guard
                let band = CairoTarget(
                    rows: data + top * stride, width: width, height: bottom - top, stride: stride, top: top,
                    scale: scale)
            else { return }
            finished.value[b] = replay(ops, on: band, deadline: deadline)
        }
        return finished.value.allSatisfy { $0 }
    }
}

/// A value handed to the band threads: the recorded operations (their images and stamps are
/// only read) and the frame's pixels (each band writes its own rows).
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
