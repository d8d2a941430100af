import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianOverlays
import MeridianStyle
import MeridianTiles
import RealModule

/// A decoded vector tile of a source, with the path of the tileset (region) it came from.
typealias SourceTile = (id: TileID, tile: VectorTile, tileset: String)

/// Draws a map frame from a style document (geometry rasterised by Blend2D by default, label
/// stamps and raster images by Cairo; ``Rasterizer``): every vertex through the viewport's
/// full perspective camera (sky above the horizon), each source's vector tiles at the
/// camera's zoom within the source's range (over-zoomed beyond it), the style's layers in
/// order, the map's overlays exactly on their coordinates, labels that never overlap, and the
/// credit line. The same input gives the same PNG bytes.
public struct MapRenderer {
    /// The sky above the horizon.
    static let sky = RGBA(hex: 0xDCE9F5)

    public var style: Style
    /// The credit line drawn at the bottom right of every map; nil (the default) takes it
    /// from the sources' `attribution` metadata (``MapSources/attribution(for:)``); "" draws none.
    public var attribution: String?
    /// Buildings (fill-extrusion layers) stand up from this zoom when the camera is tilted.
    public var extrusionMinZoom = 15.0
    /// When set, a drawing still running at this time stops at the next check (between
    /// tilesets, layers, overlays, labels and encoding: a few milliseconds apart at most on the
    /// real data) with ``RenderError/deadlinePassed(_:)``; a server's per-request limit.
    public var deadline: Date?
    /// Points beyond each edge of a flat view where labels are placed too (and tiles read for
    /// them), so that a label near an edge is decided as in any other view of that ground
    /// (`LabelArea`); 0 places labels in the view alone. Under tilt labels are placed in the view.
    public var labelMargin = 512.0
    /// Draws the placed labels that cross the image's edge, cut by it, as metatiles need (their
    /// neighbours draw the rest); by default only labels wholly inside the image are drawn.
    public var labelsAcrossEdges = false
    /// Threads a frame is rasterised on: the frame is composed once (styles, geometry, labels)
    /// as a list of drawing operations, which each thread replays on its own band of rows; 1
    /// draws directly. The same input and band count give the same bytes; another band count
    /// changes at most a few pixels by a few levels, where Cairo steps an edge that crosses a
    /// band's first row (seen only under tilt). Default 2 on every machine, so output does not
    /// depend on the core count (one core replays the two bands in turn). Values below 1 mean
    /// 1, above 8 mean 8.
    public var bands = 2

    /// What rasterises the map's geometry (fills, strokes, discs; label stamps and raster
    /// images are Cairo's either way).
    public enum Rasterizer: String, Sendable, CaseIterable {
        /// Blend2D (analytic coverage; several times Cairo's speed on map frames), on the
        /// caller's thread (``bands`` applies to Cairo only).
        case blend2d
        /// Cairo with its FAST antialiasing, on ``bands`` bands of rows.
        case cairo
    }

    /// The geometry rasteriser; Blend2D by default (BENCHMARKS.md has both).
    public var rasterizer = Rasterizer.blend2d

    /// The shipped streets style (it parses: the tests check it).
    public static let streets = (try? Style(json: Data(DefaultStyles.streets.utf8)))!

    public init(style: Style = MapRenderer.streets, attribution: String? = nil) {
        self.style = style
        self.attribution = attribution
    }

    /// A drawn frame: the PNG and the labels it placed.
    public struct Frame: Sendable {
        public let png: [UInt8]
        public let labels: [PlacedLabel]
    }

    /// A drawn image not yet encoded (drawing and encoding can be timed apart).
    public struct Image {
        let canvas: Canvas
        public let labels: [PlacedLabel]
        /// The frame's label texts with a character no face of the font chain covers (drawn as
        /// replacement boxes), each once, sorted: for the one log line a frame gives them.
        public var uncoveredTexts: [String] { canvas.uncovered.sorted() }
        /// The image as PNG bytes.
        public func png() throws -> [UInt8] { try canvas.png() }
        /// The image, or a rectangle of it (pixels from the top left), in a format; JPEG and
        /// WebP at ``ImageFormat/stillQuality``.
        /// - Throws: ``RenderError/invalidSize(_:)`` when the rectangle leaves the image.
        public func encoded(_ format: ImageFormat, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) throws -> [UInt8] {
            try canvas.encoded(format, x: x, y: y, width: width, height: height)
        }
        /// The image as JPEG bytes (quality 1–100; for frames of a moving camera, `JPEGEncoder`).
        public func jpeg(quality: Int = 80) throws -> [UInt8] { try canvas.jpeg(quality: quality) }
        /// The image as PNG bytes from Cairo's own writer (libpng), for comparison.
        public func cairoPNG() throws -> [UInt8] { try canvas.cairoPNG() }
    }

