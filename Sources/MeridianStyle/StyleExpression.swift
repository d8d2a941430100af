import RealModule

/// A style expression (MapLibre style spec subset), compiled once from its JSON and evaluated
/// per feature and zoom: literals, `get`, `has`, `zoom`, `interpolate` (linear, exponential),
/// `step`, `match`, `case`, `coalesce`, comparisons, `all`, `any`, `!`, `in`, `to-number`,
/// `to-string`, arithmetic `+ - * /` (null if an operand is not a number), `geometry-type` and
/// `id`, `concat`. Legacy filters (`["==", "class", "primary"]`) read as `get` on their key, `$type` and
/// `$id` as the geometry type and the id (``geometryTypeKey``, ``idKey``), and `!in`, `!has` and
/// `none` as the negations of `in`, `has` and `any`.
public indirect enum StyleExpression: Hashable, Sendable {
    case literal(StyleValue)
    case get(String)
    case has(String)
    case zoom
    case interpolate(base: Double, input: StyleExpression, stops: [(Double, StyleExpression)])
    case step(input: StyleExpression, first: StyleExpression, stops: [(Double, StyleExpression)])
    case match(input: StyleExpression, cases: [([StyleValue], StyleExpression)], fallback: StyleExpression)
    case caseOf(branches: [(StyleExpression, StyleExpression)], fallback: StyleExpression)
    case coalesce([StyleExpression])
    case compare(String, StyleExpression, StyleExpression)
    case all([StyleExpression]), any([StyleExpression]), not(StyleExpression)
    case inList(StyleExpression, [StyleValue])
    case toNumber([StyleExpression]), toString(StyleExpression)
    case concat([StyleExpression])
    case arithmetic(String, [StyleExpression])

    public static func == (a: StyleExpression, b: StyleExpression) -> Bool { "\(a)" == "\(b)" }
    public func hash(into hasher: inout Hasher) { hasher.combine("\(self)") }

    /// The pseudo-property that holds a feature's geometry type (`Point`, `LineString`,
    /// `Polygon`): what legacy filters read as `$type` and `["geometry-type"]` returns.
    public static let geometryTypeKey = "$type"
    /// The pseudo-property that holds a feature's id: legacy filters' `$id`, `["id"]`.
    public static let idKey = "$id"

    /// Most nesting of arrays and objects in one expression, and most values in it: bounds that
    /// keep compiling and evaluating a hostile style linear and small (a 500-deep `!` chain, a
    /// 100,000-element `match`).
    public static let maxDepth = 32, maxNodes = 20_000

    /// Compiles a JSON value into an expression.
    ///
    /// With `arrays` (the property's values are arrays), an array that does not start with an
    /// operator of the specification (``specificationOperators``) is a value, as MapLibre reads it.
    /// With `tokens` (`text-field`, `icon-image`), `{name}` in a plain string (or a zoom function's
    /// output) is the feature's `name`, as text.
    ///
    /// A legacy function (`{"stops": …}`) is compiled as the expression it means
    /// (`LegacyFunction`); `interpolatable` says whether the property's values are numbers or
    /// colours (its functions then interpolate by default; colours are interpolatable too).
    /// - Throws: ``StyleError`` for an unknown operator, wrong arguments, a bad colour, a bad
    ///   legacy function, or an expression nested deeper than ``maxDepth`` or holding more than
    ///   ``maxNodes`` values.
    public static func compile(
        _ v: StyleValue, colors: Bool = false, interpolatable: Bool = false, arrays: Bool = false, tokens: Bool = false
    ) throws(StyleError) -> StyleExpression {
        var budget = maxNodes
        try checkSize(v, depth: 0, budget: &budget)
        if tokens, case let .string(text) = v {
            return try node(LegacyFunction.tokens(text), colors: colors)
        }
        // A property whose values are arrays may be written as a plain array (`["Noto Sans
        // Regular"]`): it is a value unless it starts with one of the specification's operators.
        if arrays, case let .array(items) = v, let first = items.first?.string, !specificationOperators.contains(first)
        {
            return .literal(v)
        }
        if case let .object(members) = v, LegacyFunction.isFunction(members) {
            let converted = try LegacyFunction.expression(
                members, interpolatable: interpolatable || colors, tokens: tokens)
            budget = maxNodes
            try checkSize(converted, depth: 0, budget: &budget)
            return try node(converted, colors: colors)
        }
        return try node(v, colors: colors)
    }

    static func checkSize(_ v: StyleValue, depth: Int, budget: inout Int) throws(StyleError) {
        budget -= 1
        guard budget >= 0 else { throw StyleError("the expression holds more than \(maxNodes) values") }
        switch v {
        case let .array(items):
            guard depth < maxDepth else { throw StyleError("the expression is nested more than \(maxDepth) deep") }
            for item in items { try checkSize(item, depth: depth + 1, budget: &budget) }
        case let .object(members):
            guard depth < maxDepth else { throw StyleError("the expression is nested more than \(maxDepth) deep") }
            for item in members.values { try checkSize(item, depth: depth + 1, budget: &budget) }
        default: break
        }
    }

    /// Compiles a value already checked by ``checkSize(_:depth:budget:)``. Colour strings become
    /// colours where `colors` says so.
    /// - Throws: ``StyleError`` naming the operator or argument that is wrong.
    static func node(_ v: StyleValue, colors: Bool = false) throws(StyleError) -> StyleExpression {
        guard case let .array(items) = v, let op = items.first?.string else {
            if colors, case let .string(s) = v {
                guard let c = StyleColor(css: s) else { throw StyleError("\"\(s)\" is not a colour") }
                return .literal(.color(c))
            }
            if case let .array(items) = v, !items.isEmpty, items.first?.string == nil {
                return .literal(v)  // a plain array literal, e.g. a dash pattern
            }
            return .literal(v)
        }
        let args = Array(items.dropFirst())
        func arg(_ i: Int) throws(StyleError) -> StyleExpression {
            guard i < args.count else { throw StyleError("\"\(op)\" needs at least \(i + 1) arguments") }
            return try node(args[i], colors: colors)
        }
        /// Every argument compiled (the operands of `all`, `coalesce`, arithmetic…).
        func every(colors: Bool = false) throws(StyleError) -> [StyleExpression] {
            var out: [StyleExpression] = []
            for a in args { out.append(try node(a, colors: colors)) }
            return out
        }
        func key(_ i: Int) throws(StyleError) -> String {
            guard i < args.count, let k = args[i].string else { throw StyleError("\"\(op)\" needs a property name") }
            return k
        }
        func stops(from start: Int) throws(StyleError) -> [(Double, StyleExpression)] {
            guard (args.count - start) >= 2, (args.count - start) % 2 == 0 else {
                throw StyleError("\"\(op)\" needs input/output pairs")
            }
            var out: [(Double, StyleExpression)] = []
            for i in stride(from: start, to: args.count, by: 2) {
                guard let x = args[i].number, x.isFinite else {
                    throw StyleError("\"\(op)\" stop inputs must be numbers")
                }
                if let last = out.last, x <= last.0 { throw StyleError("\"\(op)\" stop inputs must increase") }
                out.append((x, try node(args[i + 1], colors: colors)))
            }
            return out
        }
        switch op {
        case "literal": return .literal(args.first ?? .null)
        case "geometry-type": return .get(geometryTypeKey)
        case "id": return .get(idKey)
        case "!in", "!has", "none":
            // Legacy filters: the negations of `in`, `has` and `any`.
            let positive: StyleValue = .array([.string(op == "none" ? "any" : String(op.dropFirst()))] + args)
            return .not(try node(positive, colors: colors))
        case "get": return .get(try key(0))
        case "has": return .has(try key(0))
        case "zoom": return .zoom
        case "interpolate":
            guard case let .array(kind)? = args.first, let name = kind.first?.string else {
                throw StyleError("\"interpolate\" needs [\"linear\"] or [\"exponential\", base]")
            }
            let base: Double
            switch name {
            case "linear": base = 1
            case "exponential":
                guard kind.count == 2, let b = kind[1].number, b > 0, b.isFinite else {
                    throw StyleError("\"exponential\" needs a positive base")
                }
                base = b
            default: throw StyleError("interpolation \"\(name)\" is not supported (linear, exponential)")
            }
            return .interpolate(base: base, input: try arg(1), stops: try stops(from: 2))
        case "step":
            return .step(input: try arg(0), first: try arg(1), stops: args.count > 2 ? try stops(from: 2) : [])
        case "match":
            guard args.count >= 4, args.count % 2 == 0 else {
                throw StyleError("\"match\" needs input, label/output pairs and a fallback")
            }
            var cases: [([StyleValue], StyleExpression)] = []
            for i in stride(from: 1, to: args.count - 1, by: 2) {
                let labels: [StyleValue] = if case let .array(l) = args[i] { l } else { [args[i]] }
                cases.append((labels, try node(args[i + 1], colors: colors)))
            }
            return .match(input: try arg(0), cases: cases, fallback: try node(args[args.count - 1], colors: colors))
        case "case":
            guard args.count >= 3, args.count % 2 == 1 else {
                throw StyleError("\"case\" needs condition/output pairs and a fallback")
            }
            var branches: [(StyleExpression, StyleExpression)] = []
            for i in stride(from: 0, to: args.count - 1, by: 2) {
                branches.append((try node(args[i]), try node(args[i + 1], colors: colors)))
            }
            return .caseOf(branches: branches, fallback: try node(args[args.count - 1], colors: colors))
        case "coalesce": return .coalesce(try every(colors: colors))
        case "==", "!=", "<", "<=", ">", ">=":
            guard args.count == 2 else { throw StyleError("\"\(op)\" needs two arguments") }
            // Legacy filter form: a bare key on the left.
            let left: StyleExpression = if let k = args[0].string { .get(k) } else { try node(args[0]) }
            return .compare(op, left, try node(args[1]))
        case "all", "any": return op == "all" ? .all(try every()) : .any(try every())
        case "!": return .not(try arg(0))
        case "in":
            // Expression form: ["in", needle, haystack] with the haystack a literal array;
            // legacy filter form: ["in", key, value1, value2, …].
            if args.count == 2, case let .array(haystack) = args[1] {
                let values: [StyleValue] =
                    if haystack.first == .string("literal"), haystack.count == 2, case let .array(inner) = haystack[1] {
                        inner
                    } else { haystack }
                return .inList(try arg(0), values)
            }
            guard let k = args.first?.string else {
                throw StyleError("\"in\" needs a key and values, or a value and a literal array")
            }
            return .inList(.get(k), Array(args.dropFirst()))
        case "+", "-", "*", "/":
            guard !args.isEmpty, op == "+" || op == "*" || args.count == 2 || (op == "-" && args.count == 1) else {
                throw StyleError("\"\(op)\" has the wrong number of arguments")
            }
            return .arithmetic(op, try every())
        case "to-number":
            guard !args.isEmpty else { throw StyleError("to-number needs at least one argument") }
            return .toNumber(try every(colors: colors))
        case "to-string": return .toString(try arg(0))
        case "concat": return .concat(try every())
        default: throw StyleError("unknown expression \"\(op)\"")
        }
    }

    /// The value for a feature's properties at a zoom. Missing properties are null; type
    /// mismatches give null rather than failing, as renderers must keep drawing.
    public func evaluate(_ properties: [String: StyleValue], zoom: Double) -> StyleValue {
        switch self {
        case let .literal(v): return v
        case let .get(k): return properties[k] ?? .null
        case let .has(k): return .bool(properties[k] != nil)
        case .zoom: return .number(zoom)
        case let .interpolate(base, input, stops):
            guard let x = input.evaluate(properties, zoom: zoom).number else { return .null }
            if x <= stops[0].0 { return stops[0].1.evaluate(properties, zoom: zoom) }
            guard let upper = stops.firstIndex(where: { $0.0 > x }) else {
                return stops[stops.count - 1].1.evaluate(properties, zoom: zoom)
            }
            let (x0, e0) = stops[upper - 1]
            let (x1, e1) = stops[upper]
            let t = base == 1 ? (x - x0) / (x1 - x0) : (Double.pow(base, x - x0) - 1) / (Double.pow(base, x1 - x0) - 1)
            return Self.mix(e0.evaluate(properties, zoom: zoom), e1.evaluate(properties, zoom: zoom), t)
        case let .step(input, first, stops):
            guard let x = input.evaluate(properties, zoom: zoom).number else {
                return first.evaluate(properties, zoom: zoom)
            }
            return (stops.last { $0.0 <= x }?.1 ?? first).evaluate(properties, zoom: zoom)
        case let .match(input, cases, fallback):
            let v = input.evaluate(properties, zoom: zoom)
            return (cases.first { $0.0.contains(v) }?.1 ?? fallback).evaluate(properties, zoom: zoom)
        case let .caseOf(branches, fallback):
            return (branches.first { $0.0.evaluate(properties, zoom: zoom).isTrue }?.1 ?? fallback).evaluate(
                properties, zoom: zoom)
        case let .coalesce(list):
            return list.lazy.map { $0.evaluate(properties, zoom: zoom) }.first { $0 != .null } ?? .null
        case let .compare(op, a, b):
            let x = a.evaluate(properties, zoom: zoom)
            let y = b.evaluate(properties, zoom: zoom)
            switch op {
            case "==": return .bool(x == y)
            case "!=": return .bool(x != y)
            default:
                if let p = x.number, let q = y.number { return .bool(Self.order(op, p < q, p == q)) }
                if let p = x.string, let q = y.string { return .bool(Self.order(op, p < q, p == q)) }
                return .bool(false)
            }
        case let .all(list): return .bool(list.allSatisfy { $0.evaluate(properties, zoom: zoom).isTrue })
        case let .any(list): return .bool(list.contains { $0.evaluate(properties, zoom: zoom).isTrue })
        case let .not(e): return .bool(!e.evaluate(properties, zoom: zoom).isTrue)
        case let .inList(e, list): return .bool(list.contains(e.evaluate(properties, zoom: zoom)))
        case let .toNumber(list):
            // The style specification's conversion, each argument in turn: null and false are 0,
            // true 1, a string by ECMAScript's ToNumber; none converting is an error (null here,
            // so the property takes its default, as in MapLibre).
            for e in list {
                let v = e.evaluate(properties, zoom: zoom)
                switch v {
                case .null: return .number(0)
                case let .bool(b): return .number(b ? 1 : 0)
                default:
                    if let n = v.number { return .number(n) }
                    if let s = v.string, let n = Self.number(in: s) { return .number(n) }
                }
            }
            return .null
        case let .arithmetic(op, list):
            var values: [Double] = []
            for e in list {
                guard let n = e.evaluate(properties, zoom: zoom).number else { return .null }
                values.append(n)
            }
            switch op {
            case "+": return .number(values.reduce(0, +))
            case "*": return .number(values.reduce(1, *))
            case "-": return .number(values.count == 1 ? -values[0] : values[0] - values[1])
            default: return values[1] == 0 ? .null : .number(values[0] / values[1])
            }
        case let .toString(e): return .string(Self.text(e.evaluate(properties, zoom: zoom)))
        case let .concat(list): return .string(list.map { Self.text($0.evaluate(properties, zoom: zoom)) }.joined())
        }
    }

    /// A string's number for `to-number`: ECMAScript's ToNumber of a string: surrounding white space ignored, empty is 0, a
    /// decimal literal (`1e3`, `.5`, `-2`), `Infinity`, or `0x`/`0o`/`0b` integers; anything
    /// else (`"48.5 m"`, `"NaN"`) does not convert (nil).
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

    /// A value as `to-string` writes it: a string as it is, null as "", anything else in its
    /// JSON form.
    static func text(_ v: StyleValue) -> String {
        if let s = v.string { return s }
        return v == .null ? "" : v.description
    }

    static func order(_ op: String, _ less: Bool, _ equal: Bool) -> Bool {
        switch op {
        case "<": return less
        case "<=": return less || equal
        case ">": return !less && !equal
        default: return !less
        }
    }

    /// Linear mix of numbers, colours or arrays of numbers; other values step at the end.
    static func mix(_ a: StyleValue, _ b: StyleValue, _ t: Double) -> StyleValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.color(x), .color(y)):
            return .color(
                StyleColor(
                    r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t,
                    a: x.a + (y.a - x.a) * t))
        default: return t < 1 ? a : b
        }
    }
}

