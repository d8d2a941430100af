import MeridianCamera
import MeridianGeometry
import MeridianStyle

/// Icons beside names along lines (`symbol-placement: line` with text and an `icon-image`, as the
/// OpenMapTiles styles' highway shields): each straight name with an icon becomes a point symbol
/// at its anchor, text and icon placed and collided together as MapLibre places a symbol's two
/// parts (``LabelPlacer/place(_:measuring:area:taken:)``, with `icon-text-fit`).
///
/// The text keeps the name's angle along the line (level with `text-rotation-alignment`
/// `viewport`, on the ground where the name lies there); the icon turns with the line unless
/// `icon-rotation-alignment` is `viewport`, and is scaled by the name's perspective ratio. A name
/// set glyph by glyph around a bend keeps its glyphs and goes without its icon (MapLibre draws the
/// icon at the anchor, turned to the line there). A name whose image no sprite has is drawn alone.
enum LineLabelIcons {
    /// `lines` split: the names without an icon (still line candidates), and the symbols with one.
    static func split(
        _ lines: [LineLabels.Candidate], _ layer: Style.Layer, _ frame: FrameContext, order: Int
    ) -> (lines: [LineLabels.Candidate], points: [LabelPlacer.Candidate]) {
        let zoom = frame.styleZoom
        let icons = IconStyle(layer, zoom: zoom)
        let alongLine = layer.keyword(StyleProperty.IconRotationAlignment.self, zoom: zoom) != .viewport
        let viewport = frame.viewport
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        var (kept, points) = ([LineLabels.Candidate](), [LabelPlacer.Candidate]())
        for c in lines {
            guard c.glyphs == nil,
                var icon = icons.icon(
                    c.properties, images: frame.images, scale: frame.canvas.scale, bearing: 0, missing: &missing)
            else {
                kept.append(c)
                continue
            }
            let depth = viewport.worldPoint(for: c.center).map { viewport.depthRatio(forWorld: $0) } ?? 1
            if let ground = c.matrix {
                icon.ground = alongLine ? ground : nil
            } else if alongLine {
                icon = icon.turned(by: c.angle)
            }
            icon = icon.scaled(by: LabelPlacer.perspectiveRatio(depth: depth, onGround: icon.ground != nil))
            points.append(
                LabelPlacer.Candidate(
                    text: c.text, anchor: c.center, priority: icons.zOrder.placesByY ? c.center.y : 0, look: c.look,
                    layerOrder: order, placement: TextPlacement(anchor: nil, offset: nil, justify: nil),
                    source: c.source, icon: icon, rules: c.rules, drawnByY: icons.zOrder.drawsByY, iconFit: icons.fit,
                    setting: TextSetting(maxWidth: .infinity, padding: c.padding),
                    matrix: c.matrix ?? (c.angle != 0 ? .turn(c.angle) : nil)))
        }
        return (kept, points)
    }
}
