import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// One glyph of a label set along a curve: its advance's middle on the line, in points, and
/// its angle, radians clockwise from the screen's x axis (upright: within ±90°).
public struct PlacedGlyph: Hashable, Sendable {
    public let center: ScreenPoint
    public let angle: Double
    /// A glyph laid on the ground under tilt: its map about ``center`` (the ground's local linear
    /// map after the turn); nil: turned by ``angle`` on the screen.
    var matrix: StampMatrix? = nil
}

/// A label the renderer drew: its text, where its point is, and the screen box it took.
public struct PlacedLabel: Hashable, Sendable {
    public let text: String
    public let anchor: ScreenPoint
    /// The label's box on the screen.
    public let box: LabelBox
    /// For a name set along a bending line, each glyph where it was drawn; empty otherwise.
    public var glyphs: [PlacedGlyph] = []
    /// The boxes the label took, which collide with others each alone, as MapLibre's do: a point
    /// symbol's shown parts (text, icon), a straight name's boxes along its text (``box`` is
    /// their union, so two labels' boxes may overlap where none of their parts do); empty for
    /// names set glyph by glyph (``glyphs``).
    public var parts: [LabelBox] = []
}

/// Point labels (symbol layers) and their icons (``PointIcon``): upright, never overlapping one another, never drawn over the
/// credit line, placed in a ``LabelArea`` (beyond the view's edges for a flat camera), the most
/// important first, each drawn at most once however many tiles carry it. Features of the same
/// text are labelled each (as MapLibre labels them; collisions still keep them apart): the
/// numbers of a layer of clusters are all shown.
///
/// Under tilt, nothing is labelled deeper than ``maximumDepth`` (three times the target's
/// distance), where the ground is too foreshortened to read.
struct LabelPlacer {
    /// The radius of the built-in `dot` icon, points.
    static let dotRadius = 2.5
    static let maximumDepth = 3.0

    /// A point symbol that may be placed: its text and how it looks, where, how important, and
    /// its icon.
    struct Candidate {
        let text: String, anchor: ScreenPoint, priority: Double
        /// How the text is inked (``TextLook``; none for an icon alone).
        let look: TextLook
        /// The layer's index in the style: later layers are placed first.
        let layerOrder: Int
        /// `text-anchor`, `text-offset` and `text-justify`: the first of the placements tried
        /// (the one kept, once placed).
        var placement: TextPlacement
        /// The variable anchors' other placements, tried in order after ``placement``.
        var alternatives: [TextPlacement] = []
        /// Where the symbol comes in the data: the tie-break between equal priorities.
        var source = SourceOrder()
        /// The icon at the point (`icon-image`), placed with the text as ``rules`` say.
        var icon: PointIcon? = nil
        /// Whether icon and text may overlap others, keep others off, or go without each other.
        var rules = PlacementRules()
        /// Drawn in order down the screen within its layer (`symbol-z-order`; ``ShownLabel``).
        var drawnByY = false
        /// The icon stretched over the text once it is placed (``IconFit``).
        var iconFit = IconFit()
        /// How the text is broken, spaced, padded and shifted about the anchor (``TextSetting``).
        var setting = TextSetting()
        /// How the text is mapped about its anchor: turned with the map
        /// (`text-rotation-alignment: map`), laid on the ground under tilt
        /// (`text-pitch-alignment: map`, ``LabelPlacer/groundMatrix(at:turnsWithMap:viewport:)``),
        /// or nil: level and facing the viewer.
        var matrix: StampMatrix? = nil
    }