    /// One frame at `scale` pixels per point (1, 2 or 3; 0.5 draws a quarter of the pixels, for
    /// previews while the camera moves), with the style's sources opened from
    /// `sources` by name (a source the caller does not give draws nothing). With a `cache`,
    /// decoded tiles are kept for the next frames.
    /// - Throws: ``RenderError`` for a bad size or scale; tile errors (a corrupt tile) as `TileError`.
    public func render(_ viewport: Viewport, sources: MapSources, overlays: [Overlay] = [], scale: Double = 1,
                       cache: RenderCache? = nil) throws -> Frame {
        let image = try draw(viewport, sources: sources, overlays: overlays, scale: scale, cache: cache)
        try check("encoding")
        return Frame(png: try image.png(), labels: image.labels)
    }

    /// The frame of ``render(_:sources:overlays:scale:cache:)`` drawn but not encoded.
    public func draw(_ viewport: Viewport, sources: MapSources, overlays: [Overlay] = [], scale: Double = 1,
                     cache: RenderCache? = nil) throws -> Image {
        let canvas = try Canvas(size: viewport.size, scale: scale)
        canvas.stamps = cache?.stamps
        if bands > 1 || rasterizer == .blend2d { canvas.ops = [] }
        let labels = try draw(viewport, sources: sources, overlays: overlays, cache: cache, on: canvas)
        if let ops = canvas.ops {
            canvas.ops = nil
            try check("rasterising")
            // Blend2D draws on the caller's thread: its own worker threads, waited for at every label
            // stamp and dashed stroke, cost more than they gave on the benchmark frames (BENCHMARKS.md).
            let done = rasterizer == .blend2d ? canvas.replayBlend2D(ops, threads: 1, deadline: deadline)
                : canvas.replay(ops, bands: bands, deadline: deadline)
            guard done else { throw RenderError.deadlinePassed("rasterising") }
        }
        return Image(canvas: canvas, labels: labels)
    }

    /// Throws ``RenderError/deadlinePassed(_:)`` once ``deadline`` has passed.
    public func check(_ stage: @autoclosure () -> String) throws {
        if let deadline, Date() > deadline { throw RenderError.deadlinePassed(stage()) }
    }

    /// The tiles of a source to draw: coarser in the distance under tilt when the source has
    /// the camera's own zoom; a source already magnified past its last zoom keeps that zoom
    /// everywhere (coarser tiles would magnify its coordinates' rounding into visible steps).
    static func coverByDepth(_ viewport: Viewport, zoom z: Int, tileset: any Tileset) throws -> [TileID] {
        guard z == Int(viewport.camera.zoom.rounded(.down)) else { return try viewport.tiles(zoom: z) }
        return try viewport.tilesByDepth(zoom: z, minimumZoom: max(tileset.zoomRange?.lowerBound ?? 0, z - 3))
    }

    /// The tile zoom for a camera zoom: its floor, within the tileset's range; nil below it.
    static func tileZoom(_ zoom: Double, source: ClosedRange<Int>) -> Int? {
        let z = Int(zoom.rounded(.down))
        return z < source.lowerBound ? nil : min(z, source.upperBound)
    }

