import ArgumentParser
import Foundation
import MeridianStyle

/// `--style FILE` or `--map-type NAME`: the style a command draws or extracts.
struct StyleOptions: ParsableArguments {
    @Option(
        help:
            "A MapLibre style document (version 8; sources are mbtiles:// or pmtiles:// names in the data folder, or TileJSON files). What Meridian does not draw yet is a warning naming the layer and property."
    ) var style: String?
    @Option(
        help:
            "normal (streets), satellite (NASA Blue Marble), hybrid (imagery with roads and labels), terrain (shaded relief) or none.",
        transform: { name in
            guard let type = MapType(named: name) else {
                throw ValidationError("map type must be \(MapType.accepted), got \(name)")
            }
            return type
        })
    var mapType = MapType.normal

    /// The style: --style FILE, else the map type's.
    func styleDocument() throws -> Style {
        do {
            if let style { return try Style(file: style) }
            return try Style(json: Data(mapType.document.utf8))
        } catch { throw ValidationError(error.description) }
    }
}
