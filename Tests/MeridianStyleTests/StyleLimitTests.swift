import Foundation
import MeridianStyle
import Testing

@Suite struct StyleLimitTests {
    /// A style of one line layer with this filter, and `count` copies of the layer.
    static func document(filter: String, count: Int = 1) -> Data {
        let layers = (0..<count).map {
            #"{ "id": "l\#($0)", "type": "line", "source": "s", "source-layer": "x", "filter": \#(filter) }"#
        }
        return Data(
            #"{ "version": 8, "sources": { "s": { "type": "vector", "url": "mbtiles://s" } }, "layers": [\#(layers.joined(separator: ","))] }"#
                .utf8)
    }

    @Test("a 500-deep '!' filter is refused at parse time, naming the layer and the property; 30 of them fail fast")
    func deepFilter() throws {
        let deep = String(repeating: #"["!", "#, count: 500) + #"["has", "name"]"# + String(repeating: "]", count: 500)
        let error = #expect(throws: StyleError.self) { try Style(json: Self.document(filter: deep, count: 30)) }
        #expect(
            error?.description.contains("layers[0].filter") == true
                && error?.description.contains("nested more than 32") == true,
            "\(String(describing: error))")
        // (Before the nesting bound, decoding these 30 layers took over a minute: BENCHMARKS.md.)
        // Between the document's bound and the expression's, the layer is left out with a
        // warning naming it by id.
        let deeper = String(repeating: #"["!", "#, count: 32) + #"["has", "name"]"# + String(repeating: "]", count: 32)
        let named = try Style(json: Self.document(filter: deeper))
        #expect(named.layers.isEmpty)
        #expect(named.warnings.first?.description.contains("layer \"l0\", filter") == true, "\(named.warnings)")
        // 31 levels are fine, and evaluate to the right answer (an odd number of '!').
        let ok = String(repeating: #"["!", "#, count: 30) + #"["has", "name"]"# + String(repeating: "]", count: 30)
        let style = try Style(json: Self.document(filter: ok))
        #expect(style.layers[0].accepts(["name": .string("x")], zoom: 10) && !style.layers[0].accepts([:], zoom: 10))
    }

    @Test(
        "an expression of more than 20,000 values leaves its layer out with a warning; a style of more than 1,000 layers is refused"
    )
    func sizes() throws {
        let huge =
            #"["in", ["get", "class"], ["literal", ["# + (0..<25_000).map { "\"c\($0)\"" }.joined(separator: ",")
            + "]]]"
        let big = try Style(json: Self.document(filter: huge))
        #expect(big.layers.isEmpty)
        #expect(big.warnings.first?.description.contains("more than 20000 values") == true, "\(big.warnings)")
        let many = #expect(throws: StyleError.self) {
            try Style(json: Self.document(filter: #"["has", "a"]"#, count: 1_001))
        }
        #expect(many?.description.contains("more than 1000 layers") == true, "\(String(describing: many))")
    }
}
