import Foundation
import MeridianStyle
import Testing

/// The legacy functions of the style specification evaluate as MapLibre evaluates them (the
/// values below are worked out from the specification's formulas, not taken from a renderer).
@Suite struct LegacyFunctionTests {
    /// A function compiled as the value of a property: `line-width` (a number, interpolated),
    /// `line-color` (a colour), or the one named.
    func function(
        _ json: String, colors: Bool = false, interpolatable: Bool = false, property: String = "text-field"
    ) throws -> StyleExpression {
        let name = colors ? "line-color" : interpolatable ? "line-width" : property
        let kind: Style.Layer.Kind = name.hasPrefix("line") ? .line : .symbol
        return try StyleExpression.property(
            try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8)),
            try #require(StyleProperty.named(name, kind: kind)))
    }

    func number(_ e: StyleExpression, _ properties: [String: StyleValue] = [:], zoom: Double) -> Double? {
        e.evaluate(properties, zoom: zoom).number
    }

    @Test("a zoom function with a base interpolates exponentially: (b^(z−z0) − 1) / (b^(z1−z0) − 1)")
    func exponentialZoom() throws {
        let width = try function(#"{"base": 1.4, "stops": [[12, 1], [18, 6]]}"#, interpolatable: true)
        let t = (Foundation.pow(1.4, 3.0) - 1) / (Foundation.pow(1.4, 6.0) - 1)
        #expect(abs(number(width, zoom: 15)! - (1 + 5 * t)) < 1e-9, "\(number(width, zoom: 15)!)")
        // Clamped to the first and last stops outside them.
        #expect(number(width, zoom: 5) == 1 && number(width, zoom: 22) == 6)
    }

    @Test("without a base a zoom function of numbers is linear; of colours, it mixes them")
    func linearZoom() throws {
        let width = try function(#"{"stops": [[10, 2], [20, 12]]}"#, interpolatable: true)
        #expect(number(width, zoom: 15) == 7 && number(width, zoom: 12.5) == 4.5)
        let color = try function(##"{"stops": [[10, "#000000"], [20, "#ffffff"]]}"##, colors: true)
        guard case let .color(c) = color.evaluate([:], zoom: 15) else {
            Issue.record("expected a colour, got \(color.evaluate([:], zoom: 15))")
            return
        }
        #expect(abs(c.r - 0.5) < 1e-9 && abs(c.g - 0.5) < 1e-9 && abs(c.b - 0.5) < 1e-9 && c.a == 1)
    }

    @Test("a zoom function of a property that does not interpolate steps: each stop's output from its zoom on")
    func intervalZoom() throws {
        let transform = try function(#"{"stops": [[10, "none"], [14, "uppercase"]]}"#, property: "text-transform")
        #expect(transform.evaluate([:], zoom: 9) == .string("none"))
        #expect(transform.evaluate([:], zoom: 13.9) == .string("none"))
        #expect(transform.evaluate([:], zoom: 14) == .string("uppercase"))
        // One stop is a constant.
        let constant = try function(#"{"stops": [[5, "x"]]}"#)
        #expect(constant.evaluate([:], zoom: 0) == .string("x") && constant.evaluate([:], zoom: 20) == .string("x"))
        // A dash pattern (an array: not interpolated) steps too, and stays a value, not an operator.
        let dashes = try function(#"{"stops": [[10, [2, 1]], [14, [4, 2]]]}"#, property: "line-dasharray")
        #expect(dashes.evaluate([:], zoom: 12) == .array([.number(2), .number(1)]))
        #expect(dashes.evaluate([:], zoom: 15) == .array([.number(4), .number(2)]))
        // A font list is a value too.
        let fonts = try function(
            #"{"stops": [[0, ["Noto Sans Regular"]], [12, ["Noto Sans Bold"]]]}"#, property: "text-font")
        #expect(fonts.evaluate([:], zoom: 13) == .array([.string("Noto Sans Bold")]))
    }

    @Test("a property function interpolates on the feature's number; anything else gives its default")
    func exponentialProperty() throws {
        let height = try function(#"{"property": "height", "stops": [[0, 0], [100, 10]]}"#, interpolatable: true)
        #expect(number(height, ["height": .number(50)], zoom: 3) == 5)
        // Not a number: MapLibre's evaluation error, the property's default (null here).
        #expect(height.evaluate(["height": .string("tall")], zoom: 3) == .null)
        #expect(height.evaluate([:], zoom: 3) == .null)
        let withDefault = try function(
            #"{"property": "h", "base": 2, "stops": [[0, 0], [2, 3]], "default": 7}"#, interpolatable: true)
        #expect(number(withDefault, [:], zoom: 3) == 7)
        // Base 2 between 0 and 2 at 1: (2^1 − 1) / (2^2 − 1) = 1/3 of the way.
        #expect(abs(number(withDefault, ["h": .number(1)], zoom: 3)! - 1) < 1e-9)
    }

    @Test("categorical functions match the property's value, with the default (or none) for the rest")
    func categorical() throws {
        let width = try function(
            #"{"property": "class", "type": "categorical", "stops": [["primary", 4], ["secondary", 2]], "default": 1}"#,
            interpolatable: true)
        #expect(number(width, ["class": .string("primary")], zoom: 10) == 4)
        #expect(number(width, ["class": .string("secondary")], zoom: 10) == 2)
        #expect(number(width, ["class": .string("track")], zoom: 10) == 1)
        let flags = try function(#"{"property": "oneway", "type": "categorical", "stops": [[true, "→"], [false, ""]]}"#)
        #expect(flags.evaluate(["oneway": .bool(true)], zoom: 10) == .string("→"))
        // No stop and no default: the property's own default (text-field's is empty text).
        #expect(flags.evaluate([:], zoom: 10) == .string(""))
    }

    @Test("interval property functions step on a number, identity functions give the property")
    func intervalAndIdentity() throws {
        let rank = try function(#"{"property": "rank", "type": "interval", "stops": [[0, "a"], [5, "b"]]}"#)
        #expect(rank.evaluate(["rank": .number(7)], zoom: 1) == .string("b"))
        #expect(rank.evaluate(["rank": .number(4.9)], zoom: 1) == .string("a"))
        #expect(rank.evaluate(["rank": .string("x")], zoom: 1) == .null)
        let identity = try function(#"{"type": "identity", "property": "width"}"#, interpolatable: true)
        #expect(identity.evaluate(["width": .number(3)], zoom: 1) == .number(3))
        let defaulted = try function(#"{"type": "identity", "property": "width", "default": 2}"#, interpolatable: true)
        #expect(defaulted.evaluate([:], zoom: 1) == .number(2))
    }

    @Test("zoom-and-property functions evaluate the property at each zoom stop, then interpolate on zoom")
    func zoomAndProperty() throws {
        let json = #"""
            {"property": "rank", "stops": [
              [{"zoom": 10, "value": 1}, 2], [{"zoom": 10, "value": 5}, 4],
              [{"zoom": 20, "value": 1}, 12], [{"zoom": 20, "value": 5}, 14]]}
            """#
        let size = try function(json, interpolatable: true)
        // rank 3: 3 at zoom 10, 13 at zoom 20; halfway at 15.
        #expect(number(size, ["rank": .number(3)], zoom: 15) == 8)
        #expect(number(size, ["rank": .number(5)], zoom: 10) == 4)
    }

    @Test(
        "what a function cannot mean is an error naming it",
        arguments: [
            (#"{"stops": []}"#, "stops"), (#"{"stops": [[1]]}"#, "array of two"),
            (#"{"stops": [[2, 1], [1, 3]]}"#, "ascending"), (#"{"type": "wavy", "stops": [[1, 1]]}"#, "wavy"),
            (#"{"colorSpace": "xyz", "stops": [[1, 1], [2, 2]]}"#, "xyz"),
            (#"{"colorSpace": "hcl", "stops": [[1, "red"], [2, "blue"]]}"#, "number"),
            (#"{"base": -1, "stops": [[1, 1], [2, 2]]}"#, "base"), (#"{"type": "identity"}"#, "property"),
            (#"{"stops": [["a", 1]]}"#, "numeric"),
        ])
    func refused(json: String, mentions: String) throws {
        let error = #expect(throws: StyleError.self) { try function(json, interpolatable: true) }
        #expect(error?.description.contains(mentions) == true, "\(String(describing: error))")
    }

    @Test("a style with legacy functions loads and evaluates them per layer")
    func inAStyle() throws {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x"}}, "layers": [
                  {"id": "roads", "type": "line", "source": "v", "source-layer": "transportation",
                   "paint": {"line-width": {"base": 1.2, "stops": [[10, 1], [20, 11]]},
                             "line-color": {"stops": [[10, "#000"], [20, "#fff"]]}}}]}
                """##.utf8))
        let roads = try #require(style.layers.first)
        let t = (Foundation.pow(1.2, 5.0) - 1) / (Foundation.pow(1.2, 10.0) - 1)
        #expect(abs((roads.paint[.lineWidth]?.evaluate([:], zoom: 15).number ?? 0) - (1 + 10 * t)) < 1e-9)
        guard case let .color(c)? = roads.paint[.lineColor]?.evaluate([:], zoom: 20) else {
            Issue.record("line-color is not a colour")
            return
        }
        #expect(c.r == 1 && c.g == 1 && c.b == 1)
    }

    /// A symbol layer with one layout value.
    func symbolLayout(_ layout: String) throws -> Style {
        try Style(
            json: Data(
                #"""
                {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x"}}, "layers": [
                  {"id": "names", "type": "symbol", "source": "v", "source-layer": "place",
                   "layout": {\#(layout)}}]}
                """#.utf8))
    }

    @Test("text-font as a plain list of font names is a value; an array starting with an operator stays an expression")
    func plainArrays() throws {
        let fonts = try StyleExpression.property(
            .array([.string("Noto Sans Regular"), .string("Open Sans")]),
            try #require(StyleProperty.named("text-font", kind: .symbol)))
        #expect(fonts.evaluate([:], zoom: 10) == .array([.string("Noto Sans Regular"), .string("Open Sans")]))
        let dashes = try symbolLayout(#""text-field": ["get", "name"], "text-font": ["Noto Sans Regular"]"#)
        #expect(dashes.layers.count == 1 && dashes.layers[0].layout[.textField] != nil)
        // Only array-valued properties read plain arrays so: text-field still refuses one (a
        // warning naming it, and the layer draws no text).
        let refused = try symbolLayout(#""text-field": ["Helsinki"]"#)
        #expect(refused.layers.first?.layout[.textField] == nil)
        #expect(
            refused.warnings.map(\.description) == [
                #"style: layer "names", layout.text-field: Expected formatted but found array<string, 1> instead.; its default is drawn"#
            ])
    }

    @Test("{tokens} in text-field are the feature's properties as text; concat joins values as to-string writes them")
    func tokens() throws {
        let place: [String: StyleValue] = [
            "name": .string("Kamppi"), "ref": .number(12), "name:latin": .string("Kamppi"),
        ]
        func text(_ field: String) throws -> StyleValue? {
            try symbolLayout(#""text-field": \#(field)"#).layers.first?.layout[.textField]?.evaluate(place, zoom: 14)
        }
        #expect(try text(#""{name:latin}""#) == .string("Kamppi"))
        #expect(try text(#""{name} ({ref})""#) == .string("Kamppi (12)"))
        // A missing property is empty text; a string without tokens is itself.
        #expect(try text(#""{name} {missing}""#) == .string("Kamppi "))
        #expect(try text(#""Helsinki""#) == .string("Helsinki"))
        #expect(try text(#"["concat", ["get", "name"], "-", 3, ["get", "none"]]"#) == .string("Kamppi-3"))
        // A zoom function's outputs hold tokens too.
        #expect(try text(#"{"stops": [[0, "{ref}"], [12, "{name}"]]}"#) == .string("Kamppi"))
        // Only text-field and icon-image read tokens: another string stays as written.
        let plain = try StyleExpression.compile(.string("{name}"))
        #expect(plain.evaluate(place, zoom: 14) == .string("{name}"))
    }
}
