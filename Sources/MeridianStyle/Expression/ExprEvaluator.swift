import Foundation

/// Evaluates compiled nodes for one context, as MapLibre's evaluator does (JavaScript's
/// arithmetic: a division by zero is infinite, not an error).
struct ExprEvaluator {
    let context: ExpressionContext
    var variables: [String: StyleValue] = [:]

    typealias Failure = ExpressionRuntimeError

    func evaluate(_ node: ExprNode) throws(Failure) -> StyleValue {
        switch node {
        case let .literal(v): return v
        case let .variable(name): return variables[name] ?? .null
        case let .binding(names, values, body):
            var inner = self
            for (name, value) in zip(names, values) { inner.variables[name] = try inner.evaluate(value) }
            return try inner.evaluate(body)
        case let .assertion(type, args): return try assert(type, args)
        case let .coercion(type, args): return try coerce(type, args)
        case let .match(input, arms, otherwise):
            let v = try evaluate(input)
            return try evaluate(arms.first { $0.labels.contains(v) }?.output ?? otherwise)
        case let .branches(list, otherwise):
            for b in list where try evaluate(b.condition) == .bool(true) { return try evaluate(b.output) }
            return try evaluate(otherwise)
        case let .step(input, first, stops):
            let x = try self.input(input)
            return try evaluate(stops.last { $0.input <= x }?.output ?? first)
        case let .interpolate(kind, space, input, stops):
            return try interpolate(kind, space, x: try self.input(input), stops)
        case let .call(op, args): return try call(op, args)
        case let .legacy(test): return .bool(test.holds(in: context))
        case let .targets(targets): return targets.geometries
        }
    }

    func number(_ node: ExprNode) throws(Failure) -> Double {
        let v = try evaluate(node)
        guard let n = v.number else {
            throw Failure("Expected value to be of type number, but found \(ExprValues.typeName(v)) instead.")
        }
        return n
    }

    /// The input of `step` or `interpolate`: a number that is not NaN (a data-driven `0 / 0`
    /// is a runtime error, as in MapLibre, so the property falls back to its default).
    func input(_ node: ExprNode) throws(Failure) -> Double {
        let x = try number(node)
        guard !x.isNaN else { throw Failure("Input is not a number.") }
        return x
    }

    func string(_ node: ExprNode) throws(Failure) -> String {
        let v = try evaluate(node)
        guard let s = v.string else {
            throw Failure("Expected value to be of type string, but found \(ExprValues.typeName(v)) instead.")
        }
        return s
    }

    func assert(_ type: ExpressionType, _ args: [ExprNode]) throws(Failure) -> StyleValue {
        var last = StyleValue.null
        for a in args {
            last = try evaluate(a)
            if type.accepts(ExpressionType.of(last)) { return last }
            if case let .array(element, length) = type, case let .array(items) = last,
                length == nil || length == items.count,
                items.allSatisfy({ element.accepts(ExpressionType.of($0)) })
            {
                return last
            }
        }
        throw Failure("Expected value to be of type \(type), but found \(ExprValues.typeName(last)) instead.")
    }

    func coerce(_ type: ExpressionType, _ args: [ExprNode]) throws(Failure) -> StyleValue {
        switch type {
        case .boolean: return .bool(ExprValues.truthy(try evaluate(args[0])))
        case .string: return .string(ExprValues.string(try evaluate(args[0])))
        case .formatted:
            let v = try evaluate(args[0])
            if case let .object(o) = v, o["sections"] != nil { return v }
            return .object(["sections": .array([Self.section(ExprValues.string(v))])])
        case .resolvedImage:
            let v = try evaluate(args[0])
            if case let .object(o) = v, o["name"] != nil { return v }
            return Self.image(ExprValues.string(v), available: context.availableImages)
        case .number:
            var last = StyleValue.null
            for a in args {
                last = try evaluate(a)
                switch last {
                case .null: return .number(0)
                case let .bool(b): return .number(b ? 1 : 0)
                case let .number(n): return .number(n)
                case let .string(s): if let n = ExprValues.number(in: s) { return .number(n) }
                default: break
                }
            }
            throw Failure("Could not convert \(ExprValues.json(last)) to number.")
        case .color:
            var last = StyleValue.null
            for a in args {
                last = try evaluate(a)
                if let c = ExprValues.color(last) { return .color(c) }
            }
            let shown = last.string ?? ExprValues.json(last)
            throw Failure("Could not parse color from value '\(shown)'")
        case .padding:
            let v = try evaluate(args[0])
            // One number for every side, or 1 to 4 numbers in CSS order.
            let items: [StyleValue] = if case let .array(list) = v { list } else { [v] }
            let n = items.compactMap(\.number)
            guard (1...4).contains(n.count), n.count == items.count else {
                throw Failure("Could not parse padding from value '\(ExprValues.json(v))'")
            }
            let count = n.count
            let full = [n[0], n[count > 1 ? 1 : 0], n[count > 2 ? 2 : 0], n[count > 3 ? 3 : (count > 1 ? 1 : 0)]]
            return .array(full.map(StyleValue.number))
        case .numberArray:
            let v = try evaluate(args[0])
            if v.number != nil { return .array([v]) }
            guard case let .array(items) = v, items.allSatisfy({ $0.number != nil }) else {
                throw Failure("Could not parse numberArray from value '\(ExprValues.json(v))'")
            }
            return v
        case .colorArray:
            let v = try evaluate(args[0])
            if let c = v.string.flatMap(StyleColor.init(css:)) { return .array([.color(c)]) }
            if case .color = v { return .array([v]) }
            guard case let .array(items) = v else {
                throw Failure("Could not parse colorArray from value '\(ExprValues.json(v))'")
            }
            var colors: [StyleValue] = []
            for item in items {
                guard let c = ExprValues.color(item), item.number == nil else {
                    throw Failure("Could not parse colorArray from value '\(ExprValues.json(v))'")
                }
                colors.append(.color(c))
            }
            return .array(colors)
        default: return try evaluate(args[0])
        }
    }
}
