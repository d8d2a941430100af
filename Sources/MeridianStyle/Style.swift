import Foundation

/// A style document: a subset of the MapLibre Style Specification (version 8) — sources that
/// name tilesets (MBTiles, PMTiles) in the data folder, and layers of type background, fill, line, symbol, circle, raster
/// and fill-extrusion with filters, zoom ranges and paint/layout properties as expressions.
///
/// Parsing is strict: an unknown layer type, property or expression, a bad colour or a
/// layer naming a missing source is a ``StyleError`` that names the layer and property.
public struct Style: Sendable {
    public struct Source: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable { case vector, raster }
        public let kind: Kind
        /// `mbtiles://NAME` or `pmtiles://NAME` as given: a tileset, or a folder of regional
        /// tilesets, in the data folder (resolved by MeridianTiles' `DataFolder`).
        public let url: String
    }

    public struct Layer: Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case background, fill, line, symbol, circle, raster
            case fillExtrusion = "fill-extrusion"
        }
        public let id: String
        public let kind: Kind
        public let source: String?
        public let sourceLayer: String?
        public let minzoom: Double
        public let maxzoom: Double
        public let filter: StyleExpression?
        public let paint: [String: StyleExpression]
        public let layout: [String: StyleExpression]

        /// Whether the layer draws at `zoom` (minzoom inclusive, maxzoom exclusive, as in the spec)
        /// and is not hidden by `visibility: none`.
        public func isVisible(atZoom zoom: Double) -> Bool {
            zoom >= minzoom && zoom < maxzoom && layout["visibility"]?.evaluate([:], zoom: zoom) != .string("none")
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
    public let layers: [Layer]

    /// Parses a style document.
    /// - Throws: ``StyleError`` for invalid JSON or content, naming the layer and property.
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
        guard top["version"] == .number(8) else { throw StyleError(property: "version", "must be 8") }
        name = top["name"]?.string
        guard case let .object(rawSources)? = top["sources"] else {
            throw StyleError(property: "sources", "must be an object")
        }
        var sources: [String: Source] = [:]
        for (key, value) in rawSources {
            guard case let .object(s) = value, let type = s["type"]?.string, let kind = Source.Kind(rawValue: type)
            else {
                throw StyleError(property: "sources.\(key).type", "must be \"vector\" or \"raster\"")
            }
            guard let url = s["url"]?.string, url.hasPrefix("mbtiles://") || url.hasPrefix("pmtiles://"),
                url.count > "mbtiles://".count
            else {
                throw StyleError(
                    property: "sources.\(key).url",
                    "must be an mbtiles:// or pmtiles:// URL naming a tileset in the data folder")
            }
            sources[key] = Source(kind: kind, url: url)
        }
        guard case let .array(rawLayers)? = top["layers"] else {
            throw StyleError(property: "layers", "must be an array")
        }
        guard rawLayers.count <= Self.maxLayers else {
            throw StyleError(property: "layers", "more than \(Self.maxLayers) layers")
        }
        var layers: [Layer] = []
        var ids: Set<String> = []
        for (index, raw) in rawLayers.enumerated() {
            let layer = try Self.layer(raw, index: index, sources: sources)
            guard ids.insert(layer.id).inserted else {
                throw StyleError(layer: layer.id, property: "id", "is used twice")
            }
            layers.append(layer)
        }
        self.sources = sources
        self.layers = layers
    }

    static func layer(_ raw: StyleValue, index: Int, sources: [String: Source]) throws(StyleError) -> Layer {
        guard case let .object(o) = raw, let id = o["id"]?.string else {
            throw StyleError(property: "layers[\(index)].id", "every layer needs a string id")
        }
        guard let typeName = o["type"]?.string, let kind = Layer.Kind(rawValue: typeName) else {
            throw StyleError(
                layer: id, property: "type",
                "\"\(o["type"]?.description ?? "null")\" is not one of \(Layer.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let allowedKeys: Set<String> = [
            "id", "type", "source", "source-layer", "minzoom", "maxzoom", "filter", "paint", "layout", "metadata",
        ]
        if let extra = o.keys.sorted().first(where: { !allowedKeys.contains($0) }) {
            throw StyleError(layer: id, property: extra, "is not a layer key")
        }
        let source = o["source"]?.string
        if kind != .background {
            guard let source else {
                throw StyleError(layer: id, property: "source", "is required for \(typeName) layers")
            }
            guard let s = sources[source] else {
                throw StyleError(layer: id, property: "source", "\"\(source)\" is not among the sources")
            }
            if (kind == .raster) != (s.kind == .raster) {
                throw StyleError(
                    layer: id, property: "source", "a \(typeName) layer cannot use a \(s.kind.rawValue) source")
            }
        }
        if kind != .background && kind != .raster && o["source-layer"]?.string == nil {
            throw StyleError(layer: id, property: "source-layer", "is required for \(typeName) layers")
        }
        func zoom(_ key: String, _ fallback: Double) throws(StyleError) -> Double {
            guard let v = o[key] else { return fallback }
            guard let n = v.number, (0...24).contains(n) else {
                throw StyleError(layer: id, property: key, "must be a number in [0, 24]")
            }
            return n
        }
        let filter: StyleExpression?
        do throws(StyleError) {
            filter = try o["filter"].map { v throws(StyleError) in try StyleExpression.compile(v) }
        } catch { throw error.at(layer: id, property: "filter") }
        return Layer(
            id: id, kind: kind, source: source, sourceLayer: o["source-layer"]?.string,
            minzoom: try zoom("minzoom", 0), maxzoom: try zoom("maxzoom", .infinity), filter: filter,
            paint: try properties(o["paint"], "paint", kind, id),
            layout: try properties(o["layout"], "layout", kind, id))
    }

    static func properties(
        _ raw: StyleValue?, _ group: String, _ kind: Layer.Kind, _ id: String
    ) throws(StyleError) -> [String: StyleExpression] {
        guard let raw else { return [:] }
        guard case let .object(o) = raw else { throw StyleError(layer: id, property: group, "must be an object") }
        let known = (group == "paint" ? StyleProperties.paint : StyleProperties.layout)[kind] ?? [:]
        var out: [String: StyleExpression] = [:]
        for (key, value) in o {
            guard let type = known[key] else {
                throw StyleError(layer: id, property: "\(group).\(key)", "is not a \(kind.rawValue) \(group) property")
            }
            do throws(StyleError) {
                out[key] = try StyleExpression.compile(
                    value, colors: type == .color, interpolatable: type == .number, arrays: type == .array,
                    tokens: key == "text-field" || key == "icon-image")
            } catch {
                throw error.at(layer: id, property: "\(group).\(key)")
            }
        }
        return out
    }
}
