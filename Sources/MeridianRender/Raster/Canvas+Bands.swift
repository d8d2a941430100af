import CCairo
import Foundation
import MeridianGeometry

/// One drawing operation of a frame, recorded while the frame is composed and replayed on
/// bands of the image, each band on its own thread (``Canvas/replay(_:bands:deadline:)``), or
/// by Blend2D (``Canvas/replayBlend2D(_:threads:deadline:)``).
enum DrawOp {
    case fillAll(RGBA)
    case fill(Polylines, RGBA, evenOdd: Bool)
    case stroke(Polylines, RGBA, width: Double, closed: Bool, ends: LineEnds)
    case disc(ScreenPoint, radius: Double, RGBA)
    case image(RasterImage, from: [ScreenPoint], to: [ScreenPoint], opacity: Double)
    case rectangle(x: Double, y: Double, width: Double, height: Double, RGBA)
    /// A label stamp at whole device pixels (its top left).
    case stamp(LabelStamp, x: Int, y: Int)
    /// An upright stamp turned by `angle` radians about its reference point, placed at whole
    /// device pixel (`x`, `y`).
    case turnedStamp(LabelStamp, x: Double, y: Double, angle: Double)
    /// Building prisms, each wall and roof in order (``PrismBatch``).
    case prisms(PrismBatch)
}

extension Canvas {
    /// Appends `op` when the canvas is recording (``ops`` set) and says so; the caller draws
    /// it directly otherwise.
    func record(_ op: @autoclosure () -> DrawOp) -> Bool {
        guard ops != nil else { return false }
        ops!.append(op())
        return true
    }

    /// Draws one operation on this canvas.
    func apply(_ op: DrawOp) {
        switch op {
        case let .fillAll(c): fillAll(c)
        case let .fill(parts, c, evenOdd): fill(parts, c, evenOdd: evenOdd)
        case let .stroke(parts, c, width, closed, ends): stroke(parts, c, width: width, closed: closed, ends: ends)
        case let .disc(center, radius, c): disc(center, radius: radius, c)
        case let .image(image, src, dst, opacity): self.image(image, from: src, to: dst, opacity: opacity)
        case let .rectangle(x, y, width, height, c): rectangle(x: x, y: y, width: width, height: height, c)
        case let .stamp(stamp, x, y): paint(stamp, x: x, y: y)
        case let .turnedStamp(stamp, x, y, angle): paint(stamp, x: x, y: y, turnedBy: angle)
        case let .prisms(batch): drawPrisms(batch)
        }
    }

    /// Replays recorded operations on `bands` horizontal bands of this canvas's pixels at once,
    /// one thread each. Every band draws the same operations through its own Cairo context on
    /// its own rows (a translation by whole device rows), so the pixels are those of drawing
    /// the operations on the whole canvas, except where Cairo steps an edge that crosses a
    /// band's first row a little differently (a few levels; ``MapRenderer/bands``). Each band
    /// stops once `deadline` has passed (checked every 32 operations); returns false then.
    func replay(_ ops: [DrawOp], bands: Int, deadline: Date? = nil) -> Bool {
        let height = Int(cairo_image_surface_get_height(surface)), width = Int(cairo_image_surface_get_width(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let n = max(1, min(bands, 8, height))   // at most 8 threads: more only repeats each path's stroking
        cairo_surface_flush(surface)
        @Sendable func late(_ i: Int) -> Bool { i % 32 == 0 && deadline.map { Date() > $0 } == true }
        guard n > 1, let data = cairo_image_surface_get_data(surface) else {
            for (i, op) in ops.enumerated() {
                if late(i) { return false }
                apply(op)
            }
            return true
        }
        let shared = UnsafeSendable((ops, data, scale))
        let finished = UnsafeSendable(UnsafeMutableBufferPointer<Bool>.allocate(capacity: n))
        defer { finished.value.deallocate() }
        DispatchQueue.concurrentPerform(iterations: n) { b in
            let (ops, data, scale) = shared.value
            finished.value[b] = false
            let top = height * b / n, bottom = height * (b + 1) / n
            guard let band = Canvas(rows: data + top * stride, width: width, height: bottom - top, stride: stride, top: top, scale: scale) else { return }
            for (i, op) in ops.enumerated() {
                if late(i) { return }
                band.apply(op)
            }
            cairo_surface_flush(band.surface)
            finished.value[b] = true
        }
        cairo_surface_mark_dirty(surface)
        return finished.value.allSatisfy { $0 }
    }
}

extension Canvas {
    /// Replays recorded operations with Blend2D for the geometry (fills, strokes, discs,
    /// rectangles; ``Blend2DTarget``, on `threads` of Blend2D's own threads) and Cairo for label
    /// stamps and raster images, in their order: Blend2D's work is waited for before Cairo draws
    /// and Cairo's flushed before Blend2D goes on. Stops once `deadline` has passed (checked every
    /// 32 operations); returns false then. Falls back to ``replay(_:bands:deadline:)`` when
    /// Blend2D refuses the surface.
    func replayBlend2D(_ ops: [DrawOp], threads: Int, deadline: Date? = nil) -> Bool {
        cairo_surface_flush(surface)
        let height = Int(cairo_image_surface_get_height(surface)), width = Int(cairo_image_surface_get_width(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface),
              let target = Blend2DTarget(pixels: data, width: width, height: height, stride: stride, scale: scale, threads: max(1, min(threads, 8))) else {
            return replay(ops, bands: threads, deadline: deadline)
        }
        defer { cairo_surface_mark_dirty(surface) }
        for (i, op) in ops.enumerated() {
            if i % 32 == 0, let deadline, Date() > deadline {
                target.sync()
                return false
            }
            switch op {
            case let .fillAll(c): target.fillAll(c)
            case let .fill(parts, c, evenOdd): target.fill(parts, c, evenOdd: evenOdd)
            case let .stroke(parts, c, width, closed, ends): target.stroke(parts, c, width: width, closed: closed, ends: ends)
            case let .disc(center, radius, c): target.disc(center, radius: radius, c)
            case let .rectangle(x, y, w, h, c): target.rectangle(x: x, y: y, width: w, height: h, c)
            case let .prisms(batch): target.prisms(batch)
            case let .turnedStamp(stamp, x, y, angle):
                cairo_surface_flush(stamp.surface)
                guard let pixels = cairo_image_surface_get_data(stamp.surface) else { continue }
                target.blit(pixels, width: Int(cairo_image_surface_get_width(stamp.surface)), height: Int(cairo_image_surface_get_height(stamp.surface)),
                            stride: Int(cairo_image_surface_get_stride(stamp.surface)), originX: stamp.originX, originY: stamp.originY,
                            at: x, y, turnedBy: angle)
            case .image, .stamp:
                target.sync()
                cairo_surface_mark_dirty(surface)
                apply(op)
                cairo_surface_flush(surface)
            }
        }
        target.sync()
        return true
    }
}

/// A value handed to the band threads: the recorded operations (their images and stamps are
/// only read) and the canvas's pixels (each band writes its own rows).
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
