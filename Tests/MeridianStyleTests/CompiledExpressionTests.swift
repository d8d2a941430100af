import Foundation
@testable import MeridianStyle
import Testing

/// The public expression API, operator by operator, with values worked out from the
/// specification's rules (MapLibre's own suite runs in `ExpressionSuiteTests` where it is given).
@Suite struct CompiledExpressionTests {
    func json(_ text: String) throws -> StyleValue { try JSONDecoder().decode(StyleValue.self, from: Data(text.utf8)) }

    func compile(
        _ text: String, _ type: ExpressionType? = nil, inputs: StyleProperty.Inputs = [.zoom, .feature]
    ) throws -> CompiledExpression {
        try CompiledExpression.compile(try json(text), expecting: type, inputs: inputs)
    }

    func value(
        _ text: String, _ type: ExpressionType? = nil, _ context: ExpressionContext = ExpressionContext()
    ) throws
        -> StyleValue
    {
        try compile(text, type).evaluate(context)
    }

    func compileError(
        _ text: String, _ type: ExpressionType? = nil, inputs: StyleProperty.Inputs = [.zoom, .feature]
    )
        -> String?
    {
        do {
            _ = try compile(text, type, inputs: inputs)
            return nil
        } catch let error as ExpressionParseError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test("a property's type annotates: a value asserted, a string coerced to a colour, a mismatch refused")
    func annotations() throws {
        let width = try compile(#"["get", "w"]"#, .number)
        #expect(width.type == .number && !width.isFeatureConstant && width.isZoomConstant)
        #expect(try width.evaluate(ExpressionContext(properties: ["w": .number(3)])) == .number(3))
        #expect(throws: ExpressionRuntimeError.self) {
            try width.evaluate(ExpressionContext(properties: ["w": .string("3")]))
        }
        #expect(try value(#""red""#, .color) == .color(StyleColor(r: 1, g: 0, b: 0)))
        #expect(compileError("5", .color) == "Expected color but found number instead.")
        #expect(try compile(#"["literal", [1, 2]]"#).type.description == "array<number, 2>")
        #expect(try compile(#"["literal", [1, "a"]]"#).type.description == "array<value, 2>")
    }

    @Test("constant parts fold at compile time; a constant that cannot evaluate is a compile error")
    func folding() throws {
        let sum = try compile(#"["+", 1, 2, 3]"#)
        #expect(sum.isFeatureConstant && sum.isZoomConstant)
        #expect(try sum.evaluate() == .number(6))
        #expect(compileError(#"["at", 5, ["literal", [1, 2]]]"#) == "Array index out of bounds: 5 > 1.")
        #expect(compileError(#"["to-color", "not a colour"]"#) == "Could not parse color from value 'not a colour'")
    }

    @Test("lookups count characters as code points; in, index-of and slice on strings and arrays")
    func lookups() throws {
        #expect(try value(#"["length", "東京"]"#) == .number(2))
        #expect(try value(#"["length", "a𝄞b"]"#) == .number(3))
        #expect(try value(#"["slice", "Helsinki", -5]"#) == .string("sinki"))
        #expect(try value(#"["slice", ["literal", [1, 2, 3, 4]], 1, 3]"#) == .array([.number(2), .number(3)]))
        #expect(try value(#"["index-of", "s", "Helsinki", 3]"#) == .number(3))
        #expect(try value(#"["index-of", "x", "Helsinki"]"#) == .number(-1))
        #expect(try value(#"["in", 2, ["literal", [1, 2]]]"#) == .bool(true))
        // A null needle is searched as the text "null", as JavaScript's String(null).
        #expect(try value(#"["in", null, "nullable"]"#) == .bool(true))
        #expect(try value(#"["at", 1, ["literal", ["a", "b"]]]"#) == .string("b"))
    }

    @Test("math as JavaScript computes it: round halves away from zero, % truncates, a division by zero is infinite")
    func math() throws {
        #expect(try value(#"["round", -2.5]"#) == .number(-3) && (try value(#"["round", 2.5]"#)) == .number(3))
        #expect(try value(#"["%", -7, 3]"#) == .number(-1))
        #expect(try value(#"["/", 1, 0]"#) == .number(.infinity))
        #expect(try value(#"["^", 2, 10]"#) == .number(1024))
        #expect(try value(#"["max", 3, 9, 4]"#) == .number(9) && (try value(#"["+"]"#)) == .number(0))
        #expect(compileError(#"["/", 1]"#) == "Expected 2 arguments, but found 1 instead.")
    }

    @Test("decisions: match labels are unique integers or strings, step inputs strictly ascend, coalesce skips nulls")
    func decisions() throws {
        let road = ExpressionContext(properties: ["class": .string("primary"), "lanes": .number(3)])
        let width = try compile(#"["match", ["get", "class"], ["motorway", "trunk"], 8, "primary", 6, 2]"#, .number)
        #expect(try width.evaluate(road) == .number(6) && (try width.evaluate()) == .number(2))
        #expect(compileError(#"["match", 1, 1.5, "a", "b"]"#) == "Numeric branch labels must be integer values.")
        #expect(compileError(#"["match", "x", ["a", "a"], 1, 2]"#) == "Branch labels must be unique.")
        #expect(try value(#"["step", ["get", "lanes"], "narrow", 2, "wide", 4, "huge"]"#, nil, road) == .string("wide"))
        #expect(compileError(#"["step", 1, "a", 2, "b", 2, "c"]"#)?.contains("strictly ascending") == true)
        #expect(try value(#"["coalesce", ["get", "none"], ["get", "lanes"]]"#, .number, road) == .number(3))
        // A padding from a coalesce of an array or a number (MapLibre's render test icon-padding/databind).
        let padding = try compile(#"["coalesce", ["get", "padding"], ["literal", [2]]]"#, .padding)
        #expect(try padding.evaluate(road) == .array([.number(2), .number(2), .number(2), .number(2)]))
        #expect(
            try compile(#"["coalesce", ["get", "padding"], 3]"#, .padding).evaluate(road)
                == .array(Array(repeating: .number(3), count: 4)))
        #expect(try value(#"["case", ["==", ["get", "lanes"], 3], "three", "other"]"#, nil, road) == .string("three"))
        #expect(compileError(#"["==", "a", 1]"#) == "Cannot compare types 'string' and 'number'.")
    }

    @Test("ramps: exponential and cubic-bezier factors, colours mixed channel by channel, or in Lab and HCL")
    func ramps() throws {
        // Base 2 from 0 to 2 at 1: (2^1 − 1) / (2^2 − 1) = 1/3 of the way from 0 to 30.
        let exponential = try value(
            #"["interpolate", ["exponential", 2], ["get", "x"], 0, 0, 2, 30]"#, nil,
            ExpressionContext(properties: ["x": .number(1)]))
        #expect(abs((exponential.number ?? 0) - 10) < 1e-9)
        // The bezier with control points on the diagonal is linear.
        #expect(
            try value(#"["interpolate", ["cubic-bezier", 0.25, 0.25, 0.75, 0.75], 0.3, 0, 0, 1, 10]"#).number
                .map { abs($0 - 3) < 1e-6 } == true)
        let purple = try value(##"["interpolate", ["linear"], 0.5, 0, "#ff0000", 1, "#0000ff"]"##, .color)
        #expect(purple == .color(StyleColor(r: 0.5, g: 0, b: 0.5)))
        // Lab and HCL of one colour to itself leave it (to rounding).
        for op in ["interpolate-lab", "interpolate-hcl"] {
            guard case let .color(c) = try value(##"["\##(op)", ["linear"], 0.5, 0, "#336699", 1, "#336699"]"##) else {
                Issue.record("\(op) gave no colour")
                continue
            }
            #expect(abs(c.r - 0.2) < 1e-3 && abs(c.g - 0.4) < 1e-3 && abs(c.b - 0.6) < 1e-3, "\(op): \(c)")
        }
        #expect(
            compileError(#"["interpolate", ["linear"], 1, 0, "a", 1, "b"]"#) == "Type string is not interpolatable.")
    }

    @Test("let binds names for its body; var outside a binding is refused")
    func bindings() throws {
        #expect(try value(#"["let", "a", 2, ["let", "a", 5, ["*", ["var", "a"], 10]]]"#) == .number(50))
        #expect(compileError(#"["var", "b"]"#)?.hasPrefix(#"Unknown variable "b""#) == true)
    }

    @Test("zoom only as the input of a top-level step or interpolate; data and zoom only where the property allows")
    func zoomRule() throws {
        let ramp = try compile(#"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 5]"#, .number)
        #expect(!ramp.isZoomConstant)
        #expect(try ramp.evaluate(ExpressionContext(zoom: 15)) == .number(3))
        #expect(compileError(#"["+", ["zoom"], 1]"#)?.contains("top-level") == true)
        #expect(compileError(#"["get", "x"]"#, inputs: [.zoom]) == "data expressions not supported")
        #expect(compileError(#"["step", ["zoom"], 0, 5, 1]"#, inputs: [.feature]) == "zoom expressions not supported")
    }

    @Test("conversions: to-number reads JavaScript's numbers, to-string writes them, to-boolean is JavaScript's truth")
    func conversions() throws {
        #expect(
            try value(#"["to-number", " 12 "]"#) == .number(12) && (try value(#"["to-number", "0x10"]"#)) == .number(16)
        )
        #expect(try value(#"["to-number", "12 m", null]"#) == .number(0))
        #expect(try value(#"["to-string", 1e21]"#) == .string("1e+21"))
        #expect(try value(#"["to-string", 0.5]"#) == .string("0.5"))
        #expect(
            try value(#"["to-boolean", ""]"#) == .bool(false) && (try value(#"["to-boolean", "0"]"#)) == .bool(true))
        #expect(
            try value(#"["to-rgba", ["rgba", 255, 0, 0, 0.5]]"#) == .array([255, 0, 0, 0.5].map(StyleValue.number)))
        #expect(compileError(#"["rgb", 300, 0, 0]"#)?.contains("between 0 and 255") == true)
        #expect(try value(#"["typeof", ["literal", [1, 2]]]"#) == .string("array<number, 2>"))
    }

    @Test("join, split, semiliteral and global-state")
    func newerOperators() throws {
        #expect(try value(#"["join", ["literal", ["a", "b", "c"]], "-"]"#) == .string("a-b-c"))
        #expect(try value(#"["split", "a,b,,c", ","]"#) == .array(["a", "b", "", "c"].map(StyleValue.string)))
        let pair = try compile(#"["semiliteral", [["get", "x"], 2]]"#)
        #expect(pair.type.description == "array<value, 2>" && !pair.isFeatureConstant)
        #expect(
            try pair.evaluate(ExpressionContext(properties: ["x": .string("a")])) == .array([.string("a"), .number(2)]))
        var context = ExpressionContext()
        context.globalState = ["theme": .string("dark")]
        #expect(try value(#"["global-state", "theme"]"#, nil, context) == .string("dark"))
        #expect(try value(#"["global-state", "unset"]"#) == .null)
    }
}

@Suite struct CSSColorTests {
    @Test(
        "CSS colours as MapLibre reads them: every named colour, hex of 3 to 8 digits, rgb and hsl with commas or spaces and / alpha",
        arguments: [
            ("orange", StyleColor(r: 1, g: 165.0 / 255, b: 0)), ("rebeccapurple", StyleColor(r: 0.4, g: 0.2, b: 0.6)),
            ("#0000ff80", StyleColor(r: 0, g: 0, b: 1, a: 128.0 / 255)),
            ("#0f08", StyleColor(r: 0, g: 1, b: 0, a: 136.0 / 255)),
            ("rgb(0% 0% 100% / 0.5)", StyleColor(r: 0, g: 0, b: 1, a: 0.5)),
            ("rgba(255, 0, 0, 50%)", StyleColor(r: 1, g: 0, b: 0, a: 0.5)),
            ("hsl(240 100% 50% / 0)", StyleColor(r: 0, g: 0, b: 1, a: 0)),
            ("hsl(120deg, 100%, 25%)", StyleColor(r: 0, g: 0.5, b: 0)),
        ])
    func parses(text: String, color: StyleColor) throws {
        let c = try #require(StyleColor(css: text))
        #expect(
            abs(c.r - color.r) < 1e-9 && abs(c.g - color.g) < 1e-9 && abs(c.b - color.b) < 1e-9
                && abs(c.a - color.a) < 1e-9, "\(c)")
    }

    @Test(
        "what is not a colour is nil",
        arguments: ["reddish", "#12", "rgb(1, 2)", "rgb(1 2 3 / 4 / 5)", "hsl(1%, 2%, 3%)", "rgb(a, b, c)"])
    func refuses(text: String) { #expect(StyleColor(css: text) == nil) }
}

@Suite struct FunctionConversionTests {
    func convert(
        _ f: String, _ type: ExpressionType, interpolated: Bool, default value: StyleValue?
    ) throws -> CompiledExpression {
        guard case let .object(members) = try JSONDecoder().decode(StyleValue.self, from: Data(f.utf8)) else {
            throw ExpressionParseError(key: "", message: "not an object")
        }
        let json = try FunctionConversion(type: type, interpolated: interpolated, propertyDefault: value, names: nil)
            .convert(members)
        return try CompiledExpression.compile(json, expecting: type)
    }

    @Test(
        "legacy functions convert as MapLibre converts them for the typed language: the property's default as fallback")
    func conversions() throws {
        let categorical = try convert(
            #"{"type": "categorical", "property": "p", "stops": [[0, 10], [1, 20]]}"#, .number, interpolated: false,
            default: .number(-1))
        #expect(try categorical.evaluate(ExpressionContext(properties: ["p": .number(1)])) == .number(20))
        #expect(try categorical.evaluate(ExpressionContext(properties: ["p": .number(7)])) == .number(-1))
        // A property exponential function asserts a number; with its own default, that default instead.
        let ramp = try convert(
            #"{"type": "exponential", "property": "p", "stops": [[0, 0], [10, 100]], "default": 5}"#, .number,
            interpolated: true, default: nil)
        #expect(try ramp.evaluate(ExpressionContext(properties: ["p": .number(2.5)])) == .number(25))
        #expect(try ramp.evaluate(ExpressionContext(properties: ["p": .string("x")])) == .number(5))
        let zoom = try convert(#"{"stops": [[10, 1], [12, 3]]}"#, .number, interpolated: true, default: nil)
        #expect(!zoom.isZoomConstant)
        #expect(try zoom.evaluate(ExpressionContext(zoom: 11)) == .number(2))
        let toggle = try convert(
            ##"{"type": "categorical", "property": "on", "stops": [[true, "#ff0000"]]}"##, .color, interpolated: false,
            default: .string("#000000"))
        #expect(
            try toggle.evaluate(ExpressionContext(properties: ["on": .bool(true)]))
                == .color(StyleColor(r: 1, g: 0, b: 0)))
        #expect(try toggle.evaluate() == .color(StyleColor(r: 0, g: 0, b: 0)))
    }
}

@Suite struct GeometryExpressionTests {
    func compile(_ text: String) throws -> CompiledExpression {
        try CompiledExpression.compile(try JSONDecoder().decode(StyleValue.self, from: Data(text.utf8)))
    }

    func feature(_ type: String, _ positions: [(Double, Double)]) -> ExpressionContext {
        var c = ExpressionContext(geometryType: type)
        c.coordinates = [positions.map { (longitude: $0.0, latitude: $0.1) }]
        c.tile = (20, 0, 0)
        return c
    }

    @Test("within: inside a square, not on its edge nor outside; a line inside, not one leaving")
    func within() throws {
        let square = try compile(
            #"["within", {"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}]"#)
        #expect(!square.isFeatureConstant)
        #expect(try square.evaluate(feature("Point", [(2, 2)])) == .bool(true))
        #expect(try square.evaluate(feature("Point", [(0, 2)])) == .bool(false))
        #expect(try square.evaluate(feature("Point", [(6, 2)])) == .bool(false))
        #expect(try square.evaluate(feature("LineString", [(1, 1), (4, 4)])) == .bool(true))
        #expect(try square.evaluate(feature("LineString", [(1, 1), (6, 4)])) == .bool(false))
        #expect(throws: ExpressionParseError.self) {
            try compile(#"["within", {"type": "Point", "coordinates": [0, 0]}]"#)
        }
    }

    @Test(
        "distance in metres by the cheap ruler: 0.001° of latitude at the equator is 110.574 m; zero inside a polygon")
    func distance() throws {
        // ky at latitude 0: (π / 180 × 6,378,137 m) × (1 − e²), e² = f(2 − f), f = 1/298.257223563.
        let point = try compile(#"["distance", {"type": "Point", "coordinates": [0, 0.001]}]"#)
        let d = try #require(point.evaluate(feature("Point", [(0, 0)])).number)
        #expect(abs(d - 110.574) < 0.05, "\(d)")
        let square = try compile(
            #"["distance", {"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]]}]"#)
        #expect(try square.evaluate(feature("Point", [(0.5, 0.5)])) == .number(0))
        let beside = try #require(square.evaluate(feature("LineString", [(1.001, 0.2), (1.001, 0.8)])).number)
        // 0.001° of longitude at latitude 0.2 (the line's first point): about 111.3 m.
        #expect(abs(beside - 111.3) < 0.2, "\(beside)")
    }

    @Test("a string property's expression turns a number into its text at the top, as MapLibre")
    func stringCoercion() throws {
        let label = try CompiledExpression.compile(
            .array([.string("get"), .string("ref")]), expecting: .string)
        #expect(try label.evaluate(ExpressionContext(properties: ["ref": .number(12)])) == .string("12"))
        #expect(try label.evaluate() == .string(""))
    }
}
