import Foundation
import MeridianStyle
import Testing

/// Loading as MapLibre Native loads: the legacy `ref` layer, sources Meridian does not read,
/// and the warnings' summary.
@Suite struct StyleLoadingTests {
    @Test(
        "a ref layer takes type, source, source-layer, zooms, filter and layout from the layer it names; paint is its own"
    )
    func refLayers() throws {
        let loaded = try style(
            ##"""
            [{ "id": "road", "type": "line", "source": "s", "source-layer": "transportation", "minzoom": 5,
               "filter": ["==", "class", "primary"], "layout": { "visibility": "visible" },
               "paint": { "line-color": "#ffffff", "line-width": 4 } },
             { "id": "road-casing", "ref": "road", "type": "fill", "minzoom": 12, "paint": { "line-color": "#888888" } },
             { "id": "orphan", "ref": "nowhere", "paint": { "line-color": "#000000" } }]
            """##)
        #expect(loaded.layers.map(\.id) == ["road", "road-casing"])
        let casing = loaded.layers[1]
        #expect(casing.kind == .line && casing.source == "s" && casing.sourceLayer == "transportation")
        #expect(casing.minzoom == 5 && casing.layout[.visibility] != nil)
        #expect(casing.accepts(["class": .string("primary")], zoom: 10) && !casing.accepts([:], zoom: 10))
        #expect(casing.paint[.lineColor]?.evaluate([:], zoom: 10) == .color(StyleColor(css: "#888888")!))
        #expect(casing.paint[.lineWidth] == nil)
        #expect(
            loaded.warnings.map(\.description) == [
                #"style: layer "orphan", ref: "nowhere" is not an earlier layer; left out"#
            ])
    }

    @Test("sources Meridian does not read are warnings, and their layers are left out, each named")
    func undrawnSources() throws {
        let loaded = try style(
            #"""
            [{ "id": "points", "type": "raster", "source": "pins" },
             { "id": "relief", "type": "hillshade", "source": "dem" },
             { "id": "roads", "type": "line", "source": "web", "source-layer": "x" },
             { "id": "tiled", "type": "line", "source": "mlt", "source-layer": "x" },
             { "id": "kept", "type": "line", "source": "s", "source-layer": "x" }]
            """#,
            sources: #"""
                { "s": { "type": "vector", "url": "mbtiles://{openmaptiles}" },
                  "pins": { "type": "video", "urls": ["pins.mp4"], "coordinates": [[0, 1], [1, 1], [1, 0], [0, 0]] },
                  "dem": { "type": "raster-dem", "url": "mbtiles://dem", "encoding": "custom" },
                  "web": { "type": "vector", "minzoom": 2 },
                  "mlt": { "type": "vector", "encoding": "mlt", "tiles": ["https://example.com/{z}/{x}/{y}.mlt"] },
                  "listed": { "type": "vector", "tiles": ["https://example.com/{z}/{x}/{y}.pbf"], "maxzoom": 9 } }
                """#)
        #expect(loaded.layers.map(\.id) == ["kept"])
        #expect(
            loaded.sources.keys.sorted() == ["listed", "s"] && loaded.sources["s"]?.url == "mbtiles://{openmaptiles}")
        // A tiles list is TileJSON written in the source, read as such (MeridianTiles' TileJSONFile).
        let listed = try #require(loaded.sources["listed"])
        #expect(listed.url.isEmpty && listed.readsHTTP && listed.tileJSON?.contains(#""maxzoom":9"#) == true)
        let lines = loaded.warnings.map(\.description)
        #expect(lines.contains("style: sources.pins: video sources are not drawn yet"))
        #expect(lines.contains { $0.hasPrefix("style: sources.web: has neither url nor tiles") })
        #expect(lines.contains(#"style: layer "points", source: "pins" is a video source, not drawn yet; left out"#))
        #expect(
            lines.contains(#"style: layer "relief", source: "dem" has the custom encoding, not drawn yet; left out"#))
        #expect(
            lines.contains(
                #"style: sources.dem.encoding: "custom" is not drawn yet (terrarium and mapbox are); its layers are left out"#
            ))
        #expect(lines.contains(#"style: layer "roads", source: "web" has no url, not drawn yet; left out"#))
        // MapLibre Tiles are named, not misread as Mapbox Vector Tiles.
        #expect(
            lines.contains(
                #"style: sources.mlt.encoding: "mlt" is not drawn yet (mvt is); its layers are left out"#
            ))
        #expect(lines.contains(#"style: layer "tiled", source: "mlt" has the mlt encoding, not drawn yet; left out"#))
        #expect(lines.count == 8, "\(lines)")
    }

    @Test("the summary gives one line per property and problem, naming its first five layers and how many more")
    func summary() {
        let warnings =
            (1...7).map { StyleWarning(layer: "road\($0)", property: "layout.line-cap", "is not drawn yet") } + [
                StyleWarning(layer: "water", property: "paint.fill-antialias", "is not drawn yet"),
                StyleWarning(property: "sources.pins", "geojson sources are not drawn yet"),
            ]
        #expect(
            StyleWarning.summary(warnings) == [
                #"style: layout.line-cap: is not drawn yet (layers "road1", "road2", "road3", "road4", "road5" and 2 more)"#,
                #"style: paint.fill-antialias: is not drawn yet (layer "water")"#,
                "style: sources.pins: geojson sources are not drawn yet",
            ])
    }

    @Test("the catalogue holds the specification's facts: types, defaults, ranges, inputs; every kind has visibility")
    func catalogue() throws {
        let width = try #require(StyleProperty.named("line-width", kind: .line))
        #expect(width.group == .paint && width.type == .number && width.defaultValue == .number(1))
        #expect(
            width.range == 0...Double.infinity && width.interpolated && width.inputs.contains(.feature) && width.drawn)
        let cap = try #require(StyleProperty.named("line-cap", kind: .line))
        #expect(cap.group == .layout && cap.type == .enumeration(["butt", "round", "square"]) && cap.drawn)
        let fit = try #require(StyleProperty.named("icon-text-fit", kind: .symbol))
        #expect(fit.type == .enumeration(["none", "width", "height", "both"]) && fit.drawn)
        let gradient = try #require(StyleProperty.named("line-gradient", kind: .line))
        #expect(gradient.type == .color && gradient.drawn && gradient.inputs == [.lineProgress])
        let relief = try #require(StyleProperty.named("hillshade-exaggeration", kind: .hillshade))
        #expect(relief.drawn && relief.range == 0...1 && relief.defaultValue == .number(0.5))
        let ramp = try #require(StyleProperty.named("color-relief-color", kind: .colorRelief))
        #expect(ramp.drawn && ramp.inputs == [.elevation])
        let font = try #require(StyleProperty.named("text-font", kind: .symbol))
        #expect(font.type == .array(.string, length: nil) && !font.interpolated)
        #expect(StyleProperty.named("text-field", kind: .symbol)?.type == .formatted)
        #expect(StyleProperty.named("fill-pattern", kind: .fill)?.type == .resolvedImage)
        #expect(StyleProperty.named("line-width", kind: .fill) == nil)
        for kind in Style.Layer.Kind.allCases {
            #expect(StyleProperty.named("visibility", kind: kind)?.group == .layout, "\(kind)")
        }
        // Every name code may use is a property of some kind, and every property has its name.
        let catalogued = Set(Style.Layer.Kind.allCases.flatMap { StyleProperty.all(of: $0).map(\.name) })
        #expect(Set(StylePropertyName.allCases.map(\.rawValue)) == catalogued)
        #expect(StylePropertyName.lineWidth.rawValue == "line-width")
    }

    @Test("the style's camera: center [lng, lat], zoom (the camera's is one more), bearing and pitch; bad values warn")
    func camera() throws {
        func root(_ keys: String) throws -> Style {
            try Style(json: Data(#"{ "version": 8, "sources": {}, "layers": [], \#(keys) }"#.utf8))
        }
        let toner = try root(#""center": [-122.4188, 37.7977], "zoom": 10.4, "bearing": 30, "pitch": 45"#)
        let view = try #require(toner.camera)
        #expect(view.latitude == 37.7977 && view.longitude == -122.4188 && view.zoom == 10.4)
        #expect(abs(view.cameraZoom - 11.4) < 1e-12 && view.bearing == 30 && view.pitch == 45 && toner.warnings.isEmpty)
        #expect(try root(#""name": "none""#).camera == nil)
        let swapped = try root(#""center": [24.9, 91], "zoom": 12"#)
        #expect(swapped.camera == nil && swapped.warnings.first?.property == "center")
        let far = try root(#""center": [24.9, 60.2], "zoom": 30"#)
        #expect(far.camera == nil && far.warnings.first?.property == "zoom")
        let steep = try root(#""center": [24.9, 60.2], "zoom": 12, "pitch": 120"#)
        #expect(steep.camera?.pitch == 0 && steep.warnings.first?.property == "pitch")
    }

    @Test(
        "the root glyphs: a template with {range} is kept; a number, an empty string or one without {range} is a warning naming glyphs"
    )
    func glyphsTemplate() throws {
        func load(_ glyphs: String) throws -> Style {
            try Style(json: Data(#"{"version": 8, "glyphs": \#(glyphs), "sources": {}, "layers": []}"#.utf8))
        }
        let kept = try load(#""https://example.org/fonts/{fontstack}/{range}.pbf""#)
        #expect(kept.glyphs == "https://example.org/fonts/{fontstack}/{range}.pbf" && kept.warnings.isEmpty)
        for bad in ["42", #""""#, #""https://example.org/fonts/{fontstack}.pbf""#] {
            let loaded = try load(bad)
            #expect(loaded.glyphs == nil)
            #expect(
                loaded.warnings.map(\.description).contains { $0.contains("glyphs") && $0.contains("{range}") },
                "\(bad)")
        }
        let absent = try Style(json: Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8))
        #expect(absent.glyphs == nil && absent.warnings.isEmpty)
    }
}