    /// The decoded tiles of a source covering the view, from each of its tilesets at that
    /// tileset's own zoom (through the cache when there is one), coarser in the distance under
    /// tilt (`Viewport/tilesByDepth(zoom:minimumZoom:)`); and with them the tiles covering
    /// `labels` (the view widened by the label margin), each read once. A tile comes once per
    /// world copy the view shows (its id's column moved by whole worlds, ``WorldCopies``).
    static func tiles(of source: TileSource, for viewport: Viewport, labels: Viewport? = nil,
                      cache: RenderCache?) throws -> (view: [SourceTile], labels: [SourceTile]) {
        var view: [SourceTile] = [], around: [SourceTile] = []
        for tileset in source.tilesets {
            guard let z = tileZoom(viewport.camera.zoom, source: tileset.zoomRange ?? 0...14) else { continue }
            // Tiles carry their neighbours' edges in a buffer (up to 1/64 of a tile in common
            // tilesets), drawn where two tiles overlap: a flat view takes every tile whose buffer
            // reaches it, so each pixel is drawn from the same tiles in every view of it.
            let reach = try widened(viewport, by: 4 * Double.exp2(viewport.camera.zoom - Double(z))) ?? viewport
            // Each tile in every world copy the view itself shows (``WorldCopies``; a copy that
            // only the buffer's reach meets holds nothing the tiles beside it do not), in a fixed
            // order (coarse first, then north to south, west to east), not nearest first:
            // features of one layer draw tile by tile, and where tiles overlap (their buffers)
            // the later tile's features lie on top, so the same ground must see its tiles in the
            // same order in every view (a tunnel road crossed over Bulevardi in one view and
            // under it in another).
            let inView = WorldCopies.ids(try coverByDepth(reach, zoom: z, tileset: tileset), in: viewport).sorted { ($0.z, $0.y, $0.x) < ($1.z, $1.y, $1.x) }
            let drawn = Set(inView)
            let wider = try labels.map { WorldCopies.ids(try coverByDepth($0, zoom: z, tileset: tileset), in: $0) } ?? []
            // Each tile read once for all its copies (a missing tile is kept as nil).
            var read: [TileID: VectorTile?] = [:]
            for id in inView + wider.filter({ !drawn.contains($0) }) {
                let own = WorldCopies.wrapped(id)
                guard tileset.mayHold(own) else { continue }
                if read[own] == nil { read[own] = try cache.map({ try $0.tile(own, tileset) }) ?? tileset.vectorTile(own) }
                guard let tile = read[own] ?? nil else { continue }
                around.append((id, tile, tileset.path))
                if drawn.contains(id) { view.append((id, tile, tileset.path)) }
            }
        }
        return (view, around)
    }

    /// The view widened by `margin` points on every side: for a flat camera exactly the ground
    /// around it (nil under tilt or without a margin).
    static func widened(_ viewport: Viewport, by margin: Double) throws -> Viewport? {
        guard margin > 0, viewport.camera.tilt == 0 else { return nil }
        let p = viewport.padding, size = viewport.size
        return try Viewport(camera: viewport.camera, size: ScreenSize(width: size.width + 2 * margin, height: size.height + 2 * margin),
                            padding: EdgeInsets(top: p.top + margin, left: p.left + margin, bottom: p.bottom + margin, right: p.right + margin))
    }

    func draw(_ viewport: Viewport, sources: MapSources, overlays: [Overlay], cache: RenderCache?, on canvas: Canvas) throws -> [PlacedLabel] {
        let ground = GroundGeometry(viewport: viewport)
        var tiles: [String: [SourceTile]] = [:], labelTiles = tiles
        var images: [String: [(TileID, RasterImage)]] = [:]
        let wider = try Self.widened(viewport, by: labelMargin)
        for (name, described) in style.sources {
            guard let source = sources.sources[name] else { continue }
            try check("reading source \(name)")
            switch described.kind {
            case .vector: (tiles[name], labelTiles[name]) = try Self.tiles(of: source, for: viewport, labels: wider, cache: cache)
            case .raster: images[name] = try RasterTiles.tiles(of: source, for: viewport, cache: cache)
            }
        }
        let extrude = viewport.camera.tilt > 0 && viewport.camera.zoom >= extrusionMinZoom
        // The credit line is measured first: labels are not drawn over it.
        let attribution = self.attribution ?? sources.attribution(for: style)
        let full = canvas.measure(attribution, size: 10).width
        // 10 pt, smaller in a view too narrow for it (never below 5 pt).
        let creditSize = max(5, min(10, 10 * (viewport.size.width - 8) / max(full, 1)))
        let credit = canvas.measure(attribution, size: creditSize)
        let right = viewport.size.width - 4, baseline = viewport.size.height - 5
        let area = LabelArea(viewport, margin: labelMargin, hidden: attribution.isEmpty ? [] : [(right - credit.width - 2, baseline - credit.height, viewport.size.width, viewport.size.height)],
                             acrossEdges: labelsAcrossEdges)
        let candidates = try StyledLayers(style: style, ground: ground, canvas: canvas, tiles: tiles, labelTiles: labelTiles, labelArea: area, images: images, cache: cache)
            .draw(extrude: extrude, check: { try check("layer \($0)") })
        try check("overlays")
        OverlayPainter(ground: ground, canvas: canvas).draw(overlays)
        try check("labels")
        canvas.text(attribution, rightAt: right, baseline: baseline, size: creditSize, RGBA(hex: 0x333333), halo: RGBA(1, 1, 1, 0.8))
        var taken: [LabelArea.Box] = []
        let points = LabelPlacer.place(candidates.points, on: canvas, area: area, taken: &taken)
        return points + LineLabels.place(candidates.lines, on: canvas, area: area, taken: &taken)
    }
}
