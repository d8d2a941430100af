/// A type of the expression language, as the style specification names them: what an
/// expression produces, what an operator takes, what a property expects.
public indirect enum ExpressionType: Hashable, Sendable, CustomStringConvertible {
    case null, number, string, boolean, color, object, value, collator, formatted, resolvedImage, padding
    case numberArray, colorArray, variableAnchorOffsetCollection
    /// An array of `element`s, of exactly `length` items when given.
    case array(ExpressionType, length: Int?)
    /// The type of an `error`: fits every expected type.
    case error

    /// The specification's spelling: `number`, `array<number, 2>`, `array` (of values).
    public var description: String {
        switch self {
        case .null: "null"
        case .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        case .color: "color"
        case .object: "object"
        case .value: "value"
        case .collator: "collator"
        case .formatted: "formatted"
        case .resolvedImage: "resolvedImage"
        case .padding: "padding"
        case .numberArray: "numberArray"
        case .colorArray: "colorArray"
        case .variableAnchorOffsetCollection: "variableAnchorOffsetCollection"
        case .error: "error"
        case let .array(element, length):
            element == .value && length == nil
                ? "array" : "array<\(element)\(length.map { ", \($0)" } ?? "")>"
        }
    }

    /// The type a property of the catalogue expects its expressions to produce.
    public init(_ type: StyleProperty.ValueType) {
        switch type {
        case .number: self = .number
        case .color: self = .color
        case .string, .enumeration: self = .string
        case .boolean: self = .boolean
        case .formatted: self = .formatted
        case .resolvedImage: self = .resolvedImage
        case .padding: self = .padding
        case .numberArray: self = .numberArray
        case .colorArray: self = .colorArray
        case .variableAnchorOffsetCollection: self = .variableAnchorOffsetCollection
        case let .array(element, length):
            let inner: ExpressionType =
                switch element {
                case .number: .number
                case .string, .enumeration: .string
                case .boolean: .boolean
                default: .value
                }
            self = .array(inner, length: length)
        }
    }

    /// Whether a value of type `t` may stand where this type is expected (the specification's
    /// subtyping: `value` takes any value type; arrays by element and length).
    func accepts(_ t: ExpressionType) -> Bool {
        if t == .error || self == t { return true }
        switch (self, t) {
        case (.value, .null), (.value, .number), (.value, .string), (.value, .boolean), (.value, .color),
            (.value, .object), (.value, .array), (.value, .formatted), (.value, .resolvedImage), (.value, .padding),
            (.value, .numberArray), (.value, .colorArray), (.value, .variableAnchorOffsetCollection),
            (.value, .collator):
            return true
        case let (.array(e, n), .array(f, m)): return e.accepts(f) && (n == nil || n == m)
        default: return false
        }
    }

    /// The type of a JSON value: arrays by their items' common type (else `value`) and length.
    static func of(_ v: StyleValue) -> ExpressionType {
        switch v {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case let .array(items):
            var element: ExpressionType?
            for item in items {
                let t = of(item)
                if element == nil { element = t } else if element != t { element = .value }
            }
            return .array(element ?? .value, length: items.count)
        }
    }
}
