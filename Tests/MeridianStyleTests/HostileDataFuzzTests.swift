import Foundation
@testable import MeridianStyle
import Testing

/// Every operator fed hostile values that only the data knows (a feature's NaN, ±infinity, ±1e308,
/// a data-driven `0 / 0`), so no compile-time check can refuse them: each evaluation gives a
/// value or a runtime error (the property's default), never a trap. One test per operator family,
/// every combination of the hostile arguments up to the operator's arity.
@Suite struct HostileDataFuzzTests {
    /// A feature whose numbers are what a hostile tile or GeoJSON file can hold.
    static let properties: [String: StyleValue] = [
        "zero": .number(0), "nan": .number(.nan), "inf": .number(.infinity), "ninf": .number(-.infinity),
        "huge": .number(1e308), "nhuge": .number(-1e308), "tiny": .number(5e-324), "text": .string("1e400"),
        "color": .string("rgba(1e400, -1e400, 255, 1e400)"), "list": .string("[1e308,1e308]"),
    ]

    /// Arguments whose values are known only when a feature is drawn, as JSON.
    static let numbers = [
        #"["/", 0, ["get", "zero"]]"#, #"["get", "nan"]"#, #"["get", "inf"]"#, #"["get", "ninf"]"#,
        #"["get", "huge"]"#, #"["get", "nhuge"]"#, #"["get", "tiny"]"#, #"["to-number", ["get", "text"]]"#,
        #"["zoom"]"#, "1",
    ]

    static func json(_ text: String) -> StyleValue? {
        try? JSONDecoder().decode(StyleValue.self, from: Data(text.utf8))
    }

    /// Every expression of `template` with its placeholders `A`, `B`, `C` (in that order, `arity`
    /// of them) each replaced by every one of ``numbers``, compiled and evaluated at zooms 0,
    /// 1e308 and NaN; returns how many evaluated to a value.
    @discardableResult
    static func exercise(_ template: String, arity: Int, expecting: ExpressionType? = nil) -> Int {
        var values = 0
        var compiled = 0
        func each(_ chosen: [String]) {
            guard chosen.count == arity else {
                for n in numbers { each(chosen + [n]) }
                return
            }
            var text = template
            for (placeholder, value) in zip(["A", "B", "C"], chosen) {
                text = text.replacingOccurrences(of: "\"\(placeholder)\"", with: value)
            }
            guard let json = json(text), let e = try? StyleExpression.compile(json, expecting: expecting) else {
                return
            }
            compiled += 1
            for zoom in [0, 1e308, .nan] {
                let v = e.evaluate(properties, zoom: zoom)
                // Written out as a style value and as JavaScript's text: neither traps on what came out.
                _ = v.description
                _ = ExprValues.string(v)
                if v != .null { values += 1 }
            }
        }
        each([])
        #expect(compiled > 0, "nothing compiled: \(template)")
        return values
    }

