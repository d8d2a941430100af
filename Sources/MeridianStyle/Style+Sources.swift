extension Style {
    /// The vector and raster sources of a document, and the names of those of kinds Meridian
    /// does not draw yet (geojson, raster-dem, image, video: each a warning; their layers are
    /// left out), or without a `url` (inline `tiles` lists are not fetched).
    static func sources(
        _ raw: [String: StyleValue], warnings: inout [StyleWarning]
    ) -> (drawn: [String: Source], undrawn: [String: String]) {
        var drawn: [String: Source] = [:]
        var undrawn: [String: String] = [:]
        for (name, value) in raw.sorted(by: { $0.key < $1.key }) {
            let place = "sources.\(name)"
            guard case let .object(s) = value, let type = s["type"]?.string else {
                undrawn[name] = "has no type"
                warnings.append(StyleWarning(property: place, "is not a source object with a type"))
                continue
            }
            guard let kind = Source.Kind(rawValue: type) else {
                undrawn[name] = "is a \(type) source"
                warnings.append(StyleWarning(property: place, "\(type) sources are not drawn yet"))
                continue
            }
            guard let url = s["url"]?.string, !url.isEmpty else {
                undrawn[name] = "has no url"
                warnings.append(
                    StyleWarning(
                        property: place,
                        "has no url (a tiles list is not fetched): give mbtiles://NAME for a tileset in the data folder, or a TileJSON file's path"
                    ))
                continue
            }
            drawn[name] = Source(kind: kind, url: url)
        }
        return (drawn, undrawn)
    }
}
