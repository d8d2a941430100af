import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles
import RealModule

/// Labels along lines (`symbol-placement: line`, e.g. street names): set along straight
/// stretches of their lines, turned with the line but kept upright (never upside down), and
/// where the line bends, glyph by glyph along it (``CurvedLabels``); sharing the collision boxes
/// of the point labels.
///
/// Where a label may go is where MapLibre may set it: the anchors of each tile's piece of the
/// line (``LineLabelLayout``, ``LineAnchors``), fixed on the ground, placed in the data's order
/// (``SourceOrder``), so every view of the same ground offers the same candidates in the same
/// order (``LabelArea``).
enum LineLabels {
    struct Candidate {
        let text: String
        var center: ScreenPoint
        /// Radians clockwise from the screen's x axis (0 for `text-rotation-alignment: viewport`).
        var angle: Double
        /// How the name is inked (``TextLook``).
        let look: TextLook
        /// Set glyph by glyph along a bend (``CurvedLabels``), else nil (straight, at `angle`).
        var glyphs: [PlacedGlyph]? = nil
        /// A straight name laid on the ground under tilt: its map about ``center``
        /// (``LineLabels/groundStraight(_:_:center:plane:viewport:)``); nil: turned by `angle`.
        var matrix: StampMatrix? = nil
        /// Where the label comes in the data: its placement order within its layer.
        var source = SourceOrder()
        /// The text's overlap and `text-ignore-placement` (a straight name with an icon becomes a
        /// point symbol, ``LineLabelIcons``; an icon alone is set by ``LineIcons``).
        var rules = PlacementRules()
        /// The layer's index in the style: later layers are placed first.
        var layerOrder = 0
        /// `text-padding`, points: half of it along the text, all of it across (the layer's, set
        /// by ``SymbolPainter``).
        var padding = 0.0
        /// The name's feature properties (``LineLabelLayout/Name/properties``).
        var properties: [String: StyleValue] = [:]
    }

