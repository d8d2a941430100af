import Foundation

/// A style document of the MapLibre Style Specification (version 8), loaded as MapLibre Native
/// loads one: what Meridian draws is kept, and everything else is reported in ``warnings``,
/// naming the layer and property, and left out.
///
/// Drawn: sources that name tilesets (MBTiles, PMTiles) in the data folder or TileJSON files, and layers of type
/// background, fill, line, symbol, circle, raster and fill-extrusion with filters, zoom ranges
/// and the paint and layout properties the catalogue marks drawn (``StyleProperty/drawn``).
///
/// A document that is not a style is an error (``StyleError``): not JSON, not an object,
/// `version` not 8, `sources` not an object, `layers` not an array, or beyond the bounds below.
/// A layer that cannot be drawn as written (no id, an unknown or undrawn type, a missing source,
/// a filter that does not compile) is left out with a warning; a property that cannot be used
/// (unknown, not drawn yet, an invalid value) is left out with a warning, so it takes its default.
public struct Style: Sendable {
    public struct Source: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case vector, raster, geojson, image
            case rasterDEM = "raster-dem"
        }
        public let kind: Kind
        /// The source's `url` as given: `mbtiles://NAME` or `pmtiles://NAME` (tileserver-gl's
        /// `mbtiles://{NAME}` too) names a tileset, or a folder of regional tilesets, in the
        /// data folder (resolved by MeridianTiles' `DataFolder`); `file:///PATH` or a path ending
        /// in `.json` names a TileJSON file (relative to the style file's ``Style/folder``), read
        /// by MeridianTiles' `TileJSONFile`; `pmtiles://https://…` or `https://…/x.pmtiles` a
        /// PMTiles archive on an HTTP server, any other `http(s)://` URL a TileJSON there (read
        /// where the program fetches remote data: `MeridianRemote`); empty where ``tileJSON``
        /// gives the tiles.
        public let url: String
        /// A `geojson` source's data and options (nil for other kinds); its ``url`` is the
        /// `data` member when that is a string (a path or URL), else empty.
        public var geojson: GeoJSONOptions? = nil
        /// An `image` source's four corners (top left, top right, bottom right, bottom left) as
        /// [longitude, latitude] in degrees; nil for other kinds. Its ``url`` names the image.
        public var corners: [[Double]]? = nil
        /// A `raster-dem` source's `encoding` as the style gives it (`terrarium` or `mapbox`); nil
        /// when the style gives none (the tileset's own then, else `mapbox`, the specification's
        /// default) and for other kinds.
        public var encoding: String? = nil
        /// The source object as JSON text when it lists its `tiles` itself (TileJSON written
        /// inline, with its `minzoom`, `maxzoom`, `bounds`, `scheme`, `attribution`); nil when
        /// ``url`` names where the tiles are.
        public var tileJSON: String? = nil
        /// A vector, raster or raster-dem source's `tileSize` as the style gives it (pixels on a
        /// side of its tiles, 32 to 8 192: MapLibre's pixels, Meridian's points); nil when the
        /// style gives none (the tileset's own then, else the specification's default, 512) and
        /// for GeoJSON and image sources. A vector source of another size than 512 is read as
        /// given (MapLibre GL JS refuses it; Meridian's own `world` and `coast` are 256).
        public var tileSize: Double? = nil

        /// Whether the source reads from an HTTP server: its `url`, or a template of its `tiles`.
        public var readsHTTP: Bool {
            let url = url.lowercased()
            return url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("pmtiles://http")
                || tileJSON.map { $0.contains("\"http://") || $0.contains("\"https://") } == true
        }
    }

    public struct Layer: Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case background, fill, line, symbol, circle, raster, heatmap, hillshade
            case fillExtrusion = "fill-extrusion"
            case colorRelief = "color-relief"

            /// Whether Meridian draws layers of this kind (the others are left out, with a warning):
            /// every kind of the specification now.
            public var isDrawn: Bool { true }
        }
        public let id: String
        public let kind: Kind
        public let source: String?
        public let sourceLayer: String?
        public let minzoom: Double
        public let maxzoom: Double
        public let filter: StyleExpression?
        /// The paint and layout properties the layer sets (and Meridian draws), compiled; read
        /// them through ``value(_:_:zoom:)`` and the typed reads, whose fallback is the catalogue's default.
        public let paint: [StylePropertyName: StyleExpression]
        public let layout: [StylePropertyName: StyleExpression]
        /// Both, by ``StylePropertyName/ordinal``: a read indexes, never hashes.
        @usableFromInline let expressions: [StyleExpression?]

        init(
            id: String, kind: Kind, source: String?, sourceLayer: String?, minzoom: Double, maxzoom: Double,
            filter: StyleExpression?, paint: [StylePropertyName: StyleExpression],
            layout: [StylePropertyName: StyleExpression]
        ) {
            (self.id, self.kind, self.source, self.sourceLayer) = (id, kind, source, sourceLayer)
            (self.minzoom, self.maxzoom, self.filter, self.paint, self.layout) = (
                minzoom, maxzoom, filter, paint, layout
            )
            var expressions = [StyleExpression?](repeating: nil, count: StylePropertyName.count)
            for (name, e) in paint.merging(layout, uniquingKeysWith: { a, _ in a }) { expressions[name.ordinal] = e }
            self.expressions = expressions
        }

        /// Whether the layer draws at `zoom` (minzoom inclusive, maxzoom exclusive, as in the spec)
        /// and is not hidden by `visibility: none`.
        public func isVisible(atZoom zoom: Double) -> Bool {
            zoom >= minzoom && zoom < maxzoom
                && keyword(StyleProperty.Visibility.self, zoom: zoom) != StyleProperty.Visibility.none
        }

        /// Whether a feature with these properties passes the filter at `zoom`.
        public func accepts(_ properties: [String: StyleValue], zoom: Double) -> Bool {
            filter?.evaluate(properties, zoom: zoom).isTrue ?? true
        }
    }

    public let name: String?
    /// Most layers a style may have (drawing cost grows with them).
    public static let maxLayers = 1_000
    /// Most nesting in a whole document: root, layers, a layer, a paint group, and an expression.
    static let maxNesting = 4 + StyleExpression.maxDepth
    public let sources: [String: Source]
    /// The layers Meridian draws, in the document's order.
    public let layers: [Layer]
    /// What was left out, in the document's order (``StyleWarning/summary(_:shown:)`` groups them).
    public let warnings: [StyleWarning]
    /// The style's own initial view (root `center`, `zoom`, `bearing`, `pitch`), if it has one.
    public let camera: Camera?
    /// The sprites the style names (root `sprite`), for `icon-image` and the patterns.
    public let sprites: [Sprite]
    /// The root `glyphs`: the URL template of the style's glyph ranges (`{fontstack}` and
    /// `{range}` in it), which its text is drawn from; nil when absent. A value that is not a
    /// string holding `{range}` is a warning naming `glyphs`, and none.
    public let glyphs: String?
    /// The root `light`, lighting fill-extrusion prisms (``Light``'s defaults when absent).
    public let light: Light
    /// The document as it was read (every member, drawn or not), for serving it to clients that
    /// draw it themselves.
    public let document: StyleValue
    /// The folder of the file the document was read from (``init(file:)``), against which a
    /// source's relative TileJSON path resolves; nil for a document read from memory (paths
    /// then resolve against the working directory).
    public private(set) var folder: String?
    /// Most bytes a style file may have: 64 MiB (published styles are under 100 KiB).
    public static let maxFileBytes = 64 << 20

    /// Loads the style document in the file at `path`, remembering its ``folder``.
    /// - Throws: ``StyleError`` naming the file when it cannot be read or is over
    ///   ``maxFileBytes``; otherwise as ``init(json:)``.
    public init(file path: String) throws(StyleError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard let size, size <= Self.maxFileBytes, let data = FileManager.default.contents(atPath: path) else {
            throw StyleError("cannot read style file \(path)")
        }
        try self.init(json: data)
        folder = (path as NSString).deletingLastPathComponent
        if folder?.isEmpty == true { folder = "." }
    }

    /// Loads a style document.
    /// - Throws: ``StyleError`` when the document is not a style (see the type's documentation).
    public init(json data: Data) throws(StyleError) {
        // Nesting is bounded before decoding (the decoder's cost grows with depth squared): the
        // document's own three levels, then an expression's ``StyleExpression/maxDepth``.
        do { try JSONNesting.check(data, limit: Self.maxNesting) } catch {
            let place = JSONNesting.TooDeep(path: Array(error.path.prefix(3))).location
            throw StyleError(property: place, "is nested more than \(StyleExpression.maxDepth) deep")
        }
        let root: StyleValue
        do { root = try JSONDecoder().decode(StyleValue.self, from: data) } catch {
            throw StyleError("not valid JSON (\(error))")
        }
        guard case let .object(top) = root else { throw StyleError("the document must be a JSON object") }
        document = root
        guard top["version"] == .number(8) else { throw StyleError(property: "version", "must be 8") }
        name = top["name"]?.string
        guard case let .object(rawSources)? = top["sources"] else {
            throw StyleError(property: "sources", "must be an object")
        }
        guard case let .array(rawLayers)? = top["layers"] else {
            throw StyleError(property: "layers", "must be an array")
        }
        guard rawLayers.count <= Self.maxLayers else {
            throw StyleError(property: "layers", "more than \(Self.maxLayers) layers")
        }
        var warnings: [StyleWarning] = []
        camera = Self.camera(top, warnings: &warnings)
        sprites = Self.sprites(top["sprite"], warnings: &warnings)
        glyphs = Self.glyphs(top["glyphs"], warnings: &warnings)
        light = Self.light(top["light"], warnings: &warnings)
        let (sources, undrawn) = Self.sources(rawSources, warnings: &warnings)
        var reader = LayerReader(sources: sources, undrawnSources: undrawn)
        reader.hasSprite = !sprites.isEmpty
        let state = Self.globalState(top["state"], warnings: &warnings)
        var layers: [Layer] = []
        for (index, raw) in rawLayers.enumerated() {
            // Without a declared state nothing changes (an undeclared name stays to read null).
            let resolved = state.isEmpty ? raw : raw.resolvingGlobalState(state)
            if let layer = reader.layer(resolved, index: index, warnings: &warnings) { layers.append(layer) }
        }
        (self.sources, self.layers, self.warnings) = (sources, layers, warnings)
    }
}
