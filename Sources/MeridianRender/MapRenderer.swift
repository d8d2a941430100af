import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianTiles
import RealModule

/// Draws a map frame with Cairo: the view's ground through its full perspective camera (sky
/// above the horizon), the world's shorelines (ocean, land, lakes) and the street data's layers
/// from vector tiles (each over-zoomed past its source's maximum zoom), the map's overlays
/// exactly on their coordinates, and the credit line. The same input gives the same PNG bytes.
public struct MapRenderer {
    public var style: StreetStyle
    /// The credit line drawn at the bottom right of every map.
    public var attribution: String

    public init(style: StreetStyle = .standard, attribution: String = "© OpenStreetMap contributors · GSHHG (LGPL) · GeoNames (CC BY)") {
        self.style = style
        self.attribution = attribution
    }

    /// One frame as PNG bytes, at `scale` pixels per point (1, 2 or 3).
    /// - Throws: ``RenderError`` for a bad size or scale; tile errors (a corrupt tile) propagate as ``TileError``.
    /// - Parameters:
    ///   - world: shorelines (layer `land` with a GSHHG `level`); without it the ground is land.
    ///   - tiles: the street data (layers buildings, roads, rail, landuse, water).
    public func png(_ viewport: Viewport, world: MBTiles? = nil, tiles: MBTiles?, overlays: [Overlay] = [], scale: Double = 1) throws -> [UInt8] {
        try render(viewport, world: world, tiles: tiles, overlays: overlays, scale: scale).png
    }

    /// A drawn frame: the PNG and the labels it placed.
    public struct Frame: Sendable {
        public let png: [UInt8]
        public let labels: [PlacedLabel]
    }

    /// As ``png(_:world:tiles:overlays:scale:)``, also telling which labels were placed where.
    public func render(_ viewport: Viewport, world: MBTiles? = nil, tiles: MBTiles?, overlays: [Overlay] = [], scale: Double = 1) throws -> Frame {
        let canvas = try Canvas(size: viewport.size, scale: scale)
        let labels = try draw(viewport, world: world, tiles: tiles, overlays: overlays, on: canvas)
        return Frame(png: try canvas.png(), labels: labels)
    }

    /// The decoded tiles of a source covering the view, at the source's tile zoom for it.
    static func tiles(of source: MBTiles, for viewport: Viewport, defaultRange: ClosedRange<Int>) throws -> [(TileID, VectorTile)] {
        guard let z = tileZoom(viewport.camera.zoom, source: source.zoomRange ?? defaultRange) else { return [] }
        return try viewport.tiles(zoom: z).compactMap { id in try source.vectorTile(id).map { (id, $0) } }
    }

    /// The tile zoom for a camera zoom: its floor, within the source's range; nil below it.
    static func tileZoom(_ zoom: Double, source: ClosedRange<Int>) -> Int? {
        let z = Int(zoom.rounded(.down))
        return z < source.lowerBound ? nil : min(z, source.upperBound)
    }

    func draw(_ viewport: Viewport, world: MBTiles?, tiles: MBTiles?, overlays: [Overlay], on canvas: Canvas) throws -> [PlacedLabel] {
        canvas.fillAll(world == nil ? style.land : style.water)
        if viewport.horizonY > 0 {
            canvas.rectangle(x: 0, y: 0, width: viewport.size.width, height: min(viewport.horizonY, viewport.size.height), style.sky)
        }
        let ground = GroundGeometry(viewport: viewport)
        let worldTiles = try world.map { try Self.tiles(of: $0, for: viewport, defaultRange: 0...9) } ?? []
        drawShorelines(worldTiles, ground, canvas)
        drawWorldLines(worldTiles, ground, canvas, zoom: viewport.camera.zoom)
        if let tiles {
            let streets = try Self.tiles(of: tiles, for: viewport, defaultRange: 12...16)
            let extrude = viewport.camera.tilt > 0 && viewport.camera.zoom >= style.extrusionMinZoom
            drawLayers(streets, ground, canvas, zoomFactor: Double.exp2(viewport.camera.zoom - 16), flatBuildings: !extrude)
            if extrude { Extrusion(ground: ground, style: style).draw(streets, on: canvas) }
        }
        OverlayPainter(ground: ground, canvas: canvas).draw(overlays)
        // The credit line first, so labels keep clear of it.
        let credit = canvas.measure(attribution, size: 10)
        let right = viewport.size.width - 4, baseline = viewport.size.height - 5
        canvas.text(attribution, rightAt: right, baseline: baseline, size: 10, style.text, halo: RGBA(1, 1, 1, 0.8))
        let reserved = [(right - credit.width - 2, baseline - credit.height, viewport.size.width, viewport.size.height)]
        return LabelPlacer.place(LabelPlacer.candidates(worldTiles, ground, zoom: viewport.camera.zoom), on: canvas,
                                 size: viewport.size, reserved: reserved, style: style)
    }

    /// Rivers (from zoom 4, thin) and country borders (dashed), from the world source.
    func drawWorldLines(_ tiles: [(TileID, VectorTile)], _ ground: GroundGeometry, _ canvas: Canvas, zoom: Double) {
        for (layer, minZoom, color, width, dash) in [("rivers", 4.0, style.water, 0.8, [Double]()), ("borders", 0, style.border, 0.9, [3, 2])] where zoom >= minZoom {
            for (id, tile) in tiles {
                guard let l = tile.layer(named: layer) else { continue }
                let parts = l.features.filter { $0.type == .lineString }.flatMap { f in f.geometry.flatMap { ground.line(ground.world($0, tile: id, extent: l.extent)) } }
                canvas.stroke(parts, color, width: width, dash: dash)
            }
        }
    }

    /// GSHHG levels painted in order (no holes from winding): land, then lakes, then islands in lakes.
    func drawShorelines(_ tiles: [(TileID, VectorTile)], _ ground: GroundGeometry, _ canvas: Canvas) {
        for (levels, color) in [([1.0, 5.0], style.land), ([2.0], style.water), ([3.0], style.land)] {
            for (id, tile) in tiles {
                guard let l = tile.layer(named: "land") else { continue }
                for f in l.features where f.type == .polygon && levels.contains(f.properties["level"]?.number ?? 1) {
                    canvas.fill(f.geometry.map { ground.ring(ground.world($0, tile: id, extent: l.extent)) }, color)
                }
            }
        }
    }

    func drawLayers(_ tiles: [(TileID, VectorTile)], _ ground: GroundGeometry, _ canvas: Canvas, zoomFactor: Double, flatBuildings: Bool) {
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
        if flatBuildings { polygons("buildings", { _ in style.building }, outline: style.buildingOutline) }
    }
}
