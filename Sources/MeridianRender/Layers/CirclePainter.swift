import MeridianCamera
import MeridianGeometry
import MeridianStyle
import RealModule

/// Circle layers: a disc of `circle-radius` points (default 5) in `circle-color` at
/// `circle-opacity` on each vertex of the layer's features in front of the eye (a point's, and
/// every vertex of a line or a polygon's rings, as MapLibre's circle buckets take them), ringed
/// outside by `circle-stroke-width` points of `circle-stroke-color` at `circle-stroke-opacity`,
/// its edge faded over `circle-blur` of the radius (1: from the centre), moved by
/// `circle-translate` on the ground, drawn in `circle-sort-key` order (lowest first), each
/// point once (in the tile whose own square holds it).
///
/// A circle facing the screen is computed pixel by pixel as MapLibre's circle shader computes it
/// (``CircleStamp``): its edge faded over the last device pixel within the radius (or
/// `circle-blur`), the disc's colour mixed into the ring's, never the background between them.
///
/// Under tilt, as in MapLibre: `circle-pitch-scale` `map` (the default) shrinks circles with
/// their distance as the ground does (`viewport` keeps their size); `circle-pitch-alignment`
/// `map` lays them on the ground (ellipses, drawn as 48-sided polygons), `viewport` (the
/// default) keeps them facing the screen. Radii and strokes are bounded to 1024 points.
struct CirclePainter: LayerPainter {
    /// Sides of a circle laid on the ground.
    static let sides = 48

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let zoom = frame.styleZoom
        let translate = frame.translation(layer, .circleTranslate, anchor: StyleProperty.CircleTranslateAnchor.self)
        let scaleWithMap = layer.keyword(StyleProperty.CirclePitchScale.self, zoom: zoom) == .map
        let onGround = frame.isTilted && layer.keyword(StyleProperty.CirclePitchAlignment.self, zoom: zoom) == .map
        var features = frame.features(layer, tiles)
        if layer[.circleSortKey] != nil {
            let keys = features.map { layer.number(.circleSortKey, $0.properties, zoom: zoom) }
            features = zip(keys, features).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map(\.element.1)
        }
        for f in features {
            let p = f.properties
            let radius = layer.number(.circleRadius, p, zoom: zoom)
            let stroke = layer.number(.circleStrokeWidth, p, zoom: zoom)
            let blur = layer.number(.circleBlur, p, zoom: zoom)
            let fill = layer.color(.circleColor, opacity: .circleOpacity, p, zoom: zoom)
            let ring =
                stroke > 0
                ? layer.color(.circleStrokeColor, opacity: .circleStrokeOpacity, p, zoom: zoom)
                : nil
            guard fill != nil || ring != nil else { continue }
            for point in f.ownVertices {
                var world = frame.ground.world([point], tile: f.tile, extent: f.extent)[0]
                world = MercatorPoint(x: world.x + translate.x, y: world.y + translate.y)
                let depth = frame.isTilted ? frame.viewport.depthRatio(forWorld: world) : 1
                guard depth > GroundGeometry.nearDepth, let centre = frame.viewport.point(forWorld: world) else {
                    continue
                }
                let k = frame.isTilted && scaleWithMap ? 1 / depth : 1
                if onGround {
                    // Radii on the ground: points at the target's depth, so the projection shrinks them.
                    let perPoint = (scaleWithMap ? 1 : depth) / frame.viewport.worldSize
                    draw(at: world, radius: radius * perPoint, stroke: stroke * k, fill, ring, frame)
                } else {
                    frame.canvas.circle(
                        at: centre, radius: radius * k, stroke: stroke * k, blur: blur, fill: fill, ring: ring)
                }
            }
        }
    }

    /// A circle laid on the ground: its ring of world points projected (filled, and stroked
    /// `stroke` points wide outside).
    func draw(
        at world: MercatorPoint, radius: Double, stroke: Double, _ fill: RGBA?, _ ring: RGBA?, _ frame: FrameContext
    ) {
        let ground = (0..<Self.sides).map { i -> MercatorPoint in
            let a = Double(i) / Double(Self.sides) * 2 * .pi
            return MercatorPoint(x: world.x + radius * Double.cos(a), y: world.y + radius * Double.sin(a))
        }
        let screen = frame.ground.ring(ground)
        guard screen.count >= 3 else { return }
        if let fill { frame.canvas.fill(Polylines([screen]), fill) }
        if let ring { frame.canvas.stroke(Polylines([screen]), ring, width: stroke, closed: true) }
    }
}
