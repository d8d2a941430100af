import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle

/// Icons set along lines (`symbol-placement: line` with an `icon-image` and no text, as the
/// one-way arrows of the OpenMapTiles styles), where MapLibre sets them: anchors per tile line
/// (``LineAnchors``), turned with the line (with `icon-rotation-alignment` `map` or `auto`; upright
/// with `viewport`) plus `icon-rotate` (and half a turn more where the line runs leftwards, with
/// `icon-keep-upright`), and laid on the ground under tilt (`icon-pitch-alignment`
/// `map`, or `auto` turned with the line).
///
/// They are point candidates (``LabelPlacer/Candidate``, with no text), placed and drawn as point
/// symbols' icons are. A line with text too is labelled by ``LineLabels``, its icon set beside
/// the name (``LineLabelIcons``).
enum LineIcons {
    /// Most icons one frame sets along lines (a very dense layer at a small spacing stops there).
    static let maxIcons = 4_000

    static func candidates(
        _ layer: Style.Layer, _ frame: FrameContext, tiles: FrameTiles, order: Int
    ) -> [LabelPlacer.Candidate] {
        let zoom = frame.styleZoom
        let icons = IconStyle(layer, zoom: zoom)
        let text = LabelStyle(layer, zoom: zoom)
        // MapLibre measures a text-less symbol's length with the text's box scale at zoom 18.
        let textMaxSize = layer.numberResolver(.textSize, zoom: 18)
        let alongLine = layer.keyword(StyleProperty.IconRotationAlignment.self, zoom: zoom) != .viewport
        let pitch = layer.keyword(StyleProperty.IconPitchAlignment.self, zoom: zoom)
        let onGround = frame.isTilted && alongLine && pitch != .viewport
        let keepUpright = alongLine && layer.resolved(.iconKeepUpright, zoom: zoom).constant == .bool(true)
        let viewport = frame.viewport
        // Symbols are laid out at the whole zoom below the view's, as MapLibre lays out a tile.
        let layoutZoom = zoom.rounded(.down)
        let centered = layer.keyword(StyleProperty.SymbolPlacement.self, zoom: zoom) == .lineCenter
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        var out: [LabelPlacer.Candidate] = []
        for feature in frame.features(layer, tiles) where feature.followsLines && out.count < maxIcons {
            let p = feature.properties
            guard text.text(p) == nil,
                let icon = icons.icon(
                    p, images: frame.images, scale: frame.canvas.scale, bearing: 0, missing: &missing)
            else { continue }
            let shift = exp2(layoutZoom - Double(feature.tile.z))
            var rules = LineAnchors(
                extent: Double(feature.extent), unitsPerPoint: Double(feature.extent) / (512 * shift),
                overscaling: max(1, shift), spacing: text.spacing(p),
                length: icon.extent.width / max(icon.size, 1e-9), textMaxSize: textMaxSize(p))
            rules.centered = centered
            var count = 0
            for part in feature.placementLines {
                let line = part.map { (x: Double($0.x), y: Double($0.y)) }
                for anchor in rules.anchors(line) {
                    count += 1
                    guard out.count < maxIcons else { break }
                    let (a, b) = (part[anchor.index], part[anchor.index + 1])
                    let (wa, wb) = (
                        frame.ground.world(a, tile: feature.tile, extent: feature.extent),
                        frame.ground.world(b, tile: feature.tile, extent: feature.extent)
                    )
                    let world = MercatorPoint(x: wa.x + (wb.x - wa.x) * anchor.t, y: wa.y + (wb.y - wa.y) * anchor.t)
                    let depth = viewport.depthRatio(forWorld: world)
                    guard depth > GroundGeometry.nearDepth, depth <= LabelPlacer.maximumDepth,
                        let at = viewport.point(forWorld: world), frame.labelArea.holds(at)
                    else { continue }
                    var placed = icon
                    // The segment's direction on the screen (nil where an end is behind the eye).
                    let screen = viewport.point(forWorld: wa).flatMap { sa in
                        viewport.point(forWorld: wb).map { sb in atan2(sb.y - sa.y, sb.x - sa.x) }
                    }
                    // `icon-keep-upright`: turned half a turn more where the line runs leftwards on screen.
                    let flip = keepUpright && abs(screen ?? 0) > .pi / 2 ? Double.pi : 0
                    if onGround {
                        // On the ground the icon turns with the line in the map's own axes.
                        placed.ground = LabelPlacer.groundMatrix(at: world, turnsWithMap: true, viewport: viewport)
                        placed = placed.turned(by: atan2(Double(b.y) - Double(a.y), Double(b.x) - Double(a.x)) + flip)
                    } else if alongLine, let screen {
                        placed = placed.turned(by: screen + flip)
                    }
                    out.append(
                        LabelPlacer.Candidate(
                            text: "", anchor: at, priority: icons.zOrder.placesByY ? at.y : 0, look: TextLook(),
                            layerOrder: order,
                            placement: TextPlacement(anchor: nil, offset: nil, justify: nil),
                            source: SourceOrder(
                                tile: feature.tile, feature: feature.index, anchor: count,
                                bearing: viewport.camera.bearing),
                            icon: placed.scaled(by: LabelPlacer.perspectiveRatio(depth: depth, onGround: onGround)),
                            rules: icons.rules, drawnByY: icons.zOrder.drawsByY))
                }
            }
        }
        return out
    }
}
