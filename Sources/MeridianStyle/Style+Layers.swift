extension Style {
    /// Reads a document's layers in order, as MapLibre does: a layer that cannot be drawn as
    /// written is left out with a warning; `ref` layers take their type, source, source-layer,
    /// zooms, filter and layout from the earlier layer they name (the legacy form of v8).
    struct LayerReader {
        let sources: [String: Source]
        /// Sources left out, with why (their layers are left out too).
        let undrawnSources: [String: String]
        /// Whether the style names a sprite (its `icon-image`s are then drawn from it).
        var hasSprite = false
        /// Every earlier layer's JSON by id, for `ref`; ids already used.
        private var earlier: [String: [String: StyleValue]] = [:]

        init(sources: [String: Source], undrawnSources: [String: String]) {
            (self.sources, self.undrawnSources) = (sources, undrawnSources)
        }

        /// The keys a layer object may have; others are ignored with a warning.
        static let keys: Set<String> = [
            "id", "type", "ref", "source", "source-layer", "minzoom", "maxzoom", "filter", "paint", "layout",
            "metadata",
        ]
        /// What a `ref` layer takes from the layer it names.
        static let inherited = ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"]

        /// The layer at `index`, or nil (with a warning) when it is left out.
        mutating func layer(_ raw: StyleValue, index: Int, warnings: inout [StyleWarning]) -> Layer? {
            guard case var .object(o) = raw, let id = o["id"]?.string else {
                warnings.append(StyleWarning(property: "layers[\(index)]", "every layer needs a string id; left out"))
                return nil
            }
            guard earlier[id] == nil else {
                warnings.append(StyleWarning(layer: id, property: "id", "is used by an earlier layer; left out"))
                return nil
            }
            if let ref = o["ref"] {
                guard let name = ref.string, let parent = earlier[name] else {
                    warnings.append(
                        StyleWarning(layer: id, property: "ref", "\(ref) is not an earlier layer; left out"))
                    return nil
                }
                for key in Self.inherited { o[key] = parent[key] }
            }
            earlier[id] = o
            for key in o.keys.sorted() where !Self.keys.contains(key) {
                warnings.append(StyleWarning(layer: id, property: key, "is not a layer key; ignored"))
            }
            do throws(StyleError) {
                return try layer(o, id: id, warnings: &warnings)
            } catch {
                warnings.append(StyleWarning(error, layer: id, property: nil))
                return nil
            }
        }

        /// - Throws: ``StyleError`` for what leaves the layer out (its problem ends "left out").
        private func layer(
            _ o: [String: StyleValue], id: String, warnings: inout [StyleWarning]
        ) throws(StyleError) -> Layer {
            guard let typeName = o["type"]?.string, let kind = Layer.Kind(rawValue: typeName) else {
                let kinds = Layer.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw StyleError(
                    property: "type", "\(o["type"]?.description ?? "null") is not one of \(kinds); left out")
            }
            guard kind.isDrawn else {
                throw StyleError(property: "type", "\(typeName) layers are not drawn yet; left out")
            }
            let source = o["source"]?.string
            if kind != .background {
                guard let source else {
                    throw StyleError(property: "source", "is required for \(typeName) layers; left out")
                }
                if let why = undrawnSources[source] {
                    throw StyleError(property: "source", "\"\(source)\" \(why), not drawn yet; left out")
                }
                guard let s = sources[source] else {
                    throw StyleError(property: "source", "\"\(source)\" is not among the sources; left out")
                }
                let needs: Set<Source.Kind> =
                    switch kind {
                    case .raster: [.raster, .image]
                    case .hillshade, .colorRelief: [.rasterDEM]
                    default: [.vector, .geojson]
                    }
                guard needs.contains(s.kind) else {
                    throw StyleError(
                        property: "source", "a \(typeName) layer cannot use a \(s.kind.rawValue) source; left out")
                }
            }
            // A GeoJSON source has one layer: its layers' `source-layer` is ignored, as MapLibre does.
            let onGeoJSON = source.flatMap { sources[$0] }?.kind == .geojson
            // `line-gradient` runs along whole lines, which only a GeoJSON source measuring them has
            // (MapLibre refuses the layer otherwise).
            if case let .object(paint)? = o["paint"], paint[StylePropertyName.lineGradient.rawValue] != nil,
                source.flatMap({ sources[$0] })?.geojson?.lineMetrics != true
            {
                throw StyleError(
                    property: "paint.line-gradient", "needs a geojson source with \"lineMetrics\": true; left out")
            }
            // What a gradient line does not draw yet beside its gradient (it is drawn centred; a
            // pattern replaces the gradient, as the specification says).
            if case let .object(paint)? = o["paint"], paint[StylePropertyName.lineGradient.rawValue] != nil,
                paint[StylePropertyName.linePattern.rawValue] == nil
            {
                for name in ["line-offset", "line-gap-width"] where paint[name] != nil {
                    warnings.append(
                        StyleWarning(
                            layer: id, property: "paint.\(name)",
                            "is not drawn yet with line-gradient; the gradient line is drawn without it"))
                }
            }
            if ![.background, .raster, .hillshade, .colorRelief].contains(kind) && !onGeoJSON
                && o["source-layer"]?.string == nil
            {
                throw StyleError(property: "source-layer", "is required for \(typeName) layers; left out")
            }
            func zoom(_ key: String, _ fallback: Double) -> Double {
                guard let v = o[key] else { return fallback }
                guard let n = v.number, (0...24).contains(n) else {
                    warnings.append(StyleWarning(layer: id, property: key, "must be a number in [0, 24]; ignored"))
                    return fallback
                }
                return n
            }
            // A pattern replaces the layer's colour: without it the layer would draw something else.
            if case let .object(paint)? = o["paint"],
                let pattern = paint.keys.sorted().first(where: {
                    StyleProperty.named($0, kind: kind)?.isUndrawnPattern == true
                })
            {
                throw StyleError(
                    property: "paint.\(pattern)", "is not drawn yet, and the layer draws with it; left out")
            }
            let filter: StyleExpression?
            do throws(StyleError) {
                filter = try o["filter"].map { v throws(StyleError) in
                    if let child = LegacyFilter.mixedChild(v) {
                        warnings.append(
                            StyleWarning(
                                layer: id, property: "filter\(child)",
                                "is legacy syntax inside an expression; read as an expression, as MapLibre does"))
                    }
                    return try StyleExpression.filter(v)
                }
            } catch {
                throw StyleError(property: "filter", "\(error.problem); left out")
            }
            let layout = properties(o["layout"], .layout, kind, id, hasSprite: hasSprite, warnings: &warnings)
            if kind == .symbol { warnings += Style.alignmentWarnings(layout, layer: id) }
            let paint = properties(o["paint"], .paint, kind, id, hasSprite: hasSprite, warnings: &warnings)
            // MapLibre makes a colour ramp only of an interpolation on the elevation; it draws nothing else.
            if kind == .colorRelief, paint[.colorReliefColor]?.compiled.elevationStops == nil {
                warnings.append(
                    StyleWarning(
                        layer: id, property: "paint.color-relief-color",
                        "must be an \"interpolate\" on [\"elevation\"] to draw anything (as in MapLibre); the layer draws nothing"
                    ))
            }
            return Layer(
                id: id, kind: kind, source: source, sourceLayer: onGeoJSON ? nil : o["source-layer"]?.string,
                minzoom: zoom("minzoom", 0), maxzoom: zoom("maxzoom", .infinity), filter: filter, paint: paint,
                layout: layout)
        }
    }
}
