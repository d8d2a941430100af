import Foundation
import MeridianRender
import MeridianServing
import MeridianStyle

extension ServedStyle {
    /// A style given to `serve --style FILE`, as `/style.json` serves it to MapLibre's clients:
    /// the document as written (its zooms are MapLibre's already), with what only this machine
    /// can read replaced by the server's URLs on `base`:
    ///
    /// - each vector source the server serves (`sources`) is its tiles on the server, with the
    ///   zooms and credit its tilesets declare and the `tileSize` the style gives, as for the
    ///   shipped style (``vectorSource(base:name:_:tileSize:)``);
    /// - a GeoJSON source whose `data` is a file on this machine gets that file's GeoJSON
    ///   inline (`geojson`, by source name: what the server read at start);
    /// - a source on HTTP(S) (its `url`, `tiles` or `data`) and a GeoJSON source with inline data
    ///   stay as written;
    /// - any other source (a raster tileset or a file on this machine) is left out with the
    ///   layers that use it, each named in `omitted` (the server logs them at start);
    /// - `glyphs` is the server's `/fonts/…` (any fontstack, served by the nearest face) and a
    ///   symbol layer without `text-font` names the face Meridian draws it with
    ///   (``MapLibreConventions``);
    /// - the first local sprite is the server's `/sprite` (the file `ServedData.spriteFile`);
    ///   sprites on HTTP(S) stay; further local sprites are left out and named in `omitted`; a
    ///   style without `sprite` gets the server's, which then holds only the built-in `dot`.
    static func document(
        base: String, given style: Style, sources served: [String: VectorSourceInfo],
        geojson: [String: StyleValue] = [:]
    ) throws -> (bytes: [UInt8], omitted: [String]) {
        guard var root = Self.any(style.document) as? [String: Any] else {
            throw RequestError("style", "the given style is not an object", status: 500)
        }
        var omitted: [String] = []
        var sources: [String: Any] = [:]
        for (name, raw) in (root["sources"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let info = served[name] {
                sources[name] = vectorSource(
                    base: base, name: name, info, tileSize: (raw as? [String: Any])?["tileSize"])
            } else if var source = raw as? [String: Any], let data = geojson[name] {
                source["data"] = Self.any(data)
                sources[name] = source
            } else if let source = raw as? [String: Any], isRemoteOrInline(source) {
                sources[name] = source
            } else {
                omitted.append("source \(name): not served by this server (only its vector tilesets are); left out")
            }
        }
        root["sources"] = sources
        root["glyphs"] = base + "/fonts/{fontstack}/{range}.pbf"
        // Without a sprite of its own, the server's (the dot alone: `MapService.spriteFile` is nil),
        // for the built-in icon Meridian draws for every style.
        root["sprite"] = root["sprite"].map { Self.sprite($0, base: base, omitted: &omitted) } ?? base + "/sprite"
        let layers = root["layers"] as? [[String: Any]] ?? []
        root["layers"] = layers.filter { layer in
            guard let source = layer["source"] as? String, sources[source] == nil else { return true }
            omitted.append("layer \(layer["id"] as? String ?? "?"): its source \(source) is left out")
            return false
        }.map(MapLibreConventions.layer)
        let bytes = try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .withoutEscapingSlashes])
        return ([UInt8](bytes), omitted)
    }

    /// Whether a source works in a browser as written: its `url`, every `tiles` template and a
    /// string `data` on HTTP(S), or inline GeoJSON `data`; not a source with no location.
    static func isRemoteOrInline(_ source: [String: Any]) -> Bool {
        func remote(_ value: Any?) -> Bool {
            (value as? String).map { $0.hasPrefix("http://") || $0.hasPrefix("https://") } ?? false
        }
        var locations: [Any] = (source["tiles"] as? [Any]) ?? []
        for key in ["url", "data", "urls"] {
            if let list = source[key] as? [Any] {
                locations += list
            } else if let value = source[key] {
                if key == "data", !(value is String) { continue }  // inline GeoJSON
                locations.append(value)
            }
        }
        return (!locations.isEmpty || source["data"] != nil) && locations.allSatisfy(remote)
    }

    /// The `sprite` member for the browser: the first local sprite at `base/sprite`, the ones
    /// on HTTP(S) as written, further local ones left out (named in `omitted`).
    static func sprite(_ value: Any, base: String, omitted: inout [String]) -> Any {
        func remote(_ url: String) -> Bool { url.hasPrefix("http://") || url.hasPrefix("https://") }
        if let url = value as? String { return remote(url) ? url : base + "/sprite" }
        var servedLocal = false
        var out: [[String: Any]] = []
        for case let entry as [String: Any] in value as? [Any] ?? [] {
            guard let url = entry["url"] as? String, !remote(url) else {
                out.append(entry)
                continue
            }
            if servedLocal {
                omitted.append("sprite \(entry["id"] as? String ?? "?"): only one local sprite is served; left out")
                continue
            }
            servedLocal = true
            var served = entry
            served["url"] = base + "/sprite"
            out.append(served)
        }
        return out
    }

    /// A style value as `JSONSerialization`'s objects (through its JSON text), to edit and write.
    static func any(_ value: StyleValue) -> Any {
        (try? JSONSerialization.jsonObject(with: Data(value.jsonText.utf8), options: .fragmentsAllowed)) ?? NSNull()
    }
}
