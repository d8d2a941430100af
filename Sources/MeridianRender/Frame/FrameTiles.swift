import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles
import RealModule

/// A decoded vector tile of a source: its id (its column moved by whole worlds for a world
/// copy, ``WorldCopies``), the tile, and the path of the tileset (region) it came from.
struct SourceTile {
    let id: TileID
    let tile: VectorTile
    let tileset: String
}

/// A decoded raster tile of a source, by its id.
struct RasterTile {
    let id: TileID
    let image: RasterImage
}

/// The first stage of a frame: the tiles of each of the style's sources that the frame reads,
/// by source name.
struct FrameTiles {
    /// Vector tiles covering the view (what fill, line, circle and extrusion layers draw).
    var vector: [String: [SourceTile]] = [:]
    /// Vector tiles for symbol layers: those of ``vector`` and those covering the view widened
    /// by the label margin (labels there decide labels in the view).
    var labels: [String: [SourceTile]] = [:]
    /// Raster tiles covering the view.
    var raster: [String: [RasterTile]] = [:]
    /// Elevation tiles covering the view, of `raster-dem` sources.
    var dem: [String: [DEMTile]] = [:]
    /// The style's image sources (drawn whole by their raster layers).
    var placed: [String: PlacedImage] = [:]

    /// Reads the tiles of every source `style` names that `sources` has (a source not given
    /// draws nothing), through the cache when there is one, checking `deadline` before each.
    /// - Throws: ``RenderError/deadlinePassed(_:)``; tile errors (a corrupt tile) as `TileError`.
    init(
        _ style: Style, sources: MapSources, viewport: Viewport, labelMargin: Double, cache: RenderCache?,
        deadline: Deadline
    ) throws {
        let wider = try Self.widened(viewport, by: labelMargin)
        placed = sources.placed
        for (name, described) in style.sources {
            guard let source = sources.sources[name] else { continue }
            try deadline.check("reading source \(name)")
            switch described.kind {
            case .vector, .geojson:
                (vector[name], labels[name]) = try Self.tiles(
                    of: source, for: viewport, labels: wider, cache: cache, deadline: deadline
                ) { SourceZoom(described, tileset: $0) }
            case .raster:
                raster[name] = try RasterPainter.tiles(
                    of: source, for: viewport, cache: cache, deadline: deadline, fallback: true
                ) {
                    SourceZoom(described, tileset: $0)
                }
            case .rasterDEM:
                dem[name] = try Self.dem(
                    of: source, described: described, for: viewport, cache: cache, deadline: deadline)
            case .image: continue
            }
        }
    }

    /// The tiles of zoom `z` of a source to draw: coarser in the distance under tilt when `z` is
    /// the zoom the camera wants of it; a source already magnified past its last zoom keeps
    /// that zoom everywhere (coarser tiles would magnify its coordinates' rounding into visible steps).
    static func coverByDepth(_ viewport: Viewport, zoom z: Int, wanted: Int, tileset: any Tileset) throws -> [TileID] {
        guard z == wanted else { return try viewport.tiles(zoom: z) }
        return try viewport.tilesByDepth(zoom: z, minimumZoom: max(tileset.zoomRange?.lowerBound ?? 0, z - 3))
    }

    /// The decoded tiles of a source covering the view, from each of its tilesets at the zoom
    /// `zoom` gives it (``SourceZoom``: the default, `.vector`, a vector source of 512-point tiles)
    /// within that tileset's own range (through the cache when there is one), coarser in the distance under tilt
    /// (`Viewport/tilesByDepth(zoom:minimumZoom:)`); and with them the tiles covering `labels` (the
    /// view widened by the label margin), each read once.
    ///
    /// A tile comes once per world copy the view shows (its id's column moved by whole worlds,
    /// ``WorldCopies``).
    static func tiles(
        of source: TileSource, for viewport: Viewport, labels: Viewport? = nil,
        cache: RenderCache?, deadline: Deadline = .never, zoom: (any Tileset) -> SourceZoom = { _ in .vector }
    ) throws -> (view: [SourceTile], labels: [SourceTile]) {
        var view: [SourceTile] = []
        var around: [SourceTile] = []
        for tileset in source.tilesets {
            let rule = zoom(tileset)
            let wanted = rule.wanted(viewport.camera.zoom)
            guard let z = rule.zoom(viewport.camera.zoom, range: tileset.zoomRange ?? 0...14) else { continue }
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
            let inView = WorldCopies.ids(
                try coverByDepth(reach, zoom: z, wanted: wanted, tileset: tileset), in: viewport
            )
            .sorted { ($0.z, $0.y, $0.x) < ($1.z, $1.y, $1.x) }
            let drawn = Set(inView)
            let wider =
                try labels.map {
                    WorldCopies.ids(try coverByDepth($0, zoom: z, wanted: wanted, tileset: tileset), in: $0)
                } ?? []
            // Each tile read once for all its copies (a missing tile is kept as nil).
            var read: [TileID: VectorTile?] = [:]
            for id in inView + wider.filter({ !drawn.contains($0) }) {
                let own = WorldCopies.wrapped(id)
                guard tileset.mayHold(own) else { continue }
                if read[own] == nil {
                    read[own] =
                        try cache.map({ try $0.tile(own, tileset, deadline: deadline) })
                        ?? RenderCache.read(own, tileset, deadline: deadline)
                }
                guard let tile = read[own] ?? nil else { continue }
                let sourceTile = SourceTile(id: id, tile: tile, tileset: tileset.path)
                around.append(sourceTile)
                if drawn.contains(id) { view.append(sourceTile) }
            }
        }
        return (view, around)
    }

    /// The view widened by `margin` points on every side: for a flat camera exactly the ground
    /// around it (nil under tilt or without a margin).
    static func widened(_ viewport: Viewport, by margin: Double) throws -> Viewport? {
        guard margin > 0, viewport.camera.tilt == 0 else { return nil }
        let p = viewport.padding
        let size = viewport.size
        return try Viewport(
            camera: viewport.camera, size: ScreenSize(width: size.width + 2 * margin, height: size.height + 2 * margin),
            padding: EdgeInsets(
                top: p.top + margin, left: p.left + margin, bottom: p.bottom + margin,
                right: p.right + margin))
    }
}
