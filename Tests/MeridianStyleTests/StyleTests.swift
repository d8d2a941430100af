import Foundation
import MeridianStyle
import Testing

func style(
    _ layers: String, sources: String = #"{ "s": { "type": "vector", "url": "mbtiles://x.mbtiles" } }"#
) throws(StyleError) -> Style {
    try Style(json: Data(#"{ "version": 8, "sources": \#(sources), "layers": \#(layers) }"#.utf8))
}

func expression(_ json: String, colors: Bool = false) throws -> StyleExpression {
    try StyleExpression.compile(
        try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8)), expecting: colors ? .color : nil)
}

func filter(_ json: String) throws -> StyleExpression {
    try StyleExpression.filter(try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8)))
}

@Suite struct ExpressionTests {
    let road: [String: StyleValue] = [
        "highway": .string("primary"), "lanes": .number(2), "name": .string("Mannerheimintie"),
    ]

    @Test("interpolate: linear and exponential, clamped at the ends")
    func interpolate() throws {
        let linear = try expression(#"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 21]"#)
        #expect(linear.evaluate([:], zoom: 15) == .number(11))
        #expect(linear.evaluate([:], zoom: 5) == .number(1) && linear.evaluate([:], zoom: 30) == .number(21))
        // Base 2 from 12 to 16: t = (2^(z−12) − 1) / (2^4 − 1); at 14, 3/15.
        let exponential = try expression(#"["interpolate", ["exponential", 2], ["zoom"], 12, 0, 16, 15]"#)
        #expect(exponential.evaluate([:], zoom: 14) == .number(3))
        let color = try expression(
            ##"["interpolate", ["linear"], ["zoom"], 0, "#000000", 10, "#ffffff"]"##, colors: true)
        #expect(color.evaluate([:], zoom: 5) == .color(StyleColor(r: 0.5, g: 0.5, b: 0.5)))
    }

    @Test("readsFeature: true wherever get or has appears, however deep; false for zoom-only and literal expressions")
    func readsFeature() throws {
        for json in [
            #"["get", "class"]"#, #"["has", "name"]"#,
            #"["interpolate", ["linear"], ["zoom"], 10, 1, 20, ["get", "w"]]"#,
            #"["step", ["zoom"], 1, 12, ["match", ["get", "class"], "a", 2, 3]]"#,
            #"["case", ["==", ["get", "x"], 1], 2, 3]"#,
            #"["coalesce", ["get", "a"], 1]"#, #"["*", 2, ["to-number", ["get", "lanes"]]]"#, #"["!", ["has", "a"]]"#,
        ] {
            let e = try expression(json)
            #expect(e.readsFeature, "\(json)")
            // The claim is checked against evaluation: some property set changes the value.
            let values = Set(
                [
                    [:], road,
                    ["class": .string("a"), "w": .number(9), "x": .number(1), "a": .number(5), "lanes": .number(4)],
                ].map { "\(e.evaluate($0, zoom: 15))" })
            #expect(values.count > 1, "\(json)")
        }
        for json in [
            #"3"#, #"["interpolate", ["linear"], ["zoom"], 0, 0, 24, 24]"#,
            #"["interpolate", ["exponential", 2], ["zoom"], 12, 0.5, 16, 5]"#, #"["step", ["zoom"], 1, 12, 2]"#,
            #"["match", ["literal", "a"], "a", 1, 2]"#, #"["step", ["zoom"], 1, 12, ["+", 1, 1]]"#,
        ] {
            let e = try expression(json)
            #expect(!e.readsFeature, "\(json)")
            #expect(e.evaluate([:], zoom: 14) == e.evaluate(road, zoom: 14), "\(json)")
        }
    }

    @Test("step, match, case, coalesce, get, has, comparisons, in, arithmetic")
    func operators() throws {
        #expect(try expression(#"["step", ["zoom"], "a", 10, "b", 15, "c"]"#).evaluate([:], zoom: 12) == .string("b"))
        #expect(
            try expression(#"["match", ["get", "highway"], ["primary", "trunk"], 11, "secondary", 9, 6]"#).evaluate(
                road, zoom: 16) == .number(11))
        #expect(
            try expression(#"["match", ["get", "highway"], "secondary", 9, 6]"#).evaluate(road, zoom: 16) == .number(6))
        #expect(
            try expression(#"["case", [">", ["get", "lanes"], 3], "wide", ["has", "name"], "named", "plain"]"#)
                .evaluate(road, zoom: 1) == .string("named"))
        #expect(
            try expression(#"["coalesce", ["get", "ref"], ["get", "name"]]"#).evaluate(road, zoom: 1)
                == .string("Mannerheimintie"))
        #expect(
            try filter(#"["all", ["==", "highway", "primary"], ["!=", "lanes", 1], ["<=", "lanes", 2]]"#).evaluate(
                road, zoom: 1) == .bool(true))
        // Mixed with an expression, a legacy comparison is an expression, as MapLibre reads it:
        // the string "highway" is not "primary".
        #expect(
            try filter(#"["all", ["==", "highway", "primary"], ["!=", ["get", "lanes"], 1]]"#).evaluate(road, zoom: 1)
                == .bool(false))
        #expect(try filter(#"["in", "highway", "primary", "secondary"]"#).evaluate(road, zoom: 1) == .bool(true))
        #expect(
            try expression(#"["in", ["get", "highway"], ["literal", ["footway"]]]"#).evaluate(road, zoom: 1)
                == .bool(false))
        #expect(
            try expression(#"["in", ["get", "highway"], ["literal", ["footway", "primary"]]]"#).evaluate(road, zoom: 1)
                == .bool(true))
        #expect(
            try expression(#"["!", ["in", ["get", "highway"], ["literal", ["primary"]]]]"#).evaluate(road, zoom: 1)
                == .bool(false))
        #expect(
            try expression(#"["*", ["to-number", ["get", "levels"]], 3]"#).evaluate(["levels": .string("5")], zoom: 1)
                == .number(15))
        // The specification's to-number: null and false are 0, true 1; strings by ECMAScript's ToNumber;
        // the next argument when one does not convert; null (the property's default) when none does.
        #expect(try expression(#"["*", ["to-number", ["get", "levels"]], 3]"#).evaluate([:], zoom: 1) == .number(0))
        for (text, expected) in [
            ("48.5 m", nil), (" 12 ", 12.0), ("", 0), ("0x1F", 31), ("1e3", 1000), ("NaN", nil), ("nan", nil),
            ("inf", nil),
            ("Infinity", Double.infinity), (".5", 0.5), ("0b101", 5),
        ] as [(String, Double?)] {
            let value = try expression(#"["to-number", ["get", "h"]]"#).evaluate(["h": .string(text)], zoom: 1)
            #expect(value == (expected.map { StyleValue.number($0) } ?? .null), "\(text)")
        }
        #expect(
            try expression(#"["to-number", ["get", "h"], ["get", "fallback"], 7]"#).evaluate(
                ["h": .string("x"), "fallback": .string("y")], zoom: 1) == .number(7))
        #expect(try expression(#"["to-number", ["get", "h"]]"#).evaluate(["h": .bool(true)], zoom: 1) == .number(1))
        #expect(
            try expression(#"["to-number", ["get", "h"], 5]"#).evaluate(["h": .string("48.5 m")], zoom: 1) == .number(5)
        )
        #expect(try expression(#"["-", 0, ["get", "lanes"]]"#).evaluate(road, zoom: 1) == .number(-2))
    }

    @Test(
        "colours in the forms styles use",
        arguments: [
            ("#0f0", StyleColor(r: 0, g: 1, b: 0)), ("#00ff0080", StyleColor(r: 0, g: 1, b: 0, a: 128.0 / 255)),
            ("rgba(255, 0, 0, 0.5)", StyleColor(r: 1, g: 0, b: 0, a: 0.5)),
            ("hsl(120, 100%, 50%)", StyleColor(r: 0, g: 1, b: 0)),
            ("white", StyleColor(r: 1, g: 1, b: 1)),
        ])
    func colours(text: String, expected: StyleColor) throws {
        let c = try #require(StyleColor(css: text))
        #expect(
            abs(c.r - expected.r) < 1e-9 && abs(c.g - expected.g) < 1e-9 && abs(c.b - expected.b) < 1e-9
                && abs(c.a - expected.a) < 1e-9)
    }

    @Test func badExpressions() {
        for json in [
            #"["nope", 1]"#, #"["interpolate", ["cubic"], ["zoom"], 0, 1, 1, 2]"#, #"["step", ["zoom"], 1, 5]"#,
            #"["interpolate", ["linear"], ["zoom"], 5, 1, 3, 2]"#, #"["match", ["get", "a"], 1]"#,
        ] {
            #expect(throws: StyleError.self, "\(json)") { try expression(json) }
        }
    }
}

@Suite struct StyleDocumentTests {
    @Test("the shipped styles parse; the streets style's filters pick what they mean")
    func defaults() throws {
        let streets = try Style(json: Data(DefaultStyles.streets.utf8))
        #expect(streets.warnings.isEmpty, "\(streets.warnings)")
        #expect(streets.sources["openmaptiles"]?.url == "mbtiles://openmaptiles" && streets.sources.count == 3)
        // Every street-level layer reads an OpenMapTiles layer.
        let omt: Set<String> = [
            "transportation", "transportation_name", "building", "water", "waterway", "park", "landcover", "landuse",
            "poi", "place",
        ]
        #expect(streets.layers.filter { $0.source == "openmaptiles" }.allSatisfy { omt.contains($0.sourceLayer ?? "") })
        let lakes = try #require(streets.layers.first { $0.id == "lakes" })
        #expect(lakes.accepts(["level": .number(2)], zoom: 5) && !lakes.accepts(["level": .number(1)], zoom: 5))
        let rivers = try #require(streets.layers.first { $0.id == "rivers" })
        // From camera zoom 4: style zoom 3.
        #expect(!rivers.isVisible(atZoom: 2.9) && rivers.isVisible(atZoom: Style.zoom(forCameraZoom: 4)))
        let green = try #require(streets.layers.first { $0.id == "landcover-green" })
        #expect(
            green.accepts(["class": .string("grass"), "subclass": .string("park")], zoom: 16)
                && !green.accepts(["class": .string("sand")], zoom: 16))
        let casing = try #require(streets.layers.first { $0.id == "road-casing" })
        #expect(
            casing.accepts(["class": .string("primary")], zoom: 16)
                && !casing.accepts(["class": .string("path"), "subclass": .string("footway")], zoom: 16))
        #expect(
            casing.accepts(["class": .string("path"), "subclass": .string("pedestrian")], zoom: 16)
                && !casing.accepts(["class": .string("rail")], zoom: 16))
        let roads = try #require(streets.layers.first { $0.id == "roads" })
        #expect(roads.paint[.lineWidth]?.evaluate(["class": .string("primary")], zoom: 16) == .number(11))
        #expect(
            roads.paint[.lineWidth]?.evaluate(["class": .string("path"), "subclass": .string("footway")], zoom: 16)
                == .number(1.4))
        let rail = try #require(streets.layers.first { $0.id == "rail" })
        #expect(
            rail.accepts(["class": .string("rail")], zoom: 16) && rail.accepts(["class": .string("tram")], zoom: 16)
                && !rail.accepts(["class": .string("minor")], zoom: 16))
        let buildings = try #require(streets.layers.first { $0.kind == .fillExtrusion })
        let height = try #require(buildings.paint[.fillExtrusionHeight])
        #expect(height.evaluate(["render_height": .number(14.64)], zoom: 16) == .number(14.64))
        #expect(
            height.evaluate(["render_height": .string("39")], zoom: 16) == .number(39)
                && height.evaluate([:], zoom: 16) == .number(10))
        #expect(!buildings.accepts(["hide_3d": .bool(true)], zoom: 16) && buildings.accepts([:], zoom: 16))
        // Names: OpenMapTiles' `name`, else tilemaker's `name:latin`.
        let names = try #require(streets.layers.first { $0.id == "road-names" })
        #expect(
            names.layout[.textField]?.evaluate(["name:latin": .string("Mannerheimintie")], zoom: 16)
                == .string("Mannerheimintie"))
        #expect(
            names.layout[.textField]?.evaluate(["name": .string("Esplanadi"), "name:latin": .string("x")], zoom: 16)
                == .string("Esplanadi"))
        #expect(
            !names.accepts(["class": .string("primary")], zoom: 16)
                && names.accepts(["class": .string("primary"), "name": .string("A")], zoom: 16))
        #expect(try Style(json: Data(DefaultStyles.none.utf8)).layers.count == 1)
    }

    @Test(
        "every map type has a style; the raster ones draw their imagery first above the background",
        arguments: [MapType.satellite, .hybrid, .terrain])
    func mapTypes(type: MapType) throws {
        let style = try Style(json: Data(type.document.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        #expect(style.layers[1].kind == .raster && style.sources[style.layers[1].source ?? ""]?.kind == .raster)
        #expect(style.layers.contains { $0.kind == .symbol } == (type != .satellite))
        #expect(
            MapType.normal.document == DefaultStyles.streets && MapType(named: "roadmap") == .normal
                && MapType(named: "Roadmap") == nil)
    }

    @Test(
        "what cannot be drawn as written is a warning naming the layer and property, and is left out",
        arguments: [
            (#"[{ "id": "a", "type": "polygon", "source": "s", "source-layer": "x" }]"#, "layer \"a\", type", 0),
            (
                #"[{ "id": "b", "type": "fill", "source": "s", "source-layer": "x", "paint": { "fill-colour": "red" } }]"#,
                "layer \"b\", paint.fill-colour", 1
            ),
            (
                #"[{ "id": "c", "type": "fill", "source": "s", "source-layer": "x", "paint": { "fill-color": "reddish" } }]"#,
                "layer \"c\", paint.fill-color", 1
            ),
            (#"[{ "id": "d", "type": "line", "source": "nowhere", "source-layer": "x" }]"#, "layer \"d\", source", 0),
            (#"[{ "id": "e", "type": "line", "source": "s" }]"#, "layer \"e\", source-layer", 0),
            (
                #"[{ "id": "f", "type": "line", "source": "s", "source-layer": "x", "filter": ["spin"] }]"#,
                "layer \"f\", filter", 0
            ),
            (
                #"[{ "id": "g", "type": "circle", "source": "s", "source-layer": "x", "minzoom": 30 }]"#,
                "layer \"g\", minzoom", 1
            ),
            (#"[{ "id": "h", "type": "background" }, { "id": "h", "type": "background" }]"#, "layer \"h\", id", 1),
            (
                #"[{ "id": "i", "type": "line", "source": "s", "source-layer": "x", "layout": { "text-field": "x" } }]"#,
                "layer \"i\", layout.text-field", 1
            ),
            (
                #"[{ "id": "j", "type": "line", "source": "s", "source-layer": "x", "paint": { "line-opacity": 2 } }]"#,
                "layer \"j\", paint.line-opacity", 1
            ),
            (
                #"[{ "id": "k", "type": "line", "source": "s", "source-layer": "x", "layout": { "visibility": "off" } }]"#,
                "layer \"k\", layout.visibility", 1
            ),
            (#"[{ "id": "l", "type": "color-relief", "source": "s" }]"#, "layer \"l\", source", 0),
            (
                #"[{ "id": "o", "type": "line", "source": "s", "source-layer": "x", "paint": { "line-color": ["+", 1, 2] } }]"#,
                "layer \"o\", paint.line-color: Expected color but found number instead.", 1
            ),
            (
                #"[{ "id": "p", "type": "symbol", "source": "s", "source-layer": "x", "layout": { "symbol-placement": ["get", "p"] } }]"#,
                "layout.symbol-placement: data expressions not supported", 1
            ),
            (
                #"[{ "id": "m", "type": "fill", "source": "s", "source-layer": "x", "interactive": true }]"#,
                "interactive", 1
            ),
            (
                #"[{ "id": "u", "type": "line", "source": "s", "source-layer": "x", "filter": ["all", ["==", "class", "a"], ["==", ["get", "b"], 1]] }]"#,
                "layer \"u\", filter[1]: is legacy syntax inside an expression", 1
            ),
            (
                #"[{ "id": "v", "type": "line", "source": "s", "source-layer": "x", "filter": "class" }]"#,
                "layer \"v\", filter: must be an array or a boolean", 0
            ),
        ])
    func leftOut(layers: String, mentions: String, kept: Int) throws {
        let loaded = try style(layers)
        #expect(loaded.warnings.count == 1, "\(loaded.warnings)")
        #expect(loaded.warnings.first?.description.contains(mentions) == true, "\(loaded.warnings)")
        #expect(loaded.layers.count == kept)
        // What is left out of a kept layer is not there: the property takes its default.
        #expect(loaded.layers.allSatisfy { $0.paint.isEmpty && $0.layout.isEmpty && $0.minzoom == 0 })
    }

    @Test("within in a paint value is kept and evaluated on the geometry the feature's properties carry")
    func withinInPaint() throws {
        let loaded = try style(
            #"[{ "id": "r", "type": "line", "source": "s", "source-layer": "x", "paint": { "line-width": ["case", ["within", {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}], 2, 1] } }]"#
        )
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let width = try #require(loaded.layers.first?.paint[.lineWidth])
        #expect(width.readsGeometry && width.featureKeys.contains(StyleExpression.geometryKey))
        func geometry(_ points: [(Double, Double)]) -> StyleValue {
            StyleExpression.geometryValue(
                FeatureGeometry(parts: [points.map { (longitude: $0.0, latitude: $0.1) }], tile: (z: 4, x: 8, y: 7)))
        }
        let inside: [String: StyleValue] = [
            StyleExpression.geometryTypeKey: .string("LineString"),
            StyleExpression.geometryKey: geometry([(2, 2), (5, 5)]),
        ]
        var outside = inside
        outside[StyleExpression.geometryKey] = geometry([(2, 2), (15, 5)])
        #expect(width.evaluate(inside, zoom: 4) == .number(2))
        #expect(width.evaluate(outside, zoom: 4) == .number(1))
        // Without a geometry, or with one that is not one: not within.
        #expect(width.evaluate([StyleExpression.geometryTypeKey: .string("LineString")], zoom: 4) == .number(1))
        #expect(
            width.evaluate(
                [StyleExpression.geometryTypeKey: .string("LineString"), StyleExpression.geometryKey: .string("x")],
                zoom: 4) == .number(1))
    }

    @Test("format sections with their own colour are drawn as plain text, and reported")
    func formatAsPlainText() throws {
        let loaded = try style(
            #"[{ "id": "t", "type": "symbol", "source": "s", "source-layer": "x", "layout": { "text-field": ["format", ["get", "name"], {"text-color": "red"}, " ", {}, ["get", "ref"], {}] } }]"#
        )
        #expect(
            loaded.warnings.map(\.description) == [
                #"style: layer "t", layout.text-field: "format" sections' own text-color are not drawn yet; drawn as plain text"#
            ])
        let text = loaded.layers.first?.layout[.textField]?.evaluate(
            ["name": .string("Kamppi"), "ref": .number(12)], zoom: 14)
        #expect(text == .string("Kamppi 12"))
    }

    @Test("a document that is not a style is an error at the top level")
    func broken() {
        #expect(throws: StyleError.self) { try Style(json: Data("{".utf8)) }
        #expect(throws: StyleError.self) { try Style(json: Data("[]".utf8)) }
        #expect(throws: StyleError.self) {
            try Style(json: Data(#"{ "version": 7, "sources": {}, "layers": [] }"#.utf8))
        }
        #expect(throws: StyleError.self) { try Style(json: Data(#"{ "version": 8, "sources": {} }"#.utf8)) }
        #expect(throws: StyleError.self) { try Style(json: Data(#"{ "version": 8, "layers": [] }"#.utf8)) }
    }
}
