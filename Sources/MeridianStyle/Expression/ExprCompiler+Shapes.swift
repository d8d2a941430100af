/// The operators that shape their own arguments: assertions of arrays, bindings, decisions,
/// ramps, comparisons and lookups.
extension ExprCompiler {
    /// `["array", value…]`, `["array", type, value…]`, `["array", type, length, value…]`: the
    /// first value that is an array of that type (and length).
    func arrayAssertion(_ args: [StyleValue], key: String) throws(Failure) -> Typed {
        guard !args.isEmpty else { throw fail(key, "Expected at least one argument.") }
        var element = ExpressionType.value
        var length: Int?
        var first = 0
        if args.count > 1 {
            switch args[0].string {
            case "string": element = .string
            case "number": element = .number
            case "boolean": element = .boolean
            default:
                throw fail(key + "[1]", "The item type argument of \"array\" must be one of string, number, boolean")
            }
            first = 1
        }
        if args.count > 2 {
            if let n = args[1].number, n >= 0, n == n.rounded(), n <= Double(StyleExpression.maxNodes) {
                length = Int(n)
            } else if args[1] != .null {
                throw fail(key + "[2]", "The length argument to \"array\" must be a positive integer literal")
            }
            first = 2
        }
        let type = ExpressionType.array(element, length: length)
        var values: [ExprNode] = []
        for i in first..<args.count {
            values.append(try parse(args[i], expected: .value, key: key + "[\(i + 1)]").node)
        }
        return Typed(node: .assertion(type, values), type: type)
    }

