import MeridianStyle
import MeridianTiles

extension MapSources {
    /// One line per vector source whose tilesets declare their layers (`vector_layers`) and hold
    /// none of those the style's layers read from it: data placed where it does not belong (an
    /// offline region read as one region, another schema), which would draw nothing, named
    /// instead of a blank map. Sources whose tilesets declare no layers are not judged.
    static func unplaced(_ style: Style, _ sources: [String: TileSource]) -> [String] {
        var read: [String: Set<String>] = [:]
        for layer in style.layers {
            if let source = layer.source, let name = layer.sourceLayer { read[source, default: []].insert(name) }
        }
        var out: [String] = []
        for (name, wanted) in read.sorted(by: { $0.key < $1.key }) {
            guard let tilesets = sources[name]?.tilesets, !tilesets.isEmpty,
                tilesets.allSatisfy({ $0.info.content == .vector && !$0.info.vectorLayers.isEmpty })
            else { continue }
            let held = Set(tilesets.flatMap(\.info.vectorLayers))
            guard held.isDisjoint(with: wanted) else { continue }
            out.append(
                "source \(name): its tilesets hold none of the layers the style reads (\(wanted.sorted().prefix(5).joined(separator: ", "))); they hold \(held.sorted().prefix(5).joined(separator: ", ")); nothing of it is drawn"
            )
        }
        return out
    }
}