    /// Candidates from a symbol layer's point features in front of the eye, each text once.
    ///
    /// Priority: the layer's `symbol-sort-key` (lower first), or nearest first with
    /// `symbol-z-order: viewport-y`; ties in the data's order (``SourceOrder``). Layers are placed
    /// from the last to the first (``LabelCandidates/inPlacementOrder()``), as MapLibre does.
    static func candidates(
        _ features: [StyledFeature], _ layer: Style.Layer, _ frame: FrameContext, order: Int
    ) -> [Candidate] {
        let zoom = frame.styleZoom
        let viewport = frame.viewport
        struct Place: Hashable { let text: String, x: Int, y: Int }
        var seen: [Place: TileID] = [:]
        var out: [Candidate] = []
        let style = LabelStyle(layer, zoom: zoom)
        let icons = IconStyle(layer, zoom: zoom)
        let bearing = viewport.camera.bearing
        // `text-rotation-alignment: map`: point labels turn with the map (`auto` is `viewport` for points).
        let turnsWithMap = layer.keyword(StyleProperty.TextRotationAlignment.self, zoom: zoom) == .map
        // `text-pitch-alignment: map` lays the text on the ground under tilt (`auto` follows rotation).
        let pitch = layer.keyword(StyleProperty.TextPitchAlignment.self, zoom: zoom)
        let onGround = frame.isTilted && (pitch == .map || (pitch == .auto && turnsWithMap))
        let textShift = frame.screenTranslation(layer, .textTranslate, anchor: StyleProperty.TextTranslateAnchor.self)
        let iconShift = frame.screenTranslation(layer, .iconTranslate, anchor: StyleProperty.IconTranslateAnchor.self)
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        for (feature, point) in features.flatMap({ f in labelPoints(f.feature, extent: f.extent).map { (f, $0) } }) {
            let p = feature.properties
            var icon = icons.icon(
                p, images: frame.images, scale: frame.canvas.scale, bearing: bearing, missing: &missing)
            icon?.shift = iconShift
            var text = style.text(p) ?? ""
            // `text-writing-mode: vertical` first: one character under the other (``VerticalText``).
            let vertical = !text.isEmpty && style.vertical(text, p)
            if vertical { text = VerticalText.stacked(text) }
            guard !text.isEmpty || icon != nil else { continue }
            let world = frame.ground.world(point, tile: feature.tile, extent: feature.extent)
            if frame.isTilted, icons.liesOnGround {
                icon?.ground = Self.groundMatrix(at: world, turnsWithMap: false, viewport: viewport)
            }
            // The same place comes in every tile whose buffer holds it: label it once. Within one
            // tile, features at one place are each labelled (MapLibre's cross-tile index
            // merges only across tiles): nine points at one place try nine anchors.
            let key = Place(text: text, x: Int(world.x * 1e7), y: Int(world.y * 1e7))
            let depth = viewport.depthRatio(forWorld: world)
            guard seen[key].map({ $0 == feature.tile }) ?? true, depth > GroundGeometry.nearDepth,
                depth <= maximumDepth, let anchor = viewport.point(forWorld: world)
            else { continue }
            seen[key] = feature.tile
            // MapLibre's perspective ratio: nearer symbols larger, farther smaller (and boxes too).
            let ratio = Self.perspectiveRatio(depth: depth, onGround: onGround)
            icon = icon?.scaled(by: Self.perspectiveRatio(depth: depth, onGround: icon?.ground != nil))
            let size = style.size(p) * ratio
            let placements = style.placements(p)
            let sortKey = style.sortKey(p)?.finite
            // `symbol-z-order: viewport-y` places the nearest (lowest on screen) first, sort keys aside.
            let priority = icons.zOrder.placesByY ? anchor.y : sortKey.map { -$0 } ?? 0
            out.append(
                Candidate(
                    text: text, anchor: anchor, priority: priority,
                    look: style.look(
                        p, size: size,
                        font: style.font(p, text: text, glyphs: frame.glyphs, fallback: size >= 13 ? .bold : .regular)),
                    layerOrder: order, placement: placements[0], alternatives: Array(placements.dropFirst()),
                    source: SourceOrder(tile: feature.tile, feature: feature.index, bearing: bearing),
                    icon: icon, rules: icons.rules, drawnByY: icons.zOrder.drawsByY, iconFit: icons.fit,
                    setting: TextSetting(
                        maxWidth: vertical ? .infinity : style.maxWidth(p),
                        lineHeight: vertical ? VerticalText.advance : style.lineHeight(p),
                        padding: style.padding(p) * ratio, shift: textShift),
                    matrix: Self.matrix(
                        onGround
                            ? Self.groundMatrix(at: world, turnsWithMap: turnsWithMap, viewport: viewport)
                            : turnsWithMap ? .turn(-bearing * .pi / 180) : nil, rotate: style.rotate(p))))
        }
        return out
    }