    /// Candidates from a symbol layer's line layout (``LineLabelLayout``: each name's lines tile
    /// by tile in world points, and their anchors): every anchor in the frame's label area where
    /// the line runs straight for the text offers a candidate centred on it, and one where it
    /// bends a candidate set glyph by glyph, unsorted (the caller puts every layer's candidates in
    /// ``isPlacedBefore(_:_:)``'s order). Under tilt each is scaled by MapLibre's perspective
    /// ratio (``LabelPlacer/perspectiveRatio(depth:onGround:)``).
    static func candidates(_ layout: LineLabelLayout, _ frame: FrameContext) -> [Candidate] {
        let viewport = frame.viewport
        let scale = layout.scale
        let area = frame.labelArea
        // Laid on the ground under tilt: sizes and reaches are the ground's, at the target's scale.
        let onGround = frame.isTilted && layout.onGround
        let plane = GroundPlane(bearing: viewport.camera.bearing)
        var out: [Candidate] = []
        for name in layout.names {
            let text = name.text
            var halfWidth: Double?  // at the name's size, measured at the first anchor in the region
            for line in name.lines {
                for anchor in line.anchors {
                    let world = MercatorPoint(x: anchor.point.x / scale, y: anchor.point.y / scale)
                    let depth = viewport.depthRatio(forWorld: world)
                    guard depth > GroundGeometry.nearDepth, depth <= LabelPlacer.maximumDepth,
                        let center = viewport.point(forWorld: world), area.holds(center)
                    else { continue }
                    let width =
                        halfWidth
                        ?? frame.canvas.measure(
                            text, size: name.look.size, font: name.look.font, letterSpacing: name.look.letterSpacing
                        ).width / 2
                    halfWidth = width
                    var sized = name.look
                    sized.size *= LabelPlacer.perspectiveRatio(depth: depth, onGround: onGround)
                    let half = width * sized.size / max(name.look.size, 1e-9)
                    let source = SourceOrder(
                        tile: line.tile, feature: line.feature, anchor: anchor.order, bearing: viewport.camera.bearing)
                    // Reach in world points: farther ground is smaller on screen by `depth` (text on
                    // the ground is as long there as at the target).
                    let k = onGround ? 1 : depth
                    guard let chord = stretch(line.points, at: anchor, reach: half * k, tolerance: 2 * k),
                        let a = viewport.point(forWorld: MercatorPoint(x: chord.0.x / scale, y: chord.0.y / scale)),
                        let b = viewport.point(forWorld: MercatorPoint(x: chord.1.x / scale, y: chord.1.y / scale))
                    else {
                        // Where the line bends: glyph by glyph along it.
                        let glyphs: [PlacedGlyph]? =
                            if onGround {
                                groundGlyphs(
                                    name, look: sized, line: line.points, at: anchor, reach: half + 1, plane: plane,
                                    viewport: viewport, scale: scale)
                            } else if let (path, at) = CurvedLabels.path(
                                line.points, at: anchor, reach: (half + 1) * depth, viewport: viewport, scale: scale)
                            {
                                CurvedLabels.layout(
                                    text, size: sized.size, font: name.look.font,
                                    letterSpacing: name.look.letterSpacing,
                                    maxAngle: name.maxAngle, along: path, at: at)
                            } else { nil }
                        if let glyphs {
                            out.append(
                                Candidate(
                                    text: text, center: center, angle: 0, look: sized,
                                    glyphs: glyphs, source: source, properties: name.properties))
                        }
                        continue
                    }
                    var angle = Double.atan2(y: b.y - a.y, x: b.x - a.x)
                    if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
                    var matrix: StampMatrix?
                    if onGround {
                        guard
                            let laid = groundStraight(chord.0, chord.1, center: world, plane: plane, viewport: viewport)
                        else { continue }
                        (angle, matrix) = (laid.angle, laid.matrix)
                    }
                    out.append(
                        Candidate(
                            text: text, center: center, angle: angle, look: sized,
                            matrix: matrix, source: source, properties: name.properties))
                }
            }
        }
        return out
    }

    /// Placement order: as MapLibre's, the last layer first, then the data's order
    /// (``SourceOrder``: tile, feature, anchor along it), which no view changes.
    static func isPlacedBefore(_ a: Candidate, _ b: Candidate) -> Bool {
        (-a.layerOrder, a.source) < (-b.layerOrder, b.source)
    }

    /// A place on a line: segment `index` (from point `index` to `index + 1`) at `point`; `order`
    /// counts the feature's anchors from its first.
    struct Anchor {
        let index: Int, point: ScreenPoint
        var order = 0
    }

    /// The chord of the line around an anchor, `reach` points along the line each way, when the
    /// line runs straight there: every vertex within `tolerance` of the chord and every segment
    /// turned less than ``maximumBend`` from it; nil when the line bends or ends within reach.
    static func stretch(
        _ line: [ScreenPoint], at anchor: Anchor, reach: Double, tolerance: Double
    ) -> (ScreenPoint, ScreenPoint)? {
        guard reach > 0, let ahead = walk(line, from: anchor, reach: reach, step: 1),
            let behind = walk(line, from: anchor, reach: reach, step: -1),
            let a = behind.last, let b = ahead.last
        else { return nil }
        let chord = b - a
        let length = chord.length
        guard length > 0 else { return nil }
        let path = behind.reversed() + [anchor.point] + ahead
        for point in path where abs((point.x - a.x) * chord.dy - (point.y - a.y) * chord.dx) / length > tolerance {
            return nil
        }
        let cosLimit = Double.cos(maximumBend * .pi / 180)
        for (p, q) in zip(path, path.dropFirst()) {
            let d = q - p
            let l = d.length
            if l > 1e-9, (d.dx * chord.dx + d.dy * chord.dy) / (l * length) < cosLimit { return nil }
        }
        return (a, b)
    }

