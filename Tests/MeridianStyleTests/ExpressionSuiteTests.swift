import Foundation
@testable import MeridianStyle
import Testing

/// MapLibre's own expression tests (`test/integration/expression/tests` of
/// maplibre/maplibre-style-spec, read where `MERIDIAN_EXPRESSION_SUITE` points; none of their
/// files is in this project) run through the public expression API: compile each fixture's
/// expression against its property's type, then evaluate each input.
///
/// A fixture passes when compiling fails where MapLibre's does, or succeeds with the same type,
/// feature- and zoom-constancy, and every output equal (numbers to 6 significant figures, colours
/// as premultiplied [r, g, b, a]) or an error where MapLibre's is (messages are not compared).
@Suite(.enabled(if: ExpressionSuite.directory != nil, "MERIDIAN_EXPRESSION_SUITE is not set"))
struct ExpressionSuiteTests {
    @Test("MapLibre's expression tests through CompiledExpression: the share that passes, and the failures by operator")
    func suite() throws {
        let directory = try #require(ExpressionSuite.directory)
        var (passed, total) = (0, 0)
        var failed: [String: [String]] = [:]
        let files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("test.json") }.sorted()
        for file in files {
            total += 1
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            let fixture = try JSONDecoder().decode(StyleValue.self, from: data)
            if let why = ExpressionSuite.failure(fixture) {
                let name = String(file.dropLast("/test.json".count))
                failed[String(name.split(separator: "/").first ?? ""), default: []].append(name)
                if ExpressionSuite.verbose { print("\(name): \(why)") }
            } else {
                passed += 1
            }
        }
        let share = Double(passed) / Double(max(total, 1))
        print("expression suite: \(passed) of \(total) pass (\(String(format: "%.1f", share * 100)) %)")
        for (op, names) in failed.sorted(by: { $0.value.count > $1.value.count }) {
            print("  \(op): \(names.count) failing: \(names.prefix(6).joined(separator: ", "))")
        }
        #expect(total > 500, "the suite holds \(total) fixtures")
        #expect(share >= ExpressionSuite.floor, "\(passed) of \(total)")
    }
}

enum ExpressionSuite {
    /// The share that passes today; raised as the language grows (closing notes give the count).
    static let floor = 0.95

    static var directory: String? { ProcessInfo.processInfo.environment["MERIDIAN_EXPRESSION_SUITE"] }
    /// With `MERIDIAN_EXPRESSION_SUITE_VERBOSE`, each failure's reason is printed.
    static var verbose: Bool { ProcessInfo.processInfo.environment["MERIDIAN_EXPRESSION_SUITE_VERBOSE"] != nil }

    /// Why a fixture fails, or nil when it passes.
    static func failure(_ fixture: StyleValue) -> String? {
        guard case let .object(f) = fixture, let json = f["expression"], case let .object(expected)? = f["expected"],
            case let .object(compiled)? = expected["compiled"]
        else { return "not a fixture" }
        let spec: [String: StyleValue] = if case let .object(s)? = f["propertySpec"] { s } else { [:] }
        var expression = json
        if case let .object(members) = json {
            let interpolated: Bool =
                if case let .object(e)? = spec["expression"] { e["interpolated"] == .bool(true) } else { true }
            let names: [String]? = if case let .object(values)? = spec["values"] { values.keys.sorted() } else { nil }
            var conversion = FunctionConversion(
                type: expectedType(spec) ?? .value, interpolated: interpolated, propertyDefault: spec["default"],
                names: spec["type"]?.string == "enum" ? names : nil)
            conversion.tokens = spec["tokens"] == .bool(true)
            guard let converted = try? conversion.convert(members) else {
                return compiled["result"]?.string == "error" ? nil : "the function does not convert"
            }
            expression = converted
        }
        let parameters: [String] =
            if case let .object(e)? = spec["expression"], case let .array(p)? = e["parameters"] {
                p.compactMap(\.string)
            } else { ["zoom", "feature"] }
        var inputs: StyleProperty.Inputs = []
        if parameters.contains("zoom") { inputs.insert(.zoom) }
        if parameters.contains("feature") { inputs.insert(.feature) }
        let interpolated: Bool =
            if case let .object(e)? = spec["expression"] { e["interpolated"] == .bool(true) } else { true }
        let result = Result { () throws(ExpressionParseError) in
            try CompiledExpression.compile(
                expression, expecting: expectedType(spec), inputs: inputs, interpolated: interpolated)
        }
        guard compiled["result"]?.string == "success" else {
            if case .failure = result { return nil }
            return "compiled, but MapLibre refuses it: \(expected["compiled"]!)"
        }
        let e: CompiledExpression
        switch result {
        case let .success(compiledExpression): e = compiledExpression
        case let .failure(error): return "does not compile: \(error)"
        }
        guard compiled["type"]?.string == e.type.description,
            compiled["isFeatureConstant"] == .bool(e.isFeatureConstant),
            compiled["isZoomConstant"] == .bool(e.isZoomConstant)
        else {
            return
                "compiled as \(e.type) (feature constant \(e.isFeatureConstant), zoom constant \(e.isZoomConstant)), not \(expected["compiled"]!)"
        }
        guard case let .array(outputs)? = expected["outputs"], case let .array(cases)? = f["inputs"] else { return nil }
        guard outputs.count == cases.count else { return "outputs and inputs differ in number" }
        for (input, want) in zip(cases, outputs) {
            var c = context(input)
            if case let .object(state)? = f["globalState"] { c.globalState = state }
            let got = Result { () throws(ExpressionRuntimeError) in try e.evaluate(c) }
            if case let .object(o) = want, o.keys.sorted() == ["error"] {
                if case let .success(value) = got { return "gave \(value) where MapLibre errs: \(want)" }
                continue
            }
            switch got {
            case let .success(value): if !same(value, want) { return "gave \(value), not \(want)" }
            case let .failure(error): return "erred \(error) where MapLibre gives \(want)"
            }
        }
        return nil
    }

