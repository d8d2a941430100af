/// `interpolate` (linear, exponential, cubic-bezier; in RGB, HCL or Lab), comparisons and the
/// lookups of arrays and strings.
extension ExprCompiler {
    func interpolate(
        _ op: String, _ args: [StyleValue], expected: ExpressionType?, key: String
    ) throws(Failure) -> Typed {
        guard case let .array(kind)? = args.first, let name = kind.first?.string else {
            throw fail(key + "[1]", "Expected an interpolation type expression.")
        }
        let interpolation: ExprNode.Interpolation
        switch name {
        case "linear": interpolation = .linear
        case "exponential":
            guard kind.count == 2, let base = kind[1].number else {
                throw fail(key + "[1]", "Exponential interpolation requires a numeric base.")
            }
            interpolation = .exponential(base: base)
        case "cubic-bezier":
            let c = kind.dropFirst().compactMap(\.number)
            guard kind.count == 5, c.count == 4, c.allSatisfy({ (0...1).contains($0) }) else {
                throw fail(
                    key + "[1]",
                    "Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.")
            }
            interpolation = .cubicBezier(c[0], c[1], c[2], c[3])
        default: throw fail(key + "[1][0]", "Unknown interpolation type \(name)")
        }
        guard args.count >= 4 else { throw fail(key, "Expected at least 4 arguments, but found only \(args.count).") }
        guard args.count % 2 == 0 else { throw fail(key, "Expected an even number of arguments.") }
        let input = try parse(args[1], expected: .number, key: key + "[2]")
        let space: ExprNode.ColorSpace = op == "interpolate-hcl" ? .hcl : op == "interpolate-lab" ? .lab : .rgb
        var output: ExpressionType? = space == .rgb ? outputType(expected) : .color
        let list = try stops(args, from: 2, op: op, output: &output, key: key)
        let type = output ?? .value
        let interpolatable: Bool =
            switch type {
            case .number, .color, .padding, .numberArray, .colorArray, .variableAnchorOffsetCollection: true
            case .array(.number, let n): n != nil
            default: false
            }
        guard interpolatable else { throw fail(key, "Type \(type) is not interpolatable.") }
        return Typed(node: .interpolate(interpolation, space: space, input: input.node, stops: list), type: type)
    }

    func comparison(_ op: String, _ args: [StyleValue], key: String) throws(Failure) -> Typed {
        guard args.count == 2 || args.count == 3 else { throw fail(key, "Expected two or three arguments.") }
        let equality = op == "==" || op == "!="
        let lhs = try parse(args[0], expected: .value, key: key + "[1]")
        let rhs = try parse(args[1], expected: .value, key: key + "[2]")
        let comparable: Set<ExpressionType> =
            equality ? [.string, .number, .boolean, .null, .value] : [.string, .number, .value]
        for (side, t) in [(1, lhs.type), (2, rhs.type)] where !comparable.contains(t) {
            throw fail(key + "[\(side)]", #""\#(op)" comparisons are not supported for type '\#(t)'."#)
        }
        if lhs.type != rhs.type, lhs.type != .value, rhs.type != .value {
            throw fail(key, "Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        let known = ExprOperator(rawValue: op)!
        var nodes = [lhs.node, rhs.node]
        if args.count == 3 {
            guard lhs.type == .string || lhs.type == .value, rhs.type == .string || rhs.type == .value else {
                throw fail(key, "Cannot use collator to compare non-string types.")
            }
            nodes.append(try parse(args[2], expected: .collator, key: key + "[3]").node)
        }
        return Typed(node: .call(known, nodes), type: .boolean)
    }

    func lookup(_ op: String, _ args: [StyleValue], key: String) throws(Failure) -> Typed {
        func arity(_ range: ClosedRange<Int>) throws(Failure) {
            guard range.contains(args.count) else {
                let wanted = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) or \(range.upperBound)"
                throw fail(key, "Expected \(wanted) arguments, but found \(args.count) instead.")
            }
        }
        switch op {
        case "at":
            try arity(2...2)
            let index = try parse(args[0], expected: .number, key: key + "[1]")
            let array = try parse(args[1], expected: .array(.value, length: nil), key: key + "[2]")
            guard case let .array(element, _) = array.type else { throw fail(key + "[2]", "Expected an array.") }
            return Typed(node: .call(.at, [index.node, array.node]), type: element)
        case "in", "index-of":
            try arity(op == "in" ? 2...2 : 2...3)
            let needle = try parse(args[0], expected: .value, key: key + "[1]")
            guard [.boolean, .string, .number, .null, .value].contains(needle.type) else {
                throw fail(
                    key,
                    "Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead"
                )
            }
            let haystack = try parse(args[1], expected: .value, key: key + "[2]")
            guard
                haystack.type == .string || haystack.type == .value
                    || { if case .array = haystack.type { true } else { false } }()
            else {
                throw fail(
                    key, "Expected second argument to be of type array or string, but found \(haystack.type) instead")
            }
            var nodes = [needle.node, haystack.node]
            if args.count == 3 { nodes.append(try parse(args[2], expected: .number, key: key + "[3]").node) }
            return Typed(node: .call(op == "in" ? .inList : .indexOf, nodes), type: op == "in" ? .boolean : .number)
        case "slice":
            try arity(2...3)
            let input = try parse(args[0], expected: .value, key: key + "[1]")
            var type = input.type
            switch input.type {
            case .string, .value: break
            case let .array(element, _): type = .array(element, length: nil)
            default:
                throw fail(
                    key, "Expected first argument to be of type array or string, but found \(input.type) instead")
            }
            var nodes = [input.node]
            for i in 1..<args.count {
                nodes.append(try parse(args[i], expected: .number, key: key + "[\(i + 1)]").node)
            }
            return Typed(node: .call(.slice, nodes), type: type)
        default:
            try arity(1...1)
            let input = try parse(args[0], expected: nil, key: key + "[1]")
            switch input.type {
            case .string, .value, .array: break
            default:
                throw fail(key + "[1]", "Expected argument of type string or array, but found \(input.type) instead.")
            }
            return Typed(node: .call(.length, [input.node]), type: .number)
        }
    }
}
