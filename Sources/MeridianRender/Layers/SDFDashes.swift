import MeridianCamera
import MeridianGeometry

/// A line layer's dashed lines drawn as MapLibre's `line_sdf` shader draws them: pixel by pixel
/// (``GradientLine`` with one colour), each feature's dashes read from MapLibre's line atlas
/// (``DashAtlas``: round caps lay the dashes' ends round and half a width beyond them, as
/// MapLibre's round atlas does) at the distance along its tile's piece of the line, each piece
/// kept to its tile's square. The distance is MapLibre's: tile units from the piece's first
/// vertex (so the pattern starts again in each tile, as in MapLibre), halved and truncated per
/// vertex as its vertex buffer keeps it, read at the tile's pixels per unit at the whole zoom
/// below (the pattern grows with the map between whole zooms; an overscaled tile's keeps its
/// size on the screen, as MapLibre's does).
///
/// ``LinePainter`` draws layers of round-capped dashes this way (MapLibre's round atlas ends each
/// dash half a width beyond it, which dashes cut for a stroke cannot); lines with butt or square
/// ends, a gap width or an offset, and lines with a vertex behind the eye, are stroked as their
/// dashes (``Dashes``), the same pixels within the shader's one-pixel softness at a fraction of the
/// cost.
struct SDFDashes {
    private var parts: [GradientLine.Part] = []
    private var cap = StrokeStyle.Cap.butt
    /// Atlases of the layer's dash patterns met so far (a pattern's rows are made once a frame).
    private var atlases: [[Double]: DashAtlas] = [:]
    /// Whether the layer's `line-cap` is `round` for every feature (MapLibre's round atlas then).
    let roundAtlas: Bool

    init(roundAtlas: Bool) { self.roundAtlas = roundAtlas }

    var isEmpty: Bool { parts.isEmpty }

    /// Adds a feature's part: `screen` its vertices (points), `world` the same on the ground
    /// (normalised world, unshifted), `tileZoom` its tile's zoom and `floorZoom` the whole zoom
    /// below the style's; `lengths` the dash pattern in widths, `width` the stroke's width and
    /// `floorWidth` `line-width` at the floor zoom, points; `color` straight, opacity included.
    /// Call ``flush(on:)`` first when `cap` differs from the parts gathered.
    mutating func add(
        screen: ArraySlice<ScreenPoint>, world: ArraySlice<MercatorPoint>, tileZoom: Int, zoom: Double,
        lengths: [Double], width: Double, floorWidth: Double, blur: Double, color: RGBA, cap: StrokeStyle.Cap,
        clip: [ScreenPoint]?
    ) {
        guard screen.count >= 2, screen.count == world.count, width > 0 else { return }
        let floorZoom = zoom.rounded(.down)
        let atlas = atlases[lengths] ?? DashAtlas(lengths, round: roundAtlas)
        if atlases.count < 64 { atlases[lengths] = atlas }
        let units = Double.exp2(Double(min(max(tileZoom, 0), 30))) * 8192
        let ratio = 512 * Double.exp2(floorZoom - Double(tileZoom)) / 8192
        let zoomFraction = min(max(zoom - floorZoom, 0), 1)
        let period = max(atlas.period, 1e-9) * max(floorWidth, 1e-6)
        var distance = 0.0
        var along: [Double] = []
        along.reserveCapacity(world.count)
        var previous = world[world.startIndex]
        for p in world {
            distance +=
                ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y))
                .squareRoot() * units
            previous = p
            along.append(2 * (distance * 0.5).rounded(.towardZero) * ratio / period)
        }
        self.cap = cap
        let a = Float(min(max(color.a, 0), 1))
        parts.append(
            GradientLine.Part(
                points: Array(screen), progress: Array(repeating: 0, count: screen.count),
                halfWidth: Array(repeating: width / 2, count: screen.count), blur: blur, opacity: 1,
                ramp: [SIMD4(Float(color.r) * a, Float(color.g) * a, Float(color.b) * a, a)], clip: clip,
                dash: atlas.isSolid
                    ? nil
                    : GradientLine.Dashing(
                        atlas: atlas, along: along, floorWidth: floorWidth * Double.exp2(zoomFraction))))
    }

    /// Whether a part with `cap` can join the parts gathered.
    func accepts(_ cap: StrokeStyle.Cap) -> Bool { parts.isEmpty || cap == self.cap }

    /// Records the parts gathered as one drawing operation.
    mutating func flush(on canvas: Canvas) {
        guard !parts.isEmpty else { return }
        canvas.gradientLine(GradientLine(parts: parts, cap: cap))
        parts.removeAll()
    }
}
