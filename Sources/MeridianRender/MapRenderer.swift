import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianTiles
import RealModule

/// Draws a map frame with Cairo: the view's ground through its full perspective camera (sky
/// above the horizon), the street data's layers from vector tiles (over-zoomed past the
/// source's maximum zoom), the map's overlays exactly on their coordinates, and the credit
/// line. The same input gives the same PNG bytes.
public struct MapRenderer {
    public var style: StreetStyle
    /// The credit line drawn at the bottom right of every map.
    public var attribution: String

    public init(style: StreetStyle = .standard, attribution: String = "© OpenStreetMap contributors") {
        self.style = style
        self.attribution = attribution
    }

    /// One frame as PNG bytes, at `scale` pixels per point (1, 2 or 3).
    /// - Throws: ``RenderError`` for a bad size or scale; tile errors (a corrupt tile) propagate as ``TileError``.
    public func png(_ viewport: Viewport, tiles: MBTiles?, overlays: [Overlay] = [], scale: Double = 1) throws -> [UInt8] {
        let canvas = try Canvas(size: viewport.size, scale: scale)
        try draw(viewport, tiles: tiles, overlays: overlays, on: canvas)
        return try canvas.png()
    }

    /// The tile zoom for a camera zoom: its floor, within the source's range; nil below it.
    static func tileZoom(_ zoom: Double, source: ClosedRange<Int>) -> Int? {
        let z = Int(zoom.rounded(.down))
        return z < source.lowerBound ? nil : min(z, source.upperBound)
    }

    func draw(_ viewport: Viewport, tiles: MBTiles?, overlays: [Overlay], on canvas: Canvas) throws {
        canvas.fillAll(style.land)
        if viewport.horizonY > 0 {
            canvas.rectangle(x: 0, y: 0, width: viewport.size.width, height: min(viewport.horizonY, viewport.size.height), style.sky)
        }
        let ground = GroundGeometry(viewport: viewport)
        if let tiles, let z = Self.tileZoom(viewport.camera.zoom, source: tiles.zoomRange ?? 0...14) {
            var decoded: [(TileID, VectorTile)] = []
            for id in try viewport.tiles(zoom: z) {
                if let tile = try tiles.vectorTile(id) { decoded.append((id, tile)) }
            }
            drawLayers(decoded, ground, canvas, zoomFactor: Double.exp2(viewport.camera.zoom - 16))
        }
        OverlayPainter(ground: ground, canvas: canvas).draw(overlays)
        canvas.text(attribution, rightAt: viewport.size.width - 4, baseline: viewport.size.height - 5, size: 10, style.text, halo: RGBA(1, 1, 1, 0.8))
    }

    func drawLayers(_ tiles: [(TileID, VectorTile)], _ ground: GroundGeometry, _ canvas: Canvas, zoomFactor: Double) {
        func polygons(_ layer: String, _ paint: (VectorTile.Feature) -> RGBA?, outline: RGBA? = nil) {
            for (id, tile) in tiles {
                guard let l = tile.layer(named: layer) else { continue }
                for f in l.features where f.type == .polygon {
                    guard let color = paint(f) else { continue }
                    let rings = f.geometry.map { ground.ring(ground.world($0, tile: id, extent: l.extent)) }
                    canvas.fill(rings, color)
                    if let outline { canvas.stroke(rings, outline, width: 0.6, closed: true) }
                }
            }
        }
        polygons("landuse") { style.isGreen($0) ? style.park : style.landuse }
        polygons("water") { _ in style.water }
        var roads: [(parts: [[ScreenPoint]], width: Double, color: RGBA, casing: Bool)] = []
        var rails: [(parts: [[ScreenPoint]], width: Double)] = []
        for (id, tile) in tiles {
            for layer in ["roads", "rail"] {
                guard let l = tile.layer(named: layer) else { continue }
                for f in l.features where f.type == .lineString {
                    let worlds = f.geometry.map { ground.world($0, tile: id, extent: l.extent) }
                    let parts = worlds.flatMap(ground.line)
                    guard !parts.isEmpty else { continue }
                    let perspective = 1 / ground.meanDepth(worlds.flatMap { $0 })
                    if layer == "rail" { rails.append((parts, max(0.5, style.railWidth(f) * zoomFactor * perspective))); continue }
                    guard let r = style.road(f) else { continue }
                    roads.append((parts, max(0.5, r.width * zoomFactor * perspective), r.color, r.casing))
                }
            }
        }
        for r in roads where r.casing { canvas.stroke(r.parts, style.roadCasing, width: r.width + 1.5) }
        // Paths dashed in proportion to their width, so they read the same at every zoom.
        for r in roads { canvas.stroke(r.parts, r.color, width: r.width, dash: r.casing ? [] : [2 * r.width, 1.5 * r.width]) }
        for r in rails { canvas.stroke(r.parts, style.rail, width: r.width) }
        polygons("buildings", { _ in style.building }, outline: style.buildingOutline)
    }
}
