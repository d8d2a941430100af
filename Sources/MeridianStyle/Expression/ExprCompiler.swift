/// A node and the type it produces.
struct Typed: Hashable, Sendable {
    let node: ExprNode
    let type: ExpressionType
}

/// Why an expression does not compile, and where (`[1][2]`: the argument path from the root).
public struct ExpressionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let message: String
    public var description: String { key.isEmpty ? message : "\(key): \(message)" }
}

/// Compiles JSON into typed ``ExprNode``s as the specification rules: each operator's arity and
/// argument types, the annotations a property's type implies (an assertion where a `value` stands
/// for a number, a coercion where a string stands for a colour), and constant folding (a
/// constant part is evaluated now; its runtime error is a compile error, as in MapLibre).
struct ExprCompiler {
    /// Variables in scope (`let`), with their types.
    var scope: [String: ExpressionType] = [:]

    typealias Failure = ExpressionParseError

    func fail(_ key: String, _ message: String) -> Failure { Failure(key: key, message: message) }

    /// Parses `v` where `expected` is wanted (nil: anything). `coerceString`: a `value` where a
    /// string is wanted is converted to text rather than asserted (a string property's top level).
    func parse(
        _ v: StyleValue, expected: ExpressionType?, key: String, coerceString: Bool = false
    ) throws(Failure) -> Typed {
        var parsed: Typed
        switch v {
        case let .array(items):
            guard let first = items.first else {
                throw fail(
                    key,
                    #"Expected an array with at least one element. If you wanted a literal array, use ["literal", []]."#
                )
            }
            guard let op = first.string else {
                throw fail(
                    key + "[0]",
                    #"Expression name must be a string, but found \#(ExprValues.typeName(first)) instead. If you wanted a literal array, use ["literal", [...]]."#
                )
            }
            parsed = try parseOperator(op, Array(items.dropFirst()), expected: expected, key: key)
        case .object:
            throw fail(key, #"Bare objects invalid. Use ["literal", {...}] instead."#)
        default:
            parsed = Typed(node: .literal(v), type: ExpressionType.of(v))
        }
        if coerceString, expected == .string, parsed.type == .value {
            parsed = Typed(node: .coercion(.string, [parsed.node]), type: .string)
        } else if let expected {
            parsed = try annotate(parsed, expected: expected, key: key)
        }
        return try fold(parsed, key: key)
    }

    /// The assertion or coercion a wanted type implies, or an error when the types do not fit.
    func annotate(_ t: Typed, expected: ExpressionType, key: String) throws(Failure) -> Typed {
        switch expected {
        case .string, .number, .boolean, .object, .array:
            if t.type == .value { return Typed(node: .assertion(expected, [t.node]), type: expected) }
        case .color, .formatted, .resolvedImage:
            if t.type == .value || t.type == .string {
                return Typed(node: .coercion(expected, [t.node]), type: expected)
            }
        case .padding, .numberArray:
            if t.type == .value || t.type == .number || ExpressionType.array(.number, length: nil).accepts(t.type) {
                return Typed(node: .coercion(expected, [t.node]), type: expected)
            }
        case .colorArray:
            if t.type == .value || t.type == .string || t.type == .color
                || {
                    if case .array = t.type { true } else { false }
                }()
            {
                return Typed(node: .coercion(expected, [t.node]), type: expected)
            }
        case .variableAnchorOffsetCollection:
            if t.type == .value || { if case .array = t.type { true } else { false } }() {
                return Typed(node: .coercion(expected, [t.node]), type: expected)
            }
        default: break
        }
        guard expected.accepts(t.type) else { throw fail(key, "Expected \(expected) but found \(t.type) instead.") }
        return t
    }

    /// A part that reads nothing of the feature, the globals or a variable, evaluated now.
    func fold(_ t: Typed, key: String) throws(Failure) -> Typed {
        if case .literal = t.node { return t }
        guard !t.node.uses(ExprOperator.runtime), !t.node.usesVariables() else { return t }
        if t.type == .resolvedImage || t.type == .collator || t.type == .formatted { return t }
        do {
            let value = try ExprEvaluator(context: ExpressionContext()).evaluate(t.node)
            return Typed(node: .literal(value), type: t.type)
        } catch {
            throw fail(key, error.message)
        }
    }

    /// Every argument parsed with one wanted type.
    func arguments(_ args: [StyleValue], expected: ExpressionType?, key: String) throws(Failure) -> [Typed] {
        var out: [Typed] = []
        for (i, a) in args.enumerated() { out.append(try parse(a, expected: expected, key: key + "[\(i + 1)]")) }
        return out
    }

    func parseOperator(
        _ op: String, _ args: [StyleValue], expected: ExpressionType?, key: String
    ) throws(Failure) -> Typed {
        switch op {
        case "literal":
            guard args.count == 1 else {
                throw fail(key, "'literal' expression requires exactly one argument, but found \(args.count) instead.")
            }
            var type = ExpressionType.of(args[0])
            if case .array(_, 0) = type, let expected, case .array = expected { type = expected }
            return Typed(node: .literal(args[0]), type: type)
        case "number", "string", "boolean", "object":
            guard !args.isEmpty else { throw fail(key, "Expected at least one argument.") }
            let type: ExpressionType =
                op == "number" ? .number : op == "string" ? .string : op == "boolean" ? .boolean : .object
            return Typed(
                node: .assertion(type, try arguments(args, expected: .value, key: key).map(\.node)), type: type)
        case "array": return try arrayAssertion(args, key: key)
        case "to-number", "to-color", "to-string", "to-boolean":
            let single = op == "to-string" || op == "to-boolean"
            guard single ? args.count == 1 : !args.isEmpty else {
                throw fail(key, single ? "Expected one argument." : "Expected at least one argument.")
            }
            let type: ExpressionType =
                op == "to-number" ? .number : op == "to-color" ? .color : op == "to-string" ? .string : .boolean
            return Typed(node: .coercion(type, try arguments(args, expected: .value, key: key).map(\.node)), type: type)
        case "within":
            let polygons = try geoJSON(op, args, key: key, read: Within.polygons)
            return Typed(node: .call(.within, [.literal(polygons)]), type: .boolean)
        case "distance":
            let geometries = try geoJSON(op, args, key: key, read: Distance.geometries)
            return Typed(node: .call(.distance, [.targets(Distance.Targets(geometries))]), type: .number)
        case "collator": return try collator(args, key: key)
        case "format": return try format(args, key: key)
        case "number-format": return try numberFormat(args, key: key)
        case "global-state":
            guard args.count == 1, args[0].string != nil else {
                let found = args.first.map(ExprValues.typeName) ?? "nothing"
                throw fail(key, "Global state property must be string, but found \(found) instead.")
            }
            return try call(.globalState, args, key: key)
        case "semiliteral":
            guard args.count == 1 else {
                throw fail(
                    key, "'semiliteral' expression requires exactly one argument, but found \(args.count) instead.")
            }
            guard case let .array(items) = args[0] else {
                return Typed(node: .literal(args[0]), type: ExpressionType.of(args[0]))
            }
            var parsed: [Typed] = []
            for (i, item) in items.enumerated() {
                parsed.append(
                    item.isArrayValue
                        ? try parse(item, expected: nil, key: key + "[1][\(i)]")
                        : Typed(node: .literal(item), type: ExpressionType.of(item)))
            }
            let types = Set(parsed.map(\.type))
            let element = types.count == 1 ? types.first! : .value
            return Typed(node: .call(.semiliteral, parsed.map(\.node)), type: .array(element, length: items.count))
        case "var":
            guard args.count == 1, let name = args[0].string else {
                throw fail(key, "'var' expression requires exactly one string literal argument.")
            }
            guard let type = scope[name] else {
                throw fail(
                    key + "[1]",
                    #"Unknown variable "\#(name)". Make sure "\#(name)" has been bound in an enclosing "let" expression before using it."#
                )
            }
            return Typed(node: .variable(name), type: type)
        case "let": return try binding(args, expected: expected, key: key)
        case "match": return try match(args, expected: expected, key: key)
        case "case": return try branches(args, expected: expected, key: key)
        case "step": return try step(args, expected: expected, key: key)
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            return try interpolate(op, args, expected: expected, key: key)
        case "coalesce": return try coalesce(args, expected: expected, key: key)
        case "==", "!=", "<", "<=", ">", ">=": return try comparison(op, args, key: key)
        case "in", "index-of", "slice", "at", "length": return try lookup(op, args, key: key)
        default:
            guard let known = ExprOperator(rawValue: op) else {
                throw fail(
                    key + "[0]",
                    #"Unknown expression "\#(op)". If you wanted a literal array, use ["literal", [...]]."#)
            }
            return try call(known, args, key: key)
        }
    }

    /// The one GeoJSON argument of `within` or `distance`, read by `read` (nil: not usable).
    func geoJSON(
        _ op: String, _ args: [StyleValue], key: String, read: (StyleValue) -> StyleValue?
    ) throws(Failure) -> StyleValue {
        guard args.count == 1 else {
            throw fail(key, "'\(op)' expression requires exactly one argument, but found \(args.count) instead.")
        }
        guard let value = read(args[0]) else {
            throw fail(key, "'\(op)' expression requires valid geojson object that contains polygon geometry type.")
        }
        return value
    }

    /// An operator with fixed signatures: the overload whose arity fits, its arguments parsed
    /// with its parameter types.
    func call(_ op: ExprOperator, _ args: [StyleValue], key: String) throws(Failure) -> Typed {
        let fitting = op.signatures.filter { s in
            s.variadic ? args.count >= s.params.count - 1 : args.count == s.params.count
        }
        guard let signature = fitting.first ?? op.signatures.first else {
            throw fail(key, "\"\(op.rawValue)\" is not supported yet.")
        }
        guard !fitting.isEmpty else {
            let counts = op.signatures.map { "\($0.params.count)" }.joined(separator: " or ")
            throw fail(key, "Expected \(counts) arguments, but found \(args.count) instead.")
        }
        var parsed: [ExprNode] = []
        for (i, a) in args.enumerated() {
            let want = i < signature.params.count ? signature.params[i] : signature.params[signature.params.count - 1]
            parsed.append(try parse(a, expected: want, key: key + "[\(i + 1)]").node)
        }
        return Typed(node: .call(op, parsed), type: signature.result)
    }
}
