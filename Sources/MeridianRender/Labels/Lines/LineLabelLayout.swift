import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// What a line-label layer offers before the camera is asked anything: each name's look, and
/// its lines tile by tile with the anchors MapLibre gives them (``LineAnchors``: each tile's line
/// cut to the tile, anchored every `symbol-spacing` where the text fits and turns at most
/// `text-max-angle`, and an anchor dropped within half a spacing of the same name's last in the
/// tile), in world points at the camera's zoom.
///
/// None of it depends on the camera's target, bearing or tilt, only on the layer, the tiles read
/// and the zoom, so it is made once for those (``Key``) and kept in the ``RenderCache`` between
/// frames (MapLibre keeps its symbol layout per tile and zoom the same way); each frame then only
/// projects the anchors and judges the line around each (``LineLabels/candidates(_:_:)``).
final class LineLabelLayout {
    /// One name's look and lines.
    struct Name {
        let text: String
        /// The layer's values for the name's first feature (``LabelStyle``): its look at the
        /// layer's `text-size`, `symbol-spacing` (points) and `text-max-angle` (radians).
        var look: TextLook
        var spacing: Double, maxAngle: Double
        /// `text-size` at zoom 18, which MapLibre's anchors measure the text by.
        var textMaxSize: Double
        /// Its lines (each a tile's piece, in world points at the zoom) and their anchors.
        var lines: [Line] = []
        /// The first feature's properties (its icon's image: ``LineLabelIcons``).
        var properties: [String: StyleValue] = [:]
    }

    /// A piece of a feature's line in one tile, its anchors, and its tile and feature index
    /// (where it comes in the data: ``SourceOrder``).
    struct Line {
        let points: [ScreenPoint]
        let anchors: [LineLabels.Anchor]
        let tile: TileID, feature: Int
    }

    /// What a layout is made from: the layer's source, filter and values, the tiles read (by tileset and
    /// id, in order) and the exact camera zoom (world points and the anchors' spacing scale with it).
    struct Key: Hashable {
        let source: String, sourceLayer: String?
        let filter: StyleExpression?
        let values: [StylePropertyName: StyleExpression]
        let tiles: [TileKey]
        let zoomBits: UInt64
        /// The style's glyphs template: the names' fonts (and so their measures) follow it.
        var glyphs: String? = nil
    }

    struct TileKey: Hashable {
        let tileset: String, id: TileID
    }

    /// Names in the order their first piece came.
    let names: [Name]
    /// World points per unit of normalised world (the viewport's `worldSize` at the zoom).
    let scale: Double

    /// Bytes held (for the cache's bound).
    let cost: Int
    /// Whether the names lie on the ground under tilt: `text-pitch-alignment` `map`, or `auto`
    /// (the default) with a rotation alignment that turns them with the line (`map`, `auto`).
    let onGround: Bool

