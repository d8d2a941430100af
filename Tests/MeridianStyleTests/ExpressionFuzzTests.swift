import Foundation
@testable import MeridianStyle
import MeridianTestSupport
import Testing

/// Random expressions from the language's own operators, with hostile numbers (±1e300, NaN,
/// huge indices and digit counts) and odd arguments: compiling gives a typed error or an
/// expression, and evaluating a value or a typed error: never a trap or a hang.
@Suite struct ExpressionFuzzTests {
    static let operators =
        ExprOperator.allCases.map(\.rawValue) + [
            "literal", "number", "string", "boolean", "object", "array", "to-number", "to-color", "to-string",
            "to-boolean", "let", "var", "match", "case", "step", "interpolate", "interpolate-hcl", "interpolate-lab",
        ]
    static let numbers: [Double] = [0, 1, -1, 2.5, 1e300, -1e300, .nan, .infinity, 1e15, -0.5, 3, 255]

    func value(_ r: inout SplitMix64, depth: Int) -> StyleValue {
        switch r.below(depth > 3 ? 5 : 8) {
        case 0: return .number(Self.numbers[r.below(Self.numbers.count)])
        case 1: return .string(["a", "", "red", "x", "#fff", "number", "linear", "zoom"][r.below(8)])
        case 2: return .bool(r.below(2) == 0)
        case 3: return .null
        case 4: return .object(["locale": .string("en"), "case-sensitive": .bool(true), "font-scale": .number(1e300)])
        default:
            var items: [StyleValue] = [.string(Self.operators[r.below(Self.operators.count)])]
            for _ in 0..<r.below(6) { items.append(value(&r, depth: depth + 1)) }
            if r.below(5) == 0 { items[0] = .array([.string("linear")]) }
            return .array(items)
        }
    }

    @Test("20,000 random expressions compile or fail with a typed error, and evaluate or fail with one")
    func random() {
        var r = SplitMix64(seed: 0x5EED)
        var (compiled, evaluated) = (0, 0)
        let context = ExpressionContext(
            zoom: 1e300, properties: ["x": .number(.nan), "a": .string("abc")], geometryType: "Point")
        for _ in 0..<20_000 {
            let json = value(&r, depth: 0)
            guard let e = try? CompiledExpression.compile(json, expecting: r.below(2) == 0 ? nil : .number) else {
                continue
            }
            compiled += 1
            if (try? e.evaluate(context)) != nil { evaluated += 1 }
        }
        // The generator reaches the evaluator, not only the compiler's refusals.
        #expect(compiled > 1_000 && evaluated > 500, "compiled \(compiled), evaluated \(evaluated)")
    }

    @Test("hostile numbers where an index, a length or a digit count is read: clamped, never a trap")
    func hostileNumbers() throws {
        func value(_ text: String) throws -> StyleValue {
            try CompiledExpression.compile(try JSONDecoder().decode(StyleValue.self, from: Data(text.utf8))).evaluate()
        }
        #expect(try value(#"["slice", "Helsinki", 1e300]"#) == .string(""))
        #expect(try value(#"["slice", "Helsinki", -1e300, 3]"#) == .string("Hel"))
        #expect(try value(#"["index-of", "k", "Helsinki", -1e300]"#) == .number(6))
        #expect(
            try value(#"["number-format", 1.5, {"min-fraction-digits": 1e300, "max-fraction-digits": 1e300}]"#)
                == .string("1.50000000000000000000"))
        #expect(throws: ExpressionParseError.self) {
            try CompiledExpression.compile(
                try JSONDecoder().decode(
                    StyleValue.self, from: Data(#"["array", "number", 1e300, ["literal", []]]"#.utf8)))
        }
    }
}
