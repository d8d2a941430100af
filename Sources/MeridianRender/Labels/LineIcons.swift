import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle

/// Icons set along lines (`symbol-placement: line` with an `icon-image` and no text, as the
/// one-way arrows of the OpenMapTiles styles): one every `symbol-spacing` points along each line
/// on the screen, the first half a spacing from its start, turned with the line (with
/// `icon-rotation-alignment` `map` or `auto`; upright with `viewport`) plus `icon-rotate`.
///
/// They are point candidates (``LabelPlacer/Candidate``, with no text), placed and drawn as point
/// symbols' icons are. A line with text too is labelled by ``LineLabels`` alone: icons beside
/// text along lines are not drawn yet.
enum LineIcons {
    /// Most icons one frame sets along lines (a very dense layer at a small spacing stops there).
    static let maxIcons = 4_000

    static func candidates(
        _ layer: Style.Layer, _ frame: FrameContext, tiles: FrameTiles, order: Int
    ) -> [LabelPlacer.Candidate] {
        let zoom = frame.styleZoom
        let icons = IconStyle(layer, zoom: zoom)
        let text = LabelStyle(layer, zoom: zoom)
        let spacing = text.spacing([:])
        let alongLine = layer.resolved(.iconRotationAlignment, zoom: zoom).constant?.string != "viewport"
        let viewport = frame.viewport
        // The line's angle on the screen already holds the bearing: the icon's own is not taken off.
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        var out: [LabelPlacer.Candidate] = []
        for feature in frame.features(layer, tiles, .lineString) {
            let p = feature.properties
            guard text.text(p) == nil,
                let icon = icons.icon(
                    p, images: frame.images, scale: frame.canvas.scale, bearing: 0, missing: &missing)
            else { continue }
            for part in feature.feature.geometry {
                let points = part.compactMap { vertex -> ScreenPoint? in
                    let world = frame.ground.world(vertex, tile: feature.tile, extent: feature.extent)
                    let depth = viewport.depthRatio(forWorld: world)
                    guard depth > GroundGeometry.nearDepth, depth <= LabelPlacer.maximumDepth else { return nil }
                    return viewport.point(forWorld: world)
                }
                var next = spacing / 2
                var walked = 0.0
                for (a, b) in zip(points, points.dropFirst()) {
                    let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                    guard length > 0 else { continue }
                    let angle = atan2(b.y - a.y, b.x - a.x)
                    while next <= walked + length, out.count < maxIcons {
                        let t = (next - walked) / length
                        let at = ScreenPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                        next += spacing
                        guard frame.labelArea.holds(at) else { continue }
                        out.append(
                            LabelPlacer.Candidate(
                                text: "", anchor: at, priority: 0, size: 0, font: .regular,
                                color: LabelPlacer.textColor,
                                halo: LabelPlacer.haloColor, haloWidth: 0, layerOrder: order,
                                placement: TextPlacement(anchor: nil, offset: nil, justify: nil),
                                icon: alongLine ? icon.turned(by: angle) : icon, rules: icons.rules))
                    }
                    walked += length
                }
            }
        }
        return out
    }
}