    /// The points of `line` from `anchor` along it, forwards (`step` 1) or backwards (-1),
    /// ending exactly `reach` points away; nil when the line ends first.
    static func walk(_ line: [ScreenPoint], from anchor: Anchor, reach: Double, step: Int) -> [ScreenPoint]? {
        var points: [ScreenPoint] = []
        var from = anchor.point
        var left = reach
        var next = step > 0 ? anchor.index + 1 : anchor.index
        while next >= 0 && next < line.count {
            let d = (line[next] - from).length
            if d >= left {
                let t = left / d
                points.append(
                    ScreenPoint(x: from.x + (line[next].x - from.x) * t, y: from.y + (line[next].y - from.y) * t))
                return points
            }
            points.append(line[next])
            left -= d
            from = line[next]
            next += step
        }
        return nil
    }

    /// Most degrees a segment may turn from the chord and still carry straight text.
    static let maximumBend = 12.0

    /// Places the line labels that fit in `area` (candidates come from ``candidates(_:_:)``,
    /// whose centres lie in its region); `taken` holds the boxes already used, and each placed
    /// label's boxes are added to it, shown or not.
    ///
    /// Returns the labels `area` shows, with how to draw each.
    static func place(
        _ candidates: [Candidate], measuring canvas: Canvas, area: LabelArea, taken: inout TakenBoxes
    ) -> [ShownLabel] {
        var shown: [ShownLabel] = []
        for c in candidates {
            let look = c.look
            let m = canvas.measure(c.text, size: look.size, font: look.font, letterSpacing: look.letterSpacing)
            if let glyphs = c.glyphs {
                // A box per glyph (marks ride on theirs), all free; shown when their union is.
                let advances = TextShaper.shape(c.text, font: look.font, letterSpacing: look.letterSpacing).glyphs.map {
                    $0.glyph.advance * look.size
                }
                let boxes = zip(glyphs, advances).filter { $0.1 > 0 }.map {
                    CurvedLabels.box($0.0, advance: $0.1 + c.padding / 2, height: m.height + c.padding)
                }
                guard !boxes.isEmpty,
                    !boxes.contains(where: { taken.blocks($0, c.rules.textOverlap) })
                else { continue }
                if !c.rules.textIgnorePlacement { taken.take(boxes, c.rules.textOverlap) }
                let union = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
                guard area.shows(union) else { continue }
                shown.append(
                    ShownLabel(
                        label: PlacedLabel(text: c.text, anchor: c.center, box: union, glyphs: glyphs),
                        ink: .curved(c, glyphs: glyphs, height: m.height), layer: c.layerOrder))
                continue
            }
            // Boxes along the turned (or mapped) text, each about as long as the text is tall, as
            // MapLibre's collision circles follow a name: one box around a slanted name would
            // keep a wide rectangle free beside it.
            let (hw, hh) = (m.width / 2 + c.padding, m.height / 2 + c.padding / 2)
            let t = c.matrix ?? .turn(c.angle)
            let pieces = max(1, min(64, Int((hw / max(hh, 1e-9)).rounded(.up))))
            let step = hw / Double(pieces)
            let (ex, ey) = (step * abs(t.a) + hh * abs(t.c), step * abs(t.b) + hh * abs(t.d))
            let boxes: [LabelArea.Box] = (0..<pieces).map { i in
                let along = -hw + step * Double(2 * i + 1)
                let (x, y) = (c.center.x + along * t.a, c.center.y + along * t.b)
                return LabelArea.Box(x - ex, y - ey, x + ex, y + ey)
            }
            guard
                !boxes.contains(where: { taken.blocks($0, c.rules.textOverlap) })
            else { continue }
            if !c.rules.textIgnorePlacement { taken.take(boxes, c.rules.textOverlap) }
            let box = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
            guard area.shows(box) else { continue }
            shown.append(
                ShownLabel(
                    label: PlacedLabel(text: c.text, anchor: c.center, box: box, parts: boxes), ink: .straight(c),
                    layer: c.layerOrder))
        }
        return shown
    }
}
