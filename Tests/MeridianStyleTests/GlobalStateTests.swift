import Foundation
import MeridianStyle
import Testing

/// The root `state` of a style: every `["global-state", name]` reads its declared default, as
/// MapLibre reads it before anything sets the state.
@Suite struct GlobalStateTests {
    static func load(state: String, layers: String) throws -> Style {
        try Style(
            json: Data(
                #"{ "version": 8, "state": \#(state), "sources": { "s": { "type": "vector", "url": "mbtiles://x" } }, "layers": \#(layers) }"#
                    .utf8))
    }

    @Test("paint, filters and expressions inside others read the declared defaults; arrays stay values")
    func defaults() throws {
        let loaded = try Self.load(
            state: #"""
                { "color": { "default": "cyan" }, "width": { "default": 3 }, "kinds": { "default": ["a", "b"] },
                  "key": { "default": "kind" } }
                """#,
            layers: ##"""
                [{ "id": "l", "type": "line", "source": "s", "source-layer": "x",
                   "filter": ["in", ["get", ["global-state", "key"]], ["literal", ["a", "b"]]],
                   "paint": { "line-color": ["coalesce", ["get", "colour"], ["global-state", "color"]],
                              "line-width": ["*", 2, ["global-state", "width"]],
                              "line-opacity": ["case", ["in", "b", ["global-state", "kinds"]], 0.5, 1] } }]
                """##)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let layer = try #require(loaded.layers.first)
        #expect(layer.paint[.lineColor]?.evaluate([:], zoom: 10) == .color(StyleColor(css: "cyan")!))
        #expect(
            layer.paint[.lineColor]?.evaluate(["colour": .string("red")], zoom: 10) == .color(StyleColor(css: "red")!))
        #expect(layer.paint[.lineWidth]?.evaluate([:], zoom: 10) == .number(6))
        #expect(layer.paint[.lineOpacity]?.evaluate([:], zoom: 10) == .number(0.5))
        // The filter reads the property the state names.
        #expect(layer.accepts(["kind": .string("a")], zoom: 10) && !layer.accepts(["kind": .string("c")], zoom: 10))
    }

    @Test(
        "an undeclared name reads null (a coalesce goes on); a declaration without a default is a warning naming it"
    )
    func undeclaredAndBad() throws {
        let loaded = try Self.load(
            state: #"{ "broken": 4 }"#,
            layers: ##"""
                [{ "id": "l", "type": "line", "source": "s", "source-layer": "x",
                   "paint": { "line-width": ["coalesce", ["global-state", "nothing"], 7] } }]
                """##)
        #expect(loaded.layers.first?.paint[.lineWidth]?.evaluate([:], zoom: 10) == .number(7))
        #expect(loaded.warnings.map(\.property) == ["state.broken"], "\(loaded.warnings)")
        let notObject = try Self.load(state: "[1]", layers: "[]")
        #expect(notObject.warnings.map(\.property) == ["state"])
    }
}
