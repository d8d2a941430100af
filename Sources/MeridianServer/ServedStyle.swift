import Foundation
import MeridianStyle

/// The streets style for MapLibre-compatible clients: the same layers, reading one vector
/// source `meridian` whose tiles are this server's `/tiles/{z}/{x}/{y}.pbf` (the world and
/// Helsinki layers together). The full-resolution coast layers are left out: their source
/// layer is also called `land`, so they cannot share one tile with the world's.
enum ServedStyle {
    /// The style document, with tile URLs on `base` (e.g. `http://127.0.0.1:8080`).
    static func document(base: String) throws -> [UInt8] {
        guard var root = try JSONSerialization.jsonObject(with: Data(DefaultStyles.streets.utf8)) as? [String: Any],
              let layers = root["layers"] as? [[String: Any]] else { throw RequestError("style", "the shipped style is not an object", status: 500) }
        root["sources"] = ["meridian": [
            "type": "vector", "tiles": [base + "/tiles/{z}/{x}/{y}.pbf"], "minzoom": 0, "maxzoom": 16,
            "attribution": "© OpenStreetMap contributors · GSHHG · Natural Earth · GeoNames",
        ] as [String: Any]]
        root["layers"] = layers.compactMap { layer -> [String: Any]? in
            guard layer["source"] as? String != "coast" else { return nil }
            var out = layer
            if out["source"] != nil { out["source"] = "meridian" }
            return out
        }
        return [UInt8](try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]))
    }
}