    @Test("arithmetic and math functions: NaN and infinities are values, never traps")
    func math() {
        for op in ["+", "-", "*", "/", "%", "^", "min", "max"] { Self.exercise(#"["\#(op)", "A", "B"]"#, arity: 2) }
        for op in [
            "sqrt", "log10", "ln", "log2", "sin", "cos", "tan", "asin", "acos", "atan", "round", "floor", "ceil", "abs",
        ] {
            Self.exercise(#"["\#(op)", "A"]"#, arity: 1)
        }
        // 0 / 0 from the data is NaN (JavaScript's arithmetic), not a trap.
        let e = Self.json(#"["/", 0, ["get", "zero"]]"#).flatMap { try? StyleExpression.compile($0) }
        #expect(e?.evaluate(Self.properties, zoom: 0).number?.isNaN == true)
    }

    @Test("interpolate and step with a data-driven NaN input: a runtime error (the default), never a trap")
    func ramps() {
        for kind in [
            #"["linear"]"#, #"["exponential", 2]"#, #"["exponential", 1e308]"#, #"["cubic-bezier", 0.4, 0, 0.6, 1]"#,
        ] {
            Self.exercise(#"["interpolate", \#(kind), "A", 1, 1, 2, 2, 1e308, 4]"#, arity: 1)
            for op in ["interpolate", "interpolate-hcl", "interpolate-lab"] {
                Self.exercise(#"["\#(op)", \#(kind), "A", 1, "red", 1e308, "blue"]"#, arity: 1, expecting: .color)
            }
        }
        Self.exercise(#"["step", "A", 0, 1, 1, 2, 2]"#, arity: 1)
        Self.exercise(#"["interpolate", ["linear"], "A", 0, "B", 1e308, 5]"#, arity: 2)
        // The input of the issue: a circle-radius ramp over a feature whose `zero` is 0.
        for ramp in [
            #"["interpolate", ["linear"], ["/", 0, ["get", "zero"]], 1, 1, 2, 2]"#,
            #"["step", ["/", 0, ["get", "zero"]], 1, 1, 2, 2, 3]"#,
        ] {
            let e = Self.json(ramp).flatMap { try? StyleExpression.compile($0, expecting: .number) }
            #expect(e != nil)
            #expect(e?.evaluate(Self.properties, zoom: 0) == .null, "NaN input must be a runtime error: \(ramp)")
        }
        // A finite input still interpolates (1.5 between the stops 1 → 1 and 2 → 2).
        let fine = Self.json(#"["interpolate", ["linear"], ["get", "x"], 1, 1, 2, 2]"#).flatMap {
            try? StyleExpression.compile($0)
        }
        #expect(abs((fine?.evaluate(["x": .number(1.5)], zoom: 0).number ?? 0) - 1.5) < 1e-12)
    }

    @Test("comparisons, decisions and coalesce over hostile numbers")
    func decisions() {
        for op in ["==", "!=", "<", "<=", ">", ">="] { Self.exercise(#"["\#(op)", "A", "B"]"#, arity: 2) }
        Self.exercise(#"["case", ["<", "A", "B"], "A", 0]"#, arity: 2)
        Self.exercise(#"["match", "A", [0, 1], "a", "b"]"#, arity: 1)
        Self.exercise(#"["coalesce", "A", "B"]"#, arity: 2)
    }

    @Test("lookups with hostile indices: at, slice, index-of, in, length")
    func lookups() {
        Self.exercise(#"["at", "A", ["literal", [1, 2, 3]]]"#, arity: 1)
        Self.exercise(#"["slice", "Helsinki", "A", "B"]"#, arity: 2)
        Self.exercise(#"["slice", ["literal", [1, 2, 3]], "A", "B"]"#, arity: 2)
        Self.exercise(#"["index-of", "k", "Helsinki", "A"]"#, arity: 1)
        Self.exercise(#"["in", "A", ["literal", [1, 2, 3]]]"#, arity: 1)
        Self.exercise(#"["length", ["to-string", "A"]]"#, arity: 1)
    }

    @Test("strings: to-string, concat, number-format with hostile digit counts, upcase and split")
    func strings() {
        Self.exercise(#"["to-string", "A"]"#, arity: 1)
        Self.exercise(#"["concat", "A", "B"]"#, arity: 2)
        Self.exercise(#"["number-format", "A", {"min-fraction-digits": "B", "max-fraction-digits": "B"}]"#, arity: 2)
        Self.exercise(#"["upcase", ["to-string", "A"]]"#, arity: 1)
        Self.exercise(#"["split", ["to-string", "A"], "e"]"#, arity: 1)
    }

    @Test("colours from hostile channels and strings: refused or a colour, written out without a trap")
    func colors() {
        Self.exercise(#"["rgb", "A", "B", "C"]"#, arity: 3)
        Self.exercise(#"["rgba", 1, 2, 3, "A"]"#, arity: 1)
        Self.exercise(#"["to-rgba", ["to-color", ["to-string", "A"], "red"]]"#, arity: 1)
        Self.exercise(#"["to-rgba", ["to-color", ["get", "color"], "red"]]"#, arity: 0)
        Self.exercise(
            #"["interpolate", ["exponential", 1e308], "A", 0, "red", 1e308, "blue"]"#, arity: 1, expecting: .color)
    }

    @Test("types and coercions: number, to-number, to-boolean, typeof, let")
    func types() {
        Self.exercise(#"["number", "A"]"#, arity: 1)
        Self.exercise(#"["to-boolean", "A"]"#, arity: 1)
        Self.exercise(#"["typeof", "A"]"#, arity: 1)
        Self.exercise(#"["let", "v", "A", ["*", ["var", "v"], ["var", "v"]]]"#, arity: 1)
        Self.exercise(#"["to-number", ["get", "list"]]"#, arity: 0)
    }

    @Test("within and distance over features at ±1e308 and latitude 91")
    func geometry() throws {
        let area = try #require(
            Self.json(#"{"type": "Polygon", "coordinates": [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]]]}"#))
        for op in ["within", "distance"] {
            let e = try StyleExpression.compile(.array([.string(op), area]))
            for (lng, lat) in [(1e308, 0.0), (-1e308, 91), (.nan, 0), (24.5, 91), (.infinity, -.infinity)] {
                let geometry = FeatureGeometry(parts: [[(lng, lat), (24.5, 60.5)]], tile: (z: 14, x: 9000, y: 4000))
                let v = e.evaluate(["$type": .string("LineString")], zoom: 14, geometry: geometry)
                _ = v.description
                // A line with a vertex far outside the area is not within it; a distance is never negative.
                switch v {
                case let .bool(inside): #expect(!inside, "\(lng), \(lat)")
                case let .number(metres): #expect(metres.isNaN || metres >= 0, "\(lng), \(lat): \(metres)")
                default: #expect(v == .null, "\(lng), \(lat): \(v)")
                }
            }
        }
    }
}
