/// A value in a style: what JSON holds, plus colours once parsed.
public enum StyleValue: Hashable, Sendable, CustomStringConvertible, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([StyleValue])
    case object([String: StyleValue])
    case color(StyleColor)

    /// Decodes any JSON value (booleans stay booleans: the decoder does not turn them into numbers).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([StyleValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: StyleValue].self))
        }
    }

    public var number: Double? { if case let .number(n) = self { n } else { nil } }
    public var string: String? { if case let .string(s) = self { s } else { nil } }

    /// Truthiness as in the style spec's boolean contexts: only `true` is true.
    public var isTrue: Bool { self == .bool(true) }

    public var description: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return "\(b)"
        case let .number(n): return n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
        case let .string(s): return "\"\(s)\""
        case let .array(a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case let .object(o): return "{" + o.keys.sorted().map { "\"\($0)\":\(o[$0]!)" }.joined(separator: ",") + "}"
        case let .color(c): return c.description
        }
    }
}

/// An RGBA colour, components in [0, 1], as the style spec writes them: `#rgb`, `#rrggbb`,
/// `#rrggbbaa`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, `hsl(h, s%, l%)`, `hsla(…)`, or a few names.
public struct StyleColor: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    static let names: [String: StyleColor] = [
        "black": StyleColor(r: 0, g: 0, b: 0), "white": StyleColor(r: 1, g: 1, b: 1),
        "transparent": StyleColor(r: 0, g: 0, b: 0, a: 0),
        "red": StyleColor(r: 1, g: 0, b: 0), "green": StyleColor(r: 0, g: 128.0 / 255, b: 0),
        "blue": StyleColor(r: 0, g: 0, b: 1),
        "gray": StyleColor(r: 128.0 / 255, g: 128.0 / 255, b: 128.0 / 255),
        "grey": StyleColor(r: 128.0 / 255, g: 128.0 / 255, b: 128.0 / 255),
    ]

    /// Parses a CSS-style colour string; nil when it is not one.
    public init?(css text: String) {
        let s = text.trimmingCharacters(in: " ").lowercased()
        if let named = Self.names[s] {
            self = named
            return
        }
        if s.hasPrefix("#") {
            let hex = Array(s.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
            let pairs: [String] =
                hex.count <= 4
                ? hex.map { String([$0, $0]) } : stride(from: 0, to: hex.count, by: 2).map { String(hex[$0...$0 + 1]) }
            let v = pairs.map { Double(Int($0, radix: 16) ?? 0) / 255 }
            self.init(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 1)
            return
        }
        for (prefix, count) in [("rgba(", 4), ("rgb(", 3), ("hsla(", 4), ("hsl(", 3)]
        where s.hasPrefix(prefix) && s.hasSuffix(")") {
            let inner = s.dropFirst(prefix.count).dropLast()
            let parts = inner.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
            guard parts.count == count else { return nil }
            let numbers = parts.map { Double($0.hasSuffix("%") ? String($0.dropLast()) : $0) }
            guard numbers.allSatisfy({ $0?.isFinite == true }) else { return nil }
            let n = numbers.map { $0! }
            let alpha = count == 4 ? min(max(n[3], 0), 1) : 1
            if prefix.hasPrefix("rgb") {
                self.init(
                    r: min(max(n[0], 0), 255) / 255, g: min(max(n[1], 0), 255) / 255, b: min(max(n[2], 0), 255) / 255,
                    a: alpha)
            } else {
                let (r, g, b) = Self.hsl(n[0], n[1] / 100, n[2] / 100)
                self.init(r: r, g: g, b: b, a: alpha)
            }
            return
        }
        return nil
    }

    static func hsl(_ h: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        let s = min(max(s, 0), 1)
        let l = min(max(l, 0), 1)
        let hue = ((h.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360) / 360
        func channel(_ t0: Double) -> Double {
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s
            let p = 2 * l - q
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (channel(hue + 1.0 / 3), channel(hue), channel(hue - 1.0 / 3))
    }

    public var description: String {
        "rgba(\(Int((r * 255).rounded())),\(Int((g * 255).rounded())),\(Int((b * 255).rounded())),\(a))"
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