    /// Where a feature's labels go (`symbol-placement: point`), as MapLibre anchors them: every
    /// point of a (multi)point, the first vertex of each part of a line within the tile's own
    /// square (`extent` units; a part cut at the tile's edge starts in its buffer, and is not
    /// labelled there), a polygon's ``labelPoint(_:)``.
    static func labelPoints(_ f: VectorTile.Feature, extent: Int) -> [VectorTile.Point] {
        switch f.type {
        case .point: return f.geometry.flatMap { $0 }
        case .lineString:
            return f.geometry.compactMap(\.first).filter { $0.x >= 0 && $0.y >= 0 && $0.x < extent && $0.y < extent }
        default: return labelPoint(f).map { [$0] } ?? []
        }
    }

    /// Where a feature's label goes: a point's own position, a polygon's outer-ring area
    /// centroid (its first vertex for a degenerate ring), in tile coordinates.
    static func labelPoint(_ f: VectorTile.Feature) -> VectorTile.Point? {
        guard let ring = f.geometry.first, let first = ring.first else { return nil }
        guard f.type == .polygon, ring.count >= 3 else { return first }
        var area = 0.0
        var cx = 0.0
        var cy = 0.0
        for (i, a) in ring.enumerated() {
            let b = ring[(i + 1) % ring.count]
            // Relative to the first vertex, for precision.
            // In Double: two vertices of a hostile tile may be more than Int32's range apart.
            let (x0, y0) = (Double(a.x) - Double(first.x), Double(a.y) - Double(first.y))
            let (x1, y1) = (Double(b.x) - Double(first.x), Double(b.y) - Double(first.y))
            let cross = x0 * y1 - x1 * y0
            area += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        }
        // A self-crossing ring whose lobes nearly cancel has its centroid far away: one outside
        // the tile's 32-bit plane is no place for a label (the first vertex is).
        let (x, y) = (Double(first.x) + (cx / (3 * area)).rounded(), Double(first.y) + (cy / (3 * area)).rounded())
        guard area != 0, let px = Int32(exactly: x), let py = Int32(exactly: y) else { return first }
        return VectorTile.Point(x: px, y: py)
    }