extension StyleExpression: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .literal(v): return v.description
        case let .get(k): return "get(\(k))"
        case let .has(k): return "has(\(k))"
        case .zoom: return "zoom"
        case let .interpolate(base, input, stops):
            return "interpolate(\(base),\(input),\(stops.map { "\($0.0):\($0.1)" }))"
        case let .step(input, first, stops): return "step(\(input),\(first),\(stops.map { "\($0.0):\($0.1)" }))"
        case let .match(input, cases, fallback): return "match(\(input),\(cases.map { "\($0.0):\($0.1)" }),\(fallback))"
        case let .caseOf(branches, fallback): return "case(\(branches.map { "\($0.0):\($0.1)" }),\(fallback))"
        case let .coalesce(l): return "coalesce(\(l))"
        case let .compare(op, a, b): return "\(op)(\(a),\(b))"
        case let .all(l): return "all(\(l))"
        case let .any(l): return "any(\(l))"
        case let .not(e): return "!(\(e))"
        case let .inList(e, l): return "in(\(e),\(l))"
        case let .toNumber(l): return "to-number(\(l))"
        case let .toString(e): return "to-string(\(e))"
        case let .concat(l): return "concat(\(l))"
        case let .arithmetic(op, l): return "\(op)(\(l))"
        }
    }
}
