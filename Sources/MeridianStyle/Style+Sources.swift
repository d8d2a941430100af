extension Style {
    /// The vector, raster, raster-dem, GeoJSON and image sources of a document, and the names of
    /// those Meridian does not draw yet (video, a vector source of the `mlt` encoding, a
    /// raster-dem source of the `custom` encoding: each
    /// a warning; their layers are left out), without a `url` or a `tiles` list, or GeoJSON sources
    /// without usable `data` (``GeoJSONOptions``).
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
            if kind == .geojson {
                if let options = GeoJSONOptions(s, place: place, warnings: &warnings) {
                    drawn[name] = Source(kind: kind, url: s["data"]?.string ?? "", geojson: options)
                } else {
                    undrawn[name] = "has no data"
                }
                continue
            }
            if kind == .image {
                if let (url, corners) = Self.imageSource(s, place: place, warnings: &warnings) {
                    drawn[name] = Source(kind: kind, url: url, corners: corners)
                } else {
                    undrawn[name] = "has no url or four corners"
                }
                continue
            }
            var inline: String?
            if s["url"]?.string.map(\.isEmpty) ?? true, case .array = s["tiles"] {
                // TileJSON written in the source (`tiles`, `minzoom`, `maxzoom`, `bounds`, `scheme`…).
                inline = value.jsonText
            }
            guard let url = s["url"]?.string ?? inline.map({ _ in "" }), !url.isEmpty || inline != nil else {
                undrawn[name] = "has no url"
                warnings.append(
                    StyleWarning(
                        property: place,
                        "has neither url nor tiles: give mbtiles://NAME for a tileset in the data folder, a TileJSON's path or URL, or a tiles list"
                    ))
                continue
            }
            // The `encoding`s read (``readEncodings``); any other leaves the source out, named.
            var encoding: String?
            if let read = Self.readEncodings[kind], let given = s["encoding"] {
                guard let e = given.string, read.contains(e) else {
                    undrawn[name] = "has the \(given.string ?? "given") encoding"
                    let drawn = read.joined(separator: " and ") + (read.count == 1 ? " is" : " are")
                    warnings.append(
                        StyleWarning(
                            property: place + ".encoding",
                            "\(given) is not drawn yet (\(drawn)); its layers are left out"))
                    continue
                }
                encoding = kind == .rasterDEM ? e : nil
            }
            drawn[name] = Source(
                kind: kind, url: url, encoding: encoding, tileJSON: inline,
                tileSize: Self.tileSize(s["tileSize"], place: place, warnings: &warnings))
        }
        return (drawn, undrawn)
    }

    /// The `encoding`s read, by source kind: Mapbox Vector Tiles (`mvt`, the default; MapLibre
    /// Tiles, `mlt`, not yet) and the two elevation encodings (`custom` not yet).
    static let readEncodings: [Source.Kind: [String]] = [.vector: ["mvt"], .rasterDEM: ["terrarium", "mapbox"]]

    /// A source's `tileSize`: a number from 32 to 8 192 (pixels); nil, with a warning naming
    /// the member, for anything else (the default, 512, is taken).
    static func tileSize(_ given: StyleValue?, place: String, warnings: inout [StyleWarning]) -> Double? {
        guard let given else { return nil }
        guard let size = given.number, (32...8192).contains(size) else {
            warnings.append(
                StyleWarning(property: place + ".tileSize", "\(given) is not a size from 32 to 8192 pixels; 512 taken"))
            return nil
        }
        return size
    }

    /// An `image` source's `url` and `coordinates` (four [longitude, latitude] pairs of finite
    /// numbers, latitudes within ±90); nil, with a warning naming the member, otherwise.
    static func imageSource(
        _ s: [String: StyleValue], place: String, warnings: inout [StyleWarning]
    ) -> (url: String, corners: [[Double]])? {
        guard let url = s["url"]?.string, !url.isEmpty else {
            warnings.append(StyleWarning(property: place + ".url", "must name the image; left out"))
            return nil
        }
        guard case let .array(list)? = s["coordinates"], list.count == 4 else {
            warnings.append(
                StyleWarning(property: place + ".coordinates", "must be four [longitude, latitude]; left out"))
            return nil
        }
        var corners: [[Double]] = []
        for c in list {
            guard case let .array(pair) = c, pair.count == 2, let lng = pair[0].number, let lat = pair[1].number,
                lng.isFinite, lat.isFinite, abs(lat) <= 90
            else {
                warnings.append(
                    StyleWarning(property: place + ".coordinates", "must be four [longitude, latitude]; left out"))
                return nil
            }
            corners.append([lng, lat])
        }
        return (url, corners)
    }
}
