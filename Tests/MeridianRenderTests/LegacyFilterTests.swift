import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Legacy filters (`$type`, `$id`, `!in`, `!has`, `none`) and `geometry-type` / `id` read the
/// feature as MapLibre reads it.
@Suite struct LegacyFilterTests {
    func filter(_ json: String) throws -> StyleExpression {
        try StyleExpression.filter(try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8)))
    }

    let square = VectorTile.Feature(
        id: 42, type: .polygon, properties: ["class": .string("lake")],
        geometry: [[.init(x: 0, y: 0), .init(x: 10, y: 0), .init(x: 10, y: 10)]])
    let stop = VectorTile.Feature(
        type: .point, properties: ["name": .string("Kamppi")], geometry: [[.init(x: 1, y: 1)]])

    /// Whether `filter` keeps `feature`, as the renderer evaluates filters.
    func keeps(_ json: String, _ feature: VectorTile.Feature) throws -> Bool {
        let f = try filter(json)
        var p: [String: StyleValue] = [:]
        for k in f.featureKeys { if let v = feature.styleValue(forKey: k) { p[k] = v } }
        return f.evaluate(p, zoom: 14).isTrue
    }

    @Test("$type and geometry-type give Point, LineString or Polygon; $id and id the feature's id")
    func pseudoProperties() throws {
        #expect(try keeps(#"["==", "$type", "Polygon"]"#, square))
        #expect(try !keeps(#"["==", "$type", "Polygon"]"#, stop))
        #expect(try keeps(#"["in", "$type", "Point", "LineString"]"#, stop))
        #expect(try keeps(#"["==", ["geometry-type"], "Point"]"#, stop))
        #expect(try keeps(#"["==", "$id", 42]"#, square))
        #expect(try keeps(#"["==", ["id"], 42]"#, square))
        // A feature without an id has none: `has` is false and equality with anything fails.
        #expect(try !keeps(#"["has", "$id"]"#, stop))
        #expect(try !keeps(#"["==", "$id", 42]"#, stop))
    }

    @Test("legacy comparisons as MapLibre's converter means them: one type only, empty forms, $type's limits")
    func mapLibreSemantics() throws {
        // `square` has class "lake" and id 42; `stop` has a name and no id.
        let ranked = VectorTile.Feature(
            type: .point, properties: ["rank": .int(5), "name": .string("b")], geometry: [[.init(x: 1, y: 1)]])
        #expect(try keeps(#"["<", "rank", 6]"#, ranked) && !keeps(#"["<", "rank", 5]"#, ranked))
        #expect(try keeps(#"["<=", "rank", 5]"#, ranked) && keeps(#"[">=", "rank", 5]"#, ranked))
        // A number is not ordered with a string, nor a missing property with anything.
        #expect(try !keeps(#"["<", "rank", "6"]"#, ranked) && !keeps(#"[">", "rank", "4"]"#, ranked))
        #expect(try !keeps(#"["<", "height", 6]"#, ranked) && keeps(#"["!=", "height", 6]"#, ranked))
        #expect(try keeps(#"[">", "name", "a"]"#, ranked))
        // Equality is strict: the string "5" is not the number 5.
        #expect(try !keeps(#"["==", "rank", "5"]"#, ranked) && keeps(#"["in", "rank", "4", 5]"#, ranked))
        // Empty forms: any of nothing is false, all and none of nothing true, in nothing false.
        #expect(try !keeps(#"["any"]"#, ranked) && keeps(#"["all"]"#, ranked) && keeps(#"["none"]"#, ranked))
        #expect(try !keeps(#"["in", "rank"]"#, ranked) && keeps(#"["!in", "rank"]"#, ranked))
        // Every feature has a geometry type; $type cannot be ordered or compared with a number.
        #expect(try keeps(#"["has", "$type"]"#, stop) && !keeps(#"["!has", "$type"]"#, stop))
        #expect(throws: StyleError.self) { try filter(#"["<", "$type", "Point"]"#) }
        #expect(throws: StyleError.self) { try filter(#"["==", "$type", 1]"#) }
        // Beside an expression, a legacy comparison is an expression: the string "class" is not "lake".
        #expect(try !keeps(#"["all", ["==", "class", "lake"], ["has", "name"], ["==", ["id"], 42]]"#, square))
        #expect(try keeps(#"["all", ["==", "class", "lake"], ["==", "$id", 42]]"#, square))
    }

    @Test("!in, !has and none are the negations of in, has and any")
    func negations() throws {
        #expect(try keeps(#"["!in", "class", "river", "sea"]"#, square))
        #expect(try !keeps(#"["!in", "class", "lake", "sea"]"#, square))
        #expect(try keeps(#"["!has", "name"]"#, square) && !keeps(#"["!has", "name"]"#, stop))
        #expect(try keeps(#"["none", ["==", "class", "sea"], ["has", "name"]]"#, square))
        #expect(try !keeps(#"["none", ["==", "class", "sea"], ["==", "$type", "Polygon"]]"#, square))
    }

    @Test(
        "on the real data a $type filter keeps what it names and nothing else: fills of polygons, circles of points; visibility none draws nothing",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func realData() throws {
        func png(_ layers: String) throws -> [UInt8] { try RenderData.png(layers: layers, zoom: 15) }
        func water(_ filter: String) -> String {
            ##", {"id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water", "paint": {"fill-color": "#3070c0"}\##(filter)}"##
        }
        func pois(_ filter: String) -> String {
            ##", {"id": "pois", "type": "circle", "source": "openmaptiles", "source-layer": "poi", "paint": {"circle-color": "#c03030", "circle-radius": 3}\##(filter)}"##
        }
        let background = try png("")
        let allWater = try png(water(""))
        #expect(allWater != background, "the view holds water")
        #expect(try png(water(#", "filter": ["==", "$type", "Polygon"]"#)) == allWater)
        #expect(try png(water(#", "filter": ["!=", "$type", "Polygon"]"#)) == background)
        let allPois = try png(pois(""))
        #expect(allPois != background, "the view holds points of interest")
        #expect(try png(pois(#", "filter": ["==", ["geometry-type"], "Point"]"#)) == allPois)
        #expect(try png(pois(#", "filter": ["!in", "$type", "Point"]"#)) == background)
        // visibility: none leaves the layer out; visible (the default) draws it.
        #expect(try png(water(#", "layout": {"visibility": "none"}"#)) == background)
        #expect(try png(water(#", "layout": {"visibility": "visible"}"#)) == allWater)
    }
}