    /// The layout of `features` (the layer's line features in the frame's tiles, in tile and
    /// feature order) for `layer` at the frame's zoom.
    init(_ features: [StyledFeature], _ layer: Style.Layer, _ frame: FrameContext) {
        let centered = layer.keyword(StyleProperty.SymbolPlacement.self, zoom: frame.styleZoom) == .lineCenter
        let scale = frame.viewport.worldSize
        var names: [String: Int] = [:]
        var out: [Name] = []
        let style = LabelStyle(layer, zoom: frame.styleZoom)
        // MapLibre lays symbols out at the whole zoom below the view's, with text-size at zoom 18.
        let layoutZoom = frame.styleZoom.rounded(.down)
        let textMaxSize = layer.numberResolver(.textSize, zoom: 18)
        var cost = 256
        // One tile at a time (the features come tile by tile): its lines of one text joined, then
        // anchored, an anchor dropped within half a spacing of the same text's last in the tile.
        var tileLines: [LineMerge.Line] = []
        var tile: (id: TileID, extent: Int)?
        func anchorTile() {
            guard let (id, extentUnits) = tile else { return }
            let extent = Double(extentUnits)
            let shift = exp2(layoutZoom - Double(id.z))
            let n = Double(1 << id.z)
            // The tile's anchors so far by name and cell (a repeat distance wide), so a name's
            // check looks at the cells around an anchor, not every anchor of a hostile tile.
            struct Cell: Hashable { let text: String, x: Int, y: Int }
            var placed: [Cell: [(x: Double, y: Double)]] = [:]
            for merged in LineMerge.merged(tileLines) {
                let name = out[names[merged.text]!]
                // The text's length in MapLibre's 24-point glyph units (the measurer keeps it).
                let width = frame.canvas.measure(
                    name.text, size: 24, font: name.look.font, letterSpacing: name.look.letterSpacing
                )
                .width
                var rules = LineAnchors(
                    extent: extent, unitsPerPoint: extent / (512 * shift), overscaling: max(1, shift),
                    spacing: name.spacing, length: width, textMaxSize: name.textMaxSize, maxAngle: name.maxAngle)
                rules.centered = centered
                let repeatDistance = rules.spacing * rules.unitsPerPoint / 2
                var count = 0
                for line in LineAnchors.clipped(merged.points, extent: extent) {
                    let points = line.map {
                        ScreenPoint(
                            x: (Double(id.x) + $0.x / extent) / n * scale, y: (Double(id.y) + $0.y / extent) / n * scale
                        )
                    }
                    var anchors: [LineLabels.Anchor] = []
                    for a in rules.anchors(line) {
                        let (u, v) = (line[a.index], line[a.index + 1])
                        let at = (x: u.x + (v.x - u.x) * a.t, y: u.y + (v.y - u.y) * a.t)
                        let size = max(repeatDistance, 1)
                        let (cx, cy) = (Int((at.x / size).rounded(.down)), Int((at.y / size).rounded(.down)))
                        let near = (-1...1).contains { dx in
                            (-1...1).contains { dy in
                                (placed[Cell(text: name.text, x: cx + dx, y: cy + dy)] ?? []).contains {
                                    ($0.x - at.x) * ($0.x - at.x) + ($0.y - at.y) * ($0.y - at.y)
                                        < repeatDistance * repeatDistance
                                }
                            }
                        }
                        guard !near else { continue }
                        placed[Cell(text: name.text, x: cx, y: cy), default: []].append(at)
                        let (pu, pv) = (points[a.index], points[a.index + 1])
                        anchors.append(
                            LineLabels.Anchor(
                                index: a.index,
                                point: ScreenPoint(x: pu.x + (pv.x - pu.x) * a.t, y: pu.y + (pv.y - pu.y) * a.t),
                                order: count))
                        count += 1
                    }
                    guard !anchors.isEmpty else { continue }
                    out[names[merged.text]!].lines.append(
                        Line(points: points, anchors: anchors, tile: id, feature: merged.feature))
                    cost += points.count * 16 + anchors.count * 32 + 64
                }
            }
            tileLines = []
        }
        for feature in features where feature.followsLines {
            let p = feature.properties
            guard let text = style.text(p) else { continue }
            if tile?.id != feature.tile {
                anchorTile()
                tile = (feature.tile, feature.extent)
            }
            if names[text] == nil {
                names[text] = out.count
                out.append(
                    Name(
                        text: text,
                        look: style.look(
                            p, size: style.size(p),
                            font: style.font(p, text: text, glyphs: frame.glyphs, fallback: .regular)),
                        spacing: style.spacing(p), maxAngle: style.maxAngle(p) * .pi / 180,
                        textMaxSize: textMaxSize(p), properties: p))
                cost += 128 + text.utf8.count
            }
            // MapLibre joins and anchors a line's first part alone; a polygon's rings each.
            let parts =
                feature.feature.type == .polygon ? feature.placementLines : [feature.feature.geometry.first ?? []]
            for part in parts where !part.isEmpty {
                tileLines.append(
                    LineMerge.Line(
                        text: text, points: part.map { (Double($0.x), Double($0.y)) }, feature: feature.index))
            }
        }
        anchorTile()
        (self.names, self.scale, self.cost) = (out, scale, cost)
        let pitch = layer.keyword(StyleProperty.TextPitchAlignment.self, zoom: frame.styleZoom)
        let rotation = layer.keyword(StyleProperty.TextRotationAlignment.self, zoom: frame.styleZoom)
        onGround = pitch == .map || (pitch == .auto && rotation != .viewport)
    }

    /// The layout of `layer` for the frame's tiles, from the frame's cache or made (and kept).
    static func of(_ layer: Style.Layer, in frame: FrameContext, tiles: FrameTiles) -> LineLabelLayout {
        let make = { LineLabelLayout(frame.features(layer, tiles), layer, frame) }
        guard let cache = frame.cache, let source = layer.source else { return make() }
        var values = layer.layout.merging(layer.paint) { a, _ in a }
        values.removeValue(forKey: .visibility)
        let key = Key(
            source: source, sourceLayer: layer.sourceLayer, filter: layer.filter, values: values,
            tiles: (tiles.labels[source] ?? []).map { TileKey(tileset: $0.tileset, id: $0.id) },
            zoomBits: frame.zoom.bitPattern, glyphs: frame.glyphs?.template)
        if let hit = cache.lineLabels.value(for: key) { return hit }
        let made = make()
        cache.lineLabels.insert(made, for: key, cost: made.cost)
        return made
    }
}
