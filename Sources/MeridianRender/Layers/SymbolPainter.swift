import MeridianGeometry
import MeridianStyle

/// Symbol layers: label candidates, placed once every layer is painted: along lines for
/// `symbol-placement: line` and `line-center` (one at each line's middle) (``LineLabels``; ``LineLabelIcons`` for names with icons, ``LineIcons``
/// for icons without text), else at points and polygons' centroids (``LabelPlacer``).
struct SymbolPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let placement = layer.keyword(StyleProperty.SymbolPlacement.self, zoom: frame.styleZoom)
        if placement == .line || placement == .lineCenter {
            let rules = PlacementRules(layer, zoom: frame.styleZoom)
            let shift = frame.screenTranslation(layer, .textTranslate, anchor: StyleProperty.TextTranslateAnchor.self)
            // `text-rotation-alignment: viewport`: names along lines set level, not turned or curved.
            let level = layer.keyword(StyleProperty.TextRotationAlignment.self, zoom: frame.styleZoom) == .viewport
            let padding = layer.numberResolver(.textPadding, zoom: frame.styleZoom)([:])
            var lines = LineLabels.candidates(LineLabelLayout.of(layer, in: frame, tiles: tiles), frame).map {
                var c = $0
                (c.rules, c.padding, c.layerOrder) = (rules, padding, order)
                if level { (c.angle, c.glyphs) = (0, nil) }
                if shift != (0, 0) {
                    c.center = ScreenPoint(x: c.center.x + shift.x, y: c.center.y + shift.y)
                    c.glyphs = c.glyphs?.map {
                        PlacedGlyph(
                            center: ScreenPoint(x: $0.center.x + shift.x, y: $0.center.y + shift.y), angle: $0.angle)
                    }
                }
                return c
            }
            // Icons along lines only where the layer names an image: beside names, and alone (a
            // second pass over its features).
            if layer[.iconImage] != nil {
                let split = LineLabelIcons.split(lines, layer, frame, order: order)
                (lines, labels.points) = (split.lines, labels.points + split.points)
                labels.points += LineIcons.candidates(layer, frame, tiles: tiles, order: order)
            }
            labels.lines += lines
        } else {
            // A line's labels at its parts' first vertices (MapLibre's rule for `point`).
            let features = frame.features(layer, tiles).filter { $0.feature.type != .unknown }
            labels.points += LabelPlacer.candidates(features, layer, frame, order: order)
        }
    }
}
