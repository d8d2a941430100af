import Foundation
import MeridianStyle

/// The streets style for MapLibre-compatible clients: the same layers, each vector source
/// served by this server at `/data/{source}/{z}/{x}/{y}.pbf` with the zoom range and
/// attribution its tilesets declare (so clients over-zoom past the last zoom). Sources with no
/// data in the folder, and the layers that use them, are left out.
enum ServedStyle {
    /// What the style says of one served source.
    struct SourceInfo: Sendable, Hashable {
        let zoomRange: ClosedRange<Int>
        let attribution: String
    }

    /// The style document, with tile URLs on `base` (e.g. `http://127.0.0.1:8080`).
    static func document(base: String, sources: [String: SourceInfo]) throws -> [UInt8] {
        guard var root = try JSONSerialization.jsonObject(with: Data(DefaultStyles.streets.utf8)) as? [String: Any],
              let layers = root["layers"] as? [[String: Any]] else { throw RequestError("style", "the shipped style is not an object", status: 500) }
        var served: [String: Any] = [:]
        for (name, info) in sources {
            served[name] = [
                "type": "vector", "tiles": [base + "/data/\(name)/{z}/{x}/{y}.pbf"],
                "minzoom": info.zoomRange.lowerBound, "maxzoom": info.zoomRange.upperBound, "attribution": info.attribution,
            ] as [String: Any]
        }
        root["sources"] = served
        root["layers"] = layers.filter { layer in (layer["source"] as? String).map { sources[$0] != nil } ?? true }
        return [UInt8](try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]))
    }
}
