import Foundation

/// Values as the expression language reads and writes them: type names, JavaScript's text of a
/// number, truthiness, colours from values.
enum ExprValues {
    /// The name of a value's type in errors (`number`, `string`, `array<number, 2>`…).
    static func typeName(_ v: StyleValue) -> String { ExpressionType.of(v).description }

    /// A number as JavaScript's `String(n)` writes it: integers without a fraction, shortest
    /// round-trip digits, exponents past 1e21 and below 1e-6 (`1e+21`, `1e-7`).
    static func text(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == 0 { return "0" }
        if n == n.rounded(), abs(n) < 1e21 { return String(format: "%.0f", n) }
        let magnitude = abs(n)
        if magnitude >= 1e21 || magnitude < 1e-6 {
            let parts = "\(n)".lowercased().split(separator: "e")
            guard parts.count == 2, let exponent = Int(parts[1]) else { return "\(n)" }
            var mantissa = String(parts[0])
            if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + String(abs(exponent))
        }
        return "\(n)"
    }

    /// `to-string`: null is "", booleans and numbers as JavaScript writes them, a colour as
    /// `rgba(r,g,b,a)` (0–255, alpha 0–1), arrays and objects as JSON.
    static func string(_ v: StyleValue) -> String {
        switch v {
        case .null: return ""
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return text(n)
        case let .string(s): return s
        case let .color(c):
            let channel = { (x: Double) in text((x * 255).rounded()) }
            return "rgba(\(channel(c.r)),\(channel(c.g)),\(channel(c.b)),\(text(c.a)))"
        case let .object(o):
            // Formatted text: its sections' text.
            if case let .array(sections)? = o["sections"] {
                return sections.map { if case let .object(s) = $0 { s["text"]?.string ?? "" } else { "" } }.joined()
            }
            return json(v)
        case .array: return json(v)
        }
    }

    /// A string's number for `to-number`: ECMAScript's ToNumber of a string: surrounding white
    /// space ignored, empty is 0, a decimal literal (`1e3`, `.5`, `-2`), `Infinity`, or
    /// `0x`/`0o`/`0b` integers; anything else (`"48.5 m"`, `"NaN"`) does not convert (nil).
    static func number(in s: String) -> Double? {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.isEmpty { return 0 }
        for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)]
        where t.hasPrefix(prefix) {
            return UInt64(t.dropFirst(2), radix: radix).map { Double($0) }
        }
        switch t {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        // Swift's Double(…) also reads "nan", "inf" and hex floats, which ToNumber does not.
        guard t.allSatisfy({ "0123456789+-.eE".contains($0) }), let n = Double(t) else { return nil }
        return n
    }

    /// A value as compact JSON (keys sorted).
    static func json(_ v: StyleValue) -> String {
        switch v {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return text(n)
        case let .string(s):
            let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(escaped)\""
        case let .array(items): return "[" + items.map(json).joined(separator: ",") + "]"
        case let .object(o):
            return "{" + o.keys.sorted().map { "\"\($0)\":" + json(o[$0]!) }.joined(separator: ",") + "}"
        case .color: return "\"\(string(v))\""
        }
    }

    /// JavaScript's truthiness (`to-boolean`): false for false, null, 0, NaN and "".
    static func truthy(_ v: StyleValue) -> Bool {
        switch v {
        case .null: false
        case let .bool(b): b
        case let .number(n): n != 0 && !n.isNaN
        case let .string(s): !s.isEmpty
        default: true
        }
    }

    /// A colour from a CSS string or an [r, g, b(, a)] array (0–255, alpha 0–1); nil otherwise.
    static func color(_ v: StyleValue) -> StyleColor? {
        switch v {
        case let .color(c): return c
        case let .string(s): return StyleColor(css: s)
        case let .array(items) where items.count == 3 || items.count == 4:
            let n = items.compactMap(\.number)
            guard n.count == items.count, n.prefix(3).allSatisfy({ (0...255).contains($0) }),
                n.count == 3 || (0...1).contains(n[3])
            else { return nil }
            return StyleColor(r: n[0] / 255, g: n[1] / 255, b: n[2] / 255, a: n.count == 4 ? n[3] : 1)
        default: return nil
        }
    }
}

extension ExprValues {
    /// A number as an index or count, clamped into ±2^40 (NaN is 0): a hostile `1e300` or NaN
    /// never traps the conversion to Int.
    static func integer(_ x: Double) -> Int {
        guard !x.isNaN else { return 0 }
        return Int(min(max(x, -1_099_511_627_776), 1_099_511_627_776))
    }
}

extension StyleValue {
    /// Whether the value is a JSON array (an expression, where an element of `semiliteral`).
    var isArrayValue: Bool {
        if case .array = self { return true }
        return false
    }
}
