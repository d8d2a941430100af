import MeridianCamera
import MeridianGeometry
import MeridianStyle

/// A sprite image repeated along a line (`line-pattern`), as MapLibre's `line_pattern` shader
/// lays it: the image's height spans the line's width (its first row on the line's left, seen
/// along it), and a repeat is the image's width scaled by as much, repeating from the line's
/// first point; the image is read with MapLibre's atlas border (``FillPattern/wrapped()``: the
/// bordered image spread over each repeat and over the width plus half a device pixel of fringe
/// each side), one bilinear read per pixel. `line-color` and `line-dasharray` do not apply (the
/// specification disables them).
///
/// Each segment is one quad filled with the pattern turned along it (``FillPattern``, so Cairo
/// repeats it), with butt ends: at a bend the segments meet along the line, and its outer corner
/// (a wedge up to half the width deep) is left undrawn. Under tilt the repeat keeps its screen
/// size along the line (MapLibre's foreshortens with the ground); the width thins as the line's does.
enum LinePattern {
    /// The quads and their patterns of one line on the screen (points), `width` points wide,
    /// `pattern` the image; segments whose quad misses `view` (points, widened by the width) are
    /// left out, but still count toward the distance, so the repeat stays fixed to the line's
    /// start whatever the view shows.
    static func append(
        _ line: UnsafeBufferPointer<ScreenPoint>, width: Double, pattern: FillPattern, view: ScreenSize, scale: Double,
        into out: inout [(Polylines, FillPattern)]
    ) {
        guard line.count >= 2, width > 0 else { return }
        // The image with its border (``FillPattern/wrapped()``): w + 2 by h + 2 pixels.
        let (w, h) = (Double(pattern.tile.width - 2), Double(pattern.tile.height - 2))
        guard w > 0, h > 0 else { return }
        // MapLibre's line_pattern shader: across, the bordered image spans the line's width and
        // its antialiased fringe (half a device pixel each side); along, a repeat is the image's
        // width scaled as its height is to the line's width, the bordered image spread over it.
        let fringe = 0.5 / scale
        let across = (width + 2 * fringe) / (h + 2)
        let repeatLength = w * width / h
        let k = repeatLength / (w + 2)
        let half = width / 2
        var distance = 0.0
        for i in 0..<(line.count - 1) {
            let (p, q) = (line[i], line[i + 1])
            let (dx, dy) = (q.x - p.x, q.y - p.y)
            let length = (dx * dx + dy * dy).squareRoot()
            defer { distance += length }
            guard length > 1e-9, length.isFinite else { continue }
            let (ex, ey) = (dx / length, dy / length)
            let (nx, ny) = (-ey, ex)
            guard max(p.x, q.x) >= -width, min(p.x, q.x) <= view.width + width, max(p.y, q.y) >= -width,
                min(p.y, q.y) <= view.height + width
            else { continue }
            // Image pixel (0, 0): the last repeat's start behind p, half the image's height across.
            let back = distance.truncatingRemainder(dividingBy: repeatLength)
            let origin = ScreenPoint(
                x: p.x - ex * back + nx * (h + 2) / 2 * across, y: p.y - ey * back + ny * (h + 2) / 2 * across)
            let map = StampMatrix(a: ex * k, b: ey * k, c: -nx * across, d: -ny * across)
            var quad = Polylines()
            quad.append([
                ScreenPoint(x: p.x + nx * half, y: p.y + ny * half),
                ScreenPoint(x: q.x + nx * half, y: q.y + ny * half),
                ScreenPoint(x: q.x - nx * half, y: q.y - ny * half),
                ScreenPoint(x: p.x - nx * half, y: p.y - ny * half),
            ])
            out.append((quad, pattern.placed(origin: origin, map: map)))
        }
    }
}

/// A line layer's `line-pattern` over one frame: each image's pattern made once per opacity, the
/// quads of every feature gathered in drawing order and recorded as one operation.
struct LinePatterns {
    /// The image name per feature (a string, or `image`'s result).
    let image: ResolvedProperty
    private let viewport: Viewport
    private let scale: Double
    private let images: StyleImages
    private var made: [String: FillPattern?] = [:]
    private var quads: [(Polylines, FillPattern)] = []
    /// Images features named that no sprite has.
    private(set) var missing: Set<String> = []

    /// Nil when the layer sets no `line-pattern`.
    init?(_ layer: Style.Layer, in frame: FrameContext) {
        image = layer.resolved(.linePattern, zoom: frame.styleZoom)
        guard image.expression != nil else { return nil }
        (viewport, scale, images) = (frame.viewport, frame.canvas.scale, frame.images)
    }

    /// Adds a feature's lines (screen points), `width` points wide, in image `name` at `opacity`.
    mutating func add(_ lines: Polylines, image name: String, opacity: Double, width: Double) {
        let key = "\(name)\u{0}\(opacity)"
        if made[key] == nil {
            if let sprite = images.image(name, scale: scale) {
                made[key] = .some(FillPattern(sprite, viewport: viewport, opacity: opacity)?.wrapped())
            } else {
                missing.insert(name)
                made[key] = .some(nil)
            }
        }
        guard let pattern = made[key] ?? nil else { return }
        lines.forEachPart {
            LinePattern.append($0, width: width, pattern: pattern, view: viewport.size, scale: scale, into: &quads)
        }
    }

    /// Records the gathered quads, then reports the missing images to the frame.
    func draw(in frame: FrameContext) {
        frame.canvas.patternFills(quads)
        frame.missingImages.names.formUnion(missing)
    }
}
