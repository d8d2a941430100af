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

    /// The value as JSON text (strings escaped as JSON escapes them; colours as their CSS text).
    public var jsonText: String {
        switch self {
        case .null, .bool, .number, .color: return description
        case let .string(s):
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if u.value < 0x20 {
                        out += "\\u00" + (u.value < 16 ? "0" : "") + String(u.value, radix: 16)
                    } else {
                        out.unicodeScalars.append(u)
                    }
                }
            }
            return out + "\""
        case let .array(a): return "[" + a.map(\.jsonText).joined(separator: ",") + "]"
        case let .object(o):
            return "{"
                + o.keys.sorted().map { StyleValue.string($0).jsonText + ":" + o[$0]!.jsonText }.joined(separator: ",")
                + "}"
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

    public var description: String {
        "rgba(\(Int((r * 255).rounded())),\(Int((g * 255).rounded())),\(Int((b * 255).rounded())),\(a))"
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
