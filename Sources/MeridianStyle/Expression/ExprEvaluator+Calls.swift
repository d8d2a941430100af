import Foundation
import RealModule

extension ExprEvaluator {
    func call(_ op: ExprOperator, _ args: [ExprNode]) throws(Failure) -> StyleValue {
        func n(_ i: Int) throws(Failure) -> Double { try number(args[i]) }
        func numbers() throws(Failure) -> [Double] {
            var out: [Double] = []
            for a in args { out.append(try number(a)) }
            return out
        }
        switch op {
        case .get, .has:
            let key = try string(args[0])
            var object = context.properties
            if args.count > 1 {
                guard case let .object(o) = try evaluate(args[1]) else { throw Failure("Expected an object.") }
                object = o
            }
            return op == .get ? object[key] ?? .null : .bool(object[key] != nil)
        case .properties: return .object(context.properties)
        case .featureState: return context.featureState[try string(args[0])] ?? .null
        case .geometryType: return context.geometryType.map(StyleValue.string) ?? .null
        case .id: return context.id ?? .null
        case .zoom: return .number(context.zoom)
        case .heatmapDensity: return .number(context.heatmapDensity ?? 0)
        case .lineProgress: return .number(context.lineProgress ?? 0)
        case .accumulated: return context.accumulated ?? .null
        case .elevation: return .number(context.elevation ?? 0)
        case .typeOf: return .string(ExprValues.typeName(try evaluate(args[0])))
        case .not: return .bool(try evaluate(args[0]) != .bool(true))
        case .all:
            for a in args where try evaluate(a) != .bool(true) { return .bool(false) }
            return .bool(true)
        case .any:
            for a in args where try evaluate(a) == .bool(true) { return .bool(true) }
            return .bool(false)
        case .coalesce:
            // An image the sprite lacks gives way to a later one it has (the first is kept for the end).
            var unavailable: StyleValue?
            for a in args {
                let v = try evaluate(a)
                if case let .object(o) = v, o["available"] == .bool(false), o["name"] != nil {
                    unavailable = unavailable ?? v
                    continue
                }
                if v != .null { return v }
            }
            return unavailable ?? .null
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            let (a, b) = (try evaluate(args[0]), try evaluate(args[1]))
            if args.count == 3, let x = a.string, let y = b.string {
                let order = Self.collate(x, y, try evaluate(args[2]))
                return .bool(
                    try compare(op, .number(Double(order.rawValue)), .number(0)))
            }
            return .bool(try compare(op, a, b))
        case .collator, .resolvedLocale, .isSupportedScript, .image, .numberFormat, .format: return try text(op, args)
        case .distance:
            guard case let .targets(targets) = args[0] else { return .number(.nan) }
            return .number(Distance.measure(context, targets))
        case .within:
            guard case let .literal(polygons) = args[0] else { return .bool(false) }
            return .bool(Within.holds(context, polygons))
        case .concat:
            var out = ""
            for a in args { out += ExprValues.string(try evaluate(a)) }
            return .string(out)
        case .globalState: return context.globalState[try string(args[0])] ?? .null
        case .semiliteral:
            var items: [StyleValue] = []
            for a in args { items.append(try evaluate(a)) }
            return .array(items)
        case .join:
            guard case let .array(items) = try evaluate(args[0]) else { throw Failure("Expected an array.") }
            return .string(items.map(ExprValues.string).joined(separator: try string(args[1])))
        case .split:
            let (text, separator) = (try string(args[0]), try string(args[1]))
            let parts = separator.isEmpty ? text.map(String.init) : text.components(separatedBy: separator)
            return .array(parts.map(StyleValue.string))
        case .upcase: return .string(try string(args[0]).uppercased())
        case .downcase: return .string(try string(args[0]).lowercased())
        case .rgb, .rgba:
            let c = try numbers()
            let (r, g, b, a) = (c[0], c[1], c[2], c.count > 3 ? c[3] : 1)
            let listed = c.map(ExprValues.text).joined(separator: ", ")
            guard [r, g, b].allSatisfy({ (0...255).contains($0) }) else {
                throw Failure("Invalid rgba value [\(listed)]: 'r', 'g', and 'b' must be between 0 and 255.")
            }
            guard (0...1).contains(a) else {
                throw Failure("Invalid rgba value [\(listed)]: 'a' must be between 0 and 1.")
            }
            return .color(StyleColor(r: r / 255, g: g / 255, b: b / 255, a: a))
        case .toRGBA:
            guard case let .color(c) = try evaluate(args[0]) else { throw Failure("Expected a colour.") }
            return .array([c.r * 255, c.g * 255, c.b * 255, c.a].map(StyleValue.number))
        case .at, .inList, .indexOf, .slice, .length: return try lookup(op, args)
        default: return .number(try math(op, try numbers()))
        }
    }

    func math(_ op: ExprOperator, _ x: [Double]) throws(Failure) -> Double {
        switch op {
        case .plus: return x.reduce(0, +)
        case .times: return x.reduce(1, *)
        case .minus: return x.count == 1 ? -x[0] : x[0] - x[1]
        case .divide: return x[0] / x[1]
        case .mod: return x[0].truncatingRemainder(dividingBy: x[1])
        case .power: return Double.pow(x[0], x[1])
        case .sqrt: return x[0].squareRoot()
        case .log10: return Double.log10(x[0])
        case .ln: return Double.log(x[0])
        case .log2: return Double.log2(x[0])
        case .sin: return Double.sin(x[0])
        case .cos: return Double.cos(x[0])
        case .tan: return Double.tan(x[0])
        case .asin: return Double.asin(x[0])
        case .acos: return Double.acos(x[0])
        case .atan: return Double.atan(x[0])
        case .min: return x.min() ?? .infinity
        case .max: return x.max() ?? -.infinity
        // JavaScript's Math.round, mirrored for negatives: halves away from zero.
        case .round: return x[0] < 0 ? -(-x[0] + 0.5).rounded(.down) : (x[0] + 0.5).rounded(.down)
        case .floor: return x[0].rounded(.down)
        case .ceil: return x[0].rounded(.up)
        case .abs: return abs(x[0])
        case .pi: return .pi
        case .e: return Double.exp(1)
        case .ln2: return Double.log(2)
        default: throw Failure("\"\(op.rawValue)\" is not a number operator.")
        }
    }

    /// `==` and `!=` on any values; the orderings on two numbers or two strings (else an error).
    func compare(_ op: ExprOperator, _ a: StyleValue, _ b: StyleValue) throws(Failure) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        default:
            let less: Bool
            let equal: Bool
            if let x = a.number, let y = b.number {
                (less, equal) = (x < y, x == y)
            } else if let x = a.string, let y = b.string {
                (less, equal) = (Array(x.utf16).lexicographicallyPrecedes(Array(y.utf16)), x == y)
            } else {
                throw Failure(
                    #"Expected arguments for "\#(op.rawValue)" to be (string, string) or (number, number), but found (\#(ExprValues.typeName(a)), \#(ExprValues.typeName(b))) instead."#
                )
            }
            switch op {
            case .less: return less
            case .lessEqual: return less || equal
            case .greater: return !less && !equal
            default: return !less
            }
        }
    }
}
