/// A compiled expression's tree: hashable values, operators as an enum, stops, arms and
/// branches as structs (so prepared layers can key on expressions directly).
indirect enum ExprNode: Hashable, Sendable {
    case literal(StyleValue)
    /// An operator of fixed meaning applied to its arguments (``ExprOperator``).
    case call(ExprOperator, [ExprNode])
    /// `number`, `string`, `boolean`, `object`, `array`: the first argument of the type, else an error.
    case assertion(ExpressionType, [ExprNode])
    /// `to-number`, `to-color`, `to-string`, `to-boolean`, and the coercions a property's type
    /// implies (a string where a colour is expected).
    case coercion(ExpressionType, [ExprNode])
    case match(input: ExprNode, arms: [Arm], otherwise: ExprNode)
    case branches([Branch], otherwise: ExprNode)
    case step(input: ExprNode, first: ExprNode, stops: [Stop])
    case interpolate(Interpolation, space: ColorSpace, input: ExprNode, stops: [Stop])
    case binding(names: [String], values: [ExprNode], body: ExprNode)
    case variable(String)
    /// A test of the legacy filter syntax (``LegacyFilter``): it reads the feature.
    case legacy(LegacyTest)
    /// The GeoJSON `distance` measures to, read and indexed once (``Distance/Targets``).
    case targets(Distance.Targets)

    struct Stop: Hashable, Sendable {
        let input: Double
        let output: ExprNode
    }
    struct Arm: Hashable, Sendable {
        let labels: [StyleValue]
        let output: ExprNode
    }
    struct Branch: Hashable, Sendable {
        let condition: ExprNode
        let output: ExprNode
    }
    enum Interpolation: Hashable, Sendable {
        case linear
        case exponential(base: Double)
        case cubicBezier(Double, Double, Double, Double)
    }
    enum ColorSpace: Hashable, Sendable { case rgb, hcl, lab }

    /// Every direct child.
    var children: [ExprNode] {
        switch self {
        case .literal, .variable, .legacy, .targets: []
        case let .call(_, args), let .assertion(_, args), let .coercion(_, args): args
        case let .match(input, arms, otherwise): [input] + arms.map(\.output) + [otherwise]
        case let .branches(list, otherwise): list.flatMap { [$0.condition, $0.output] } + [otherwise]
        case let .step(input, first, stops): [input, first] + stops.map(\.output)
        case let .interpolate(_, _, input, stops): [input] + stops.map(\.output)
        case let .binding(_, values, body): values + [body]
        }
    }

    /// Whether anything in the tree reads one of these operators.
    func uses(_ ops: Set<ExprOperator>) -> Bool {
        // `get` and `has` of an object given to them read that object, not the feature.
        if case let .call(op, args) = self, ops.contains(op), !((op == .get || op == .has) && args.count == 2) {
            return true
        }
        if case .legacy = self { return !ops.isDisjoint(with: ExprOperator.featureData) }
        return children.contains { $0.uses(ops) }
    }

    /// Whether the tree reads a variable bound outside it.
    func usesVariables(bound: Set<String> = []) -> Bool {
        switch self {
        case let .variable(name): return !bound.contains(name)
        case let .binding(names, values, body):
            return values.contains { $0.usesVariables(bound: bound) } || body.usesVariables(bound: bound.union(names))
        default: return children.contains { $0.usesVariables(bound: bound) }
        }
    }
}
