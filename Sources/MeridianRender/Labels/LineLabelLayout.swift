import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// What a line-label layer offers before the camera is asked anything: each name's look, its
/// pieces joined into lines in world points at the camera's zoom, and the anchors along them.
///
/// None of it depends on the camera's target, bearing or tilt, only on the layer, the tiles read
/// and the zoom, so it is made once for those (``Key``) and kept in the ``RenderCache`` between
/// frames (MapLibre keeps its symbol layout per tile and zoom the same way); each frame then only
/// projects the anchors and judges the line around each (``LineLabels/candidates(_:_:)``).
final class LineLabelLayout {
    /// One name's look and lines.
    struct Name {
        let text: String
        var size = 16.0, color = LabelPlacer.textColor, halo = LabelPlacer.haloColor, haloWidth = 0.0,
            haloBlur = 0.0, letterSpacing = 0.0
        var spacing = LineLabels.repeatDistance, maxAngle = CurvedLabels.maximumAngle
        var font = LabelFont.regular
        /// Joined lines in world points at the zoom (``LineLabels/joined(_:)``), with their anchors.
        var lines: [(points: [ScreenPoint], anchors: [LineLabels.Anchor])] = []
    }

    /// What a layout is made from: the layer's source, filter and values, the tiles read (by tileset and
    /// id, in order) and the exact camera zoom (world points and the anchor grid scale with it).
    struct Key: Hashable {
        let source: String, sourceLayer: String?
        let filter: StyleExpression?
        let values: [String: StyleExpression]
        let tiles: [TileKey]
        let zoomBits: UInt64
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

    /// The layout of `features` (the layer's line features in the frame's tiles) for `layer` at
    /// the frame's zoom.
    init(_ features: [StyledFeature], _ layer: Style.Layer, _ frame: FrameContext) {
        let scale = frame.viewport.worldSize
        var names: [String: Int] = [:]
        var out: [Name] = []
        var parts: [[[ScreenPoint]]] = []
        let style = LabelStyle(layer, zoom: frame.styleZoom)
        for feature in features where feature.feature.type == .lineString {
            let p = feature.properties
            guard let text = style.text(p) else { continue }
            let index: Int
            if let known = names[text] {
                index = known
            } else {
                index = out.count
                names[text] = index
                parts.append([])
                out.append(
                    Name(
                        text: text, size: style.size(p), color: style.color(p) ?? LabelPlacer.textColor,
                        halo: style.halo(p) ?? LabelPlacer.haloColor, haloWidth: style.haloWidth(p),
                        haloBlur: style.haloBlur(p),
                        letterSpacing: style.letterSpacing(p), spacing: style.spacing(p),
                        maxAngle: style.maxAngle(p) * .pi / 180, font: style.font(p) ?? .regular))
            }
            // World points at the camera's zoom (points on the ground, before the camera).
            for part in feature.feature.geometry {
                parts[index].append(
                    frame.ground.world(part, tile: feature.tile, extent: feature.extent).map {
                        ScreenPoint(x: $0.x * scale, y: $0.y * scale)
                    })
            }
        }
        var cost = 256
        for i in out.indices {
            out[i].lines = LineLabels.joined(parts[i]).map { ($0, LineLabels.anchors($0)) }
            cost += 128 + out[i].text.utf8.count
            for line in out[i].lines { cost += line.points.count * 16 + line.anchors.count * 32 + 64 }
        }
        (self.names, self.scale, self.cost) = (out, scale, cost)
        let pitch = layer.resolved(.textPitchAlignment, zoom: frame.styleZoom).constant?.string ?? "auto"
        let rotation = layer.resolved(.textRotationAlignment, zoom: frame.styleZoom).constant?.string ?? "auto"
        onGround = pitch == "map" || (pitch == "auto" && rotation != "viewport")
    }

    /// The layout of `layer` for the frame's tiles, from the frame's cache or made (and kept).
    static func of(_ layer: Style.Layer, in frame: FrameContext, tiles: FrameTiles) -> LineLabelLayout {
        let make = { LineLabelLayout(frame.features(layer, tiles, .lineString), layer, frame) }
        guard let cache = frame.cache, let source = layer.source else { return make() }
        var values = layer.layout.merging(layer.paint) { a, _ in a }
        values.removeValue(forKey: StylePropertyName.visibility.rawValue)
        let key = Key(
            source: source, sourceLayer: layer.sourceLayer, filter: layer.filter, values: values,
            tiles: (tiles.labels[source] ?? []).map { TileKey(tileset: $0.tileset, id: $0.id) },
            zoomBits: frame.zoom.bitPattern)
        if let hit = cache.lineLabels.value(for: key) { return hit }
        let made = make()
        cache.lineLabels.insert(made, for: key, cost: made.cost)
        return made
    }
}