    func binding(_ args: [StyleValue], expected: ExpressionType?, key: String) throws(Failure) -> Typed {
        guard args.count >= 3, args.count % 2 == 1 else {
            throw fail(key, "Expected at least 3 arguments, but found \(args.count) instead.")
        }
        var inner = self
        var names: [String] = []
        var values: [ExprNode] = []
        for i in stride(from: 0, to: args.count - 1, by: 2) {
            guard let name = args[i].string else {
                throw fail(key + "[\(i + 1)]", "Expected string, but found \(ExprValues.typeName(args[i])) instead.")
            }
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw fail(key + "[\(i + 1)]", "Variable names must contain only alphanumeric characters or '_'.")
            }
            let value = try parse(args[i + 1], expected: nil, key: key + "[\(i + 2)]")
            names.append(name)
            values.append(value.node)
            inner.scope[name] = value.type
        }
        let body = try inner.parse(args[args.count - 1], expected: expected, key: key + "[\(args.count)]")
        return Typed(node: .binding(names: names, values: values, body: body.node), type: body.type)
    }

    /// The type outputs are parsed against: the wanted one unless it is `value`.
    func outputType(_ expected: ExpressionType?) -> ExpressionType? { expected == .value ? nil : expected }

    func match(_ args: [StyleValue], expected: ExpressionType?, key: String) throws(Failure) -> Typed {
        guard args.count >= 4 else { throw fail(key, "Expected at least 4 arguments, but found only \(args.count).") }
        guard args.count % 2 == 0 else { throw fail(key, "Expected an even number of arguments.") }
        var output = outputType(expected)
        var inputType: ExpressionType?
        var arms: [ExprNode.Arm] = []
        var seen: Set<StyleValue> = []
        for i in stride(from: 1, to: args.count - 1, by: 2) {
            var labels: [StyleValue] = if case let .array(l) = args[i] { l } else { [args[i]] }
            if case .array = args[i], labels.isEmpty {
                throw fail(key + "[\(i + 1)]", "Expected at least one branch label.")
            }
            for (j, label) in labels.enumerated() {
                let at =
                    key + "[\(i + 1)]"
                    + (labels.count > 1 || args[i].string == nil && args[i].number == nil ? "[\(j)]" : "")
                let type: ExpressionType
                switch label {
                case let .number(n):
                    guard n == n.rounded(), abs(n) <= 9_007_199_254_740_991 else {
                        throw fail(at, "Numeric branch labels must be integer values.")
                    }
                    type = .number
                case .string: type = .string
                default: throw fail(at, "Branch labels must be numbers or strings.")
                }
                if let inputType, inputType != type {
                    throw fail(at, "Expected \(inputType) but found \(type) instead.")
                }
                inputType = type
                guard seen.insert(label).inserted else { throw fail(at, "Branch labels must be unique.") }
            }
            labels = labels.map { $0 }
            let out = try parse(args[i + 1], expected: output, key: key + "[\(i + 2)]")
            output = output ?? out.type
            arms.append(ExprNode.Arm(labels: labels, output: out.node))
        }
        let input = try parse(args[0], expected: .value, key: key + "[1]")
        if input.type != .value, let inputType, input.type != inputType {
            throw fail(key + "[1]", "Expected \(inputType) but found \(input.type) instead.")
        }
        let otherwise = try parse(args[args.count - 1], expected: output, key: key + "[\(args.count)]")
        return Typed(
            node: .match(input: input.node, arms: arms, otherwise: otherwise.node), type: output ?? otherwise.type)
    }

    func branches(_ args: [StyleValue], expected: ExpressionType?, key: String) throws(Failure) -> Typed {
        guard args.count >= 3 else { throw fail(key, "Expected at least 3 arguments, but found only \(args.count).") }
        guard args.count % 2 == 1 else { throw fail(key, "Expected an odd number of arguments.") }
        var output = outputType(expected)
        var list: [ExprNode.Branch] = []
        for i in stride(from: 0, to: args.count - 1, by: 2) {
            let condition = try parse(args[i], expected: .boolean, key: key + "[\(i + 1)]")
            let out = try parse(args[i + 1], expected: output, key: key + "[\(i + 2)]")
            output = output ?? out.type
            list.append(ExprNode.Branch(condition: condition.node, output: out.node))
        }
        let otherwise = try parse(args[args.count - 1], expected: output, key: key + "[\(args.count)]")
        return Typed(node: .branches(list, otherwise: otherwise.node), type: output ?? otherwise.type)
    }

    func coalesce(_ args: [StyleValue], expected: ExpressionType?, key: String) throws(Failure) -> Typed {
        guard !args.isEmpty else { throw fail(key, "Expected at least one argument.") }
        var output = outputType(expected)
        var parsed: [Typed] = []
        for (i, a) in args.enumerated() {
            let p = try parse(a, expected: nil, key: key + "[\(i + 1)]")
            // As the annotation it would get, without it: a string may stand for a colour, formatted
            // text or an image, a number or an array for a padding (converted once the whole is), a
            // value for anything.
            let coercible =
                [.color, .formatted, .resolvedImage].contains(output) && p.type == .string
                || output == .padding && (p.type == .number || { if case .array = p.type { true } else { false } }())
            if let output, !output.accepts(p.type), p.type != .value, !coercible {
                throw fail(key + "[\(i + 1)]", "Expected \(output) but found \(p.type) instead.")
            }
            output = output ?? p.type
            parsed.append(p)
        }
        // One that is not of the type itself (a value, a string for a colour): the whole is a
        // value, asserted or converted outside.
        let type =
            parsed.contains { !(output ?? .value).accepts($0.type) } ? ExpressionType.value : output ?? .value
        return Typed(node: .call(.coalesce, parsed.map(\.node)), type: type)
    }

    /// Stops after `start`: strictly ascending numeric inputs and their outputs.
    func stops(
        _ args: [StyleValue], from start: Int, op: String, output: inout ExpressionType?, key: String
    ) throws(Failure) -> [ExprNode.Stop] {
        var out: [ExprNode.Stop] = []
        for i in stride(from: start, to: args.count, by: 2) {
            guard let x = args[i].number else {
                throw fail(
                    key + "[\(i + 1)]",
                    #"Input/output pairs for "\#(op)" expressions must be defined using literal numeric values (not computed expressions) for the input values."#
                )
            }
            if let last = out.last, x <= last.input {
                throw fail(
                    key + "[\(i + 1)]",
                    #"Input/output pairs for "\#(op)" expressions must be arranged with input values in strictly ascending order."#
                )
            }
            let value = try parse(args[i + 1], expected: output, key: key + "[\(i + 2)]")
            output = output ?? value.type
            out.append(ExprNode.Stop(input: x, output: value.node))
        }
        return out
    }

    func step(_ args: [StyleValue], expected: ExpressionType?, key: String) throws(Failure) -> Typed {
        guard args.count >= 2 else { throw fail(key, "Expected at least 4 arguments, but found only \(args.count).") }
        guard args.count % 2 == 0 else { throw fail(key, "Expected an even number of arguments.") }
        let input = try parse(args[0], expected: .number, key: key + "[1]")
        var output = outputType(expected)
        let first = try parse(args[1], expected: output, key: key + "[2]")
        output = output ?? first.type
        let list = try stops(args, from: 2, op: "step", output: &output, key: key)
        return Typed(node: .step(input: input.node, first: first.node, stops: list), type: output ?? first.type)
    }
}