    /// The type a fixture's property spec asks for (nil without one).
    static func expectedType(_ spec: [String: StyleValue]) -> ExpressionType? {
        switch spec["type"]?.string {
        case "number": .number
        case "string", "enum": .string
        case "boolean": .boolean
        case "color": .color
        case "formatted": .formatted
        case "resolvedImage": .resolvedImage
        case "padding": .padding
        case "numberArray": .numberArray
        case "colorArray": .colorArray
        case "variableAnchorOffsetCollection": .variableAnchorOffsetCollection
        case "array":
            .array(
                spec["value"]?.string == "number"
                    ? .number
                    : spec["value"]?.string == "string"
                        ? .string : spec["value"]?.string == "boolean" ? .boolean : .value,
                length: spec["length"]?.number.map { Int($0) })
        default: nil
        }
    }

    static func context(_ input: StyleValue) -> ExpressionContext {
        guard case let .array(pair) = input, pair.count == 2, case let .object(g) = pair[0],
            case let .object(f) = pair[1]
        else { return ExpressionContext() }
        var c = ExpressionContext(zoom: g["zoom"]?.number ?? 0)
        (c.heatmapDensity, c.lineProgress) = (g["heatmapDensity"]?.number, g["lineProgress"]?.number)
        (c.accumulated, c.elevation) = (g["accumulated"], g["elevation"]?.number)
        if case let .object(p)? = f["properties"] { c.properties = p }
        if case let .object(s)? = f["featureState"] { c.featureState = s }
        if let id = f["id"] { c.id = id }
        if case let .object(geometry)? = f["geometry"] {
            c.geometryType = geometry["type"]?.string
            c.coordinates = parts(geometry["coordinates"], type: c.geometryType)
        }
        if case let .object(id)? = g["canonicalID"], let z = id["z"]?.number, let x = id["x"]?.number,
            let y = id["y"]?.number
        {
            c.tile = (Int(z), Int(x), Int(y))
        }
        if case let .array(names)? = g["availableImages"] { c.availableImages = Set(names.compactMap(\.string)) }
        return c
    }

    /// A GeoJSON geometry's positions as parts: a point's one, a line's, each line or ring of the others.
    static func parts(_ coordinates: StyleValue?, type: String?) -> [[(longitude: Double, latitude: Double)]] {
        func position(_ v: StyleValue) -> (longitude: Double, latitude: Double)? {
            guard case let .array(c) = v, c.count >= 2, let x = c[0].number, let y = c[1].number else { return nil }
            return (x, y)
        }
        func line(_ v: StyleValue) -> [(longitude: Double, latitude: Double)] {
            guard case let .array(list) = v else { return [] }
            return list.compactMap(position)
        }
        guard let coordinates, case let .array(items) = coordinates else { return [] }
        switch type {
        case "Point": return position(coordinates).map { [[$0]] } ?? []
        case "MultiPoint", "LineString": return [line(coordinates)]
        case "MultiLineString", "Polygon": return items.map(line)
        case "MultiPolygon":
            return items.flatMap { p -> [[(longitude: Double, latitude: Double)]] in
                guard case let .array(rings) = p else { return [] }
                return rings.map(line)
            }
        default: return []
        }
    }

    /// Equal as MapLibre's fixtures compare: numbers to 6 significant figures, colours as
    /// premultiplied [r, g, b, a].
    static func same(_ got: StyleValue, _ want: StyleValue) -> Bool {
        switch (got, want) {
        case let (.number(a), .number(b)): return abs(a - b) <= 1e-5 * max(1, abs(b))
        case let (.color(c), .array):
            return same(.array([c.r * c.a, c.g * c.a, c.b * c.a, c.a].map(StyleValue.number)), want)
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        // Paddings, number arrays and colour arrays print as {"values": […]}, colours in them as {r, g, b, a}.
        case let (.array, .object(o)) where o.keys.sorted() == ["values"]: return same(got, o["values"]!)
        case let (.color(c), .object(o)) where o.keys.sorted() == ["a", "b", "g", "r"]:
            return same(.color(c), .array(["r", "g", "b", "a"].map { o[$0]! }))
        case let (.object(a), .object(b)):
            return a.keys.sorted() == b.keys.sorted() && a.allSatisfy { key, v in same(v, b[key]!) }
        default: return got == want
        }
    }
}
