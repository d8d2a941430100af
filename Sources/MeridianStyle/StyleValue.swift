import Foundation

/// A value in a style: what JSON holds, plus colours once parsed.
public enum StyleValue: Hashable, Sendable, CustomStringConvertible, Codable {
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

    /// Encodes the value as the JSON it was read from (colours as their CSS text).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .number(n): try c.encode(n)
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        case let .color(color): try c.encode(color.description)
        }
    }

    /// The value as JSON text, keys sorted (Foundation's encoder: its escaping, its numbers).
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
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

    /// `rgba(r,g,b,a)`, channels 0–255 (a channel that is not finite is written as 0).
    public var description: String {
        func channel(_ v: Double) -> Int { v.isFinite ? Int(min(max(v * 255, -1e9), 1e9).rounded()) : 0 }
        return "rgba(\(channel(r)),\(channel(g)),\(channel(b)),\(a))"
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
