/// A `geojson` source's members (MapLibre Style Specification v8), read and bounded where the
/// document is read. Zooms are the style's (MapLibre's); the renderer tiles the data itself.
///
/// A member of the wrong type or out of range is a warning naming it and takes its default;
/// a source without `data` (or with data that is neither an object nor a string) is left out
/// with its layers (a warning). `filter` is applied to the features before tiling. Read but
/// not used: `generateId` and `promoteId` (for `feature-state`, which a still map has none of).
public struct GeoJSONOptions: Hashable, Sendable {
    /// Where the features are.
    public enum Data: Hashable, Sendable {
        /// A GeoJSON object written in the style: a FeatureCollection, a Feature or a geometry.
        case inline(StyleValue)
        /// A path (relative to the style file, then the data folder), a `file://` URL, or an
        /// HTTP(S) URL (not fetched: the renderer names the source as missing).
        case reference(String)
    }

    public let data: Data
    /// The last zoom tiles are made at (MapLibre's zoom; deeper views magnify it): 0–24, default 18.
    public var maxzoom = 18.0
    /// Tile buffer in 512ths of a tile: 0–512, default 128.
    public var buffer = 128.0
    /// Douglas–Peucker tolerance in 512ths of a tile: 0–100, default 0.375.
    public var tolerance = 0.375
    /// Whether points are clustered.
    public var cluster = false
    /// Whether each line's pieces carry how far along the whole line they start and end
    /// (`mapbox_clip_start`, `mapbox_clip_end`, as geojson-vt writes them), for `line-gradient`.
    public var lineMetrics = false
    /// The radius of a cluster in screen pixels (512ths of a tile at each zoom): 0–1000, default 50.
    public var clusterRadius = 50.0
    /// The last zoom points are clustered at (default `maxzoom` − 1).
    public var clusterMaxZoom: Double
    /// The fewest points that make a cluster: 2–1000, default 2.
    public var clusterMinPoints = 2.0
    /// Aggregates over each cluster's points: name → the reduce operator or expression and the
    /// map expression, as written (`[operator, mapExpression]`).
    public var clusterProperties: [String: StyleValue] = [:]
    /// Only features that pass this filter are tiled.
    public var filter: StyleExpression?
    /// The credit the source gives.
    public var attribution: String?

    /// Reads a source object (`place` names it in warnings); nil when it has no usable `data`.
    init?(_ s: [String: StyleValue], place: String, warnings: inout [StyleWarning]) {
        switch s["data"] {
        case let .object(o)?: data = .inline(.object(o))
        case let .string(path)? where !path.isEmpty: data = .reference(path)
        default:
            warnings.append(StyleWarning(property: place + ".data", "must be a GeoJSON object or a URL; left out"))
            return nil
        }
        func number(_ key: String, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            guard let v = s[key] else { return fallback }
            guard let n = v.number, range.contains(n) else {
                warnings.append(
                    StyleWarning(
                        property: "\(place).\(key)",
                        "must be a number in [\(range.lowerBound), \(range.upperBound)]; \(fallback) is used"))
                return fallback
            }
            return n
        }
        func flag(_ key: String) -> Bool {
            guard let v = s[key] else { return false }
            guard case let .bool(b) = v else {
                warnings.append(StyleWarning(property: "\(place).\(key)", "must be true or false; false is used"))
                return false
            }
            return b
        }
        maxzoom = number("maxzoom", 0...24, 18).rounded(.down)
        buffer = number("buffer", 0...512, 128)
        tolerance = number("tolerance", 0...100, 0.375)
        cluster = flag("cluster")
        clusterRadius = number("clusterRadius", 0...1000, 50)
        clusterMaxZoom = number("clusterMaxZoom", 0...24, max(0, maxzoom - 1)).rounded(.down)
        clusterMinPoints = number("clusterMinPoints", 2...1000, 2).rounded(.down)
        lineMetrics = flag("lineMetrics")
        _ = flag("generateId")
        attribution = s["attribution"]?.string
        if case let .object(aggregates)? = s["clusterProperties"] {
            for (name, value) in aggregates.sorted(by: { $0.key < $1.key }) {
                guard case let .array(pair) = value, pair.count == 2 else {
                    warnings.append(
                        StyleWarning(
                            property: "\(place).clusterProperties.\(name)",
                            "must be [operator, map expression]; left out"))
                    continue
                }
                clusterProperties[name] = value
            }
        } else if s["clusterProperties"] != nil {
            warnings.append(StyleWarning(property: "\(place).clusterProperties", "must be an object; left out"))
        }
        if let f = s["filter"] {
            do { filter = try StyleExpression.filter(f) } catch {
                warnings.append(StyleWarning(property: "\(place).filter", "\(error.problem); left out"))
            }
        }
    }
}