    /// Places the candidates in `area`; boxes in `taken` (labels already set) stay free, and each
    /// placed label's box is added to it, shown or not.
    ///
    /// Returns the labels `area` shows, with how to draw each.
    static func place(
        _ candidates: [Candidate], measuring canvas: Canvas, area: LabelArea, taken: inout TakenBoxes
    ) -> [ShownLabel] {
        var shown: [ShownLabel] = []
        for c in candidates {
            // Anchors must lie in the region: cull before measuring.
            guard area.holds(c.anchor) else { continue }
            // Each part is free where it may overlap, or where no placed box overlaps it; a part
            // that is not free drops the symbol, unless it is optional and the other part is free.
            func free(_ box: LabelArea.Box?, _ overlap: SymbolOverlap) -> Bool {
                guard let box else { return false }
                return !taken.blocks(box, overlap)
            }
            // Lines no wider than text-max-width; the block's anchor on the point, then offset;
            // with variable anchors, the first placement whose text fits (else the first).
            var text: (box: LabelArea.Box, lines: String, left: Double, baseline: Double)? = nil
            var c = c
            if !c.text.isEmpty {
                let (look, setting) = (c.look, c.setting)
                let lines = LineBreaking.lines(
                    c.text, size: look.size, maxWidth: setting.maxWidth, font: look.font,
                    letterSpacing: look.letterSpacing)
                let drawn = lines.joined(separator: "\n")
                let extra = Double(lines.count - 1) * setting.lineHeight * look.size
                var m = canvas.measure(drawn, size: look.size, font: look.font, letterSpacing: look.letterSpacing)
                // A line's box and its baseline below the box's top: MapLibre's for the style's
                // glyphs (a line is text-line-height ems; the glyphs' reference line 17 of 24
                // glyph pixels above the line's middle), the first face's for the system's.
                var baseline = m.height * 0.8
                if look.font.sdf != nil {
                    m.height = setting.lineHeight * look.size
                    baseline = (setting.lineHeight / 2 - 17 / SDFShaping.em) * look.size
                }
                // A line whose glyphs run backwards (letter spacing below minus their advance) has
                // no length in MapLibre: its glyphs are justified by their own span, not anchored.
                let span =
                    look.letterSpacing < 0 && lines.count == 1
                    ? TextShaper.shape(lines[0], font: look.font, letterSpacing: look.letterSpacing).advance * look.size
                    : m.width
                func set(_ place: TextPlacement) -> (box: LabelArea.Box, lines: String, left: Double, baseline: Double)
                {
                    let along =
                        span < 0
                        ? span * (place.justify == .left ? 0 : place.justify == .right ? 1 : 0.5) : m.width * place.left
                    let left = c.anchor.x + setting.shift.x - along + place.offset.x * look.size
                    let top =
                        c.anchor.y + setting.shift.y - (m.height + extra) * place.above + place.offset.y * look.size
                    let pad = setting.padding
                    // A line of no length boxes nothing across, at the anchor (MapLibre's shaping).
                    let x0 = span < 0 ? left + along : left
                    var box = LabelArea.Box(x0 - pad, top - pad, x0 + m.width + pad, top + m.height + extra + pad)
                    if let m = c.matrix { box = Self.mapped(box, by: m, about: c.anchor) }
                    return (box, drawn, left, top + baseline)
                }
                text = set(c.placement)
                if !free(text?.box, c.rules.textOverlap),
                    let fits = c.alternatives.first(where: { free(set($0).box, c.rules.textOverlap) }
                    )
                {
                    (c.placement, text) = (fits, set(fits))
                }
                // `icon-text-fit`: the icon over the text where it was placed, in the text's own axes.
                if let icon = c.icon, let t = text {
                    let top = t.baseline - baseline
                    let local = (t.left, top, t.left + m.width, top + m.height + extra)
                    if let (fitted, centre) = icon.fitted(to: local, about: c.anchor, fit: c.iconFit) {
                        var f = fitted
                        f.fittedCenter = c.matrix.map { Self.map(centre, by: $0, about: c.anchor) } ?? centre
                        if let matrix = c.matrix { (f.ground, f.angle) = (matrix, 0) }
                        c.icon = f
                    }
                }
            }
            let iconBox = c.icon.map { $0.box(at: c.anchor) }
            let rules = c.rules
            var showsText = free(text?.box, rules.textOverlap)
            var showsIcon = free(iconBox, rules.iconOverlap)
            if text != nil, iconBox != nil, showsText != showsIcon {
                // One part fits: the symbol keeps it only if the other may go.
                if showsText && !rules.iconOptional || showsIcon && !rules.textOptional {
                    (showsText, showsIcon) = (false, false)
                }
            }
            guard showsText || showsIcon else { continue }
            // Each part collides alone, as in MapLibre; the label's box is their union.
            let parts = [showsText ? text?.box : nil, showsIcon ? iconBox : nil]
            if !rules.textIgnorePlacement, let box = parts[0] { taken.take([box], rules.textOverlap) }
            if !rules.iconIgnorePlacement, let box = parts[1] { taken.take([box], rules.iconOverlap) }
            let drawnBoxes = parts.compactMap { $0 }
            let box = drawnBoxes.dropFirst().reduce(drawnBoxes[0]) { $0.union($1) }
            guard area.shows(box) else { continue }
            shown.append(
                ShownLabel(
                    label: PlacedLabel(text: c.text, anchor: c.anchor, box: box, parts: drawnBoxes),
                    ink: .point(
                        c, lines: showsText ? text?.lines ?? "" : "", left: text?.left ?? 0,
                        baseline: text?.baseline ?? 0, icon: showsIcon),
                    layer: c.layerOrder, y: c.drawnByY ? c.anchor.y : 0))
        }
        return shown
    }
}
