/// An expression of the style specification, compiled against the type a property expects
/// and evaluated for a feature and globals: the public form of the whole language, in the
/// shape of MapLibre's expression tests.
///
/// ```swift
/// let width = try CompiledExpression.compile(json, expecting: .number)
/// let value = try width.evaluate(ExpressionContext(zoom: 14, properties: ["class": .string("primary")]))
/// ```
public struct CompiledExpression: Hashable, Sendable {
    /// The type the expression produces.
    public let type: ExpressionType
    /// Whether it reads nothing of the feature (`get`, `geometry-type`, `feature-state`…).
    public let isFeatureConstant: Bool
    /// Whether it does not read the zoom.
    public let isZoomConstant: Bool
    let node: ExprNode

    /// Compiles `json` where `expecting` is wanted (nil: any type), for a property whose
    /// expressions may read `inputs` (`zoom` only as the input of a top-level `step` or
    /// `interpolate`, as the specification rules; `interpolated` false refuses `interpolate`).
    /// - Throws: ``ExpressionParseError`` naming the argument path and the problem.
    public static func compile(
        _ json: StyleValue, expecting: ExpressionType? = nil, inputs: StyleProperty.Inputs = [.zoom, .feature],
        interpolated: Bool = true
    ) throws(ExpressionParseError) -> CompiledExpression {
        try checkSize(json)
        // A string property coerces at the top (a number where text is wanted is its text), as MapLibre.
        let parsed = try ExprCompiler().parse(json, expected: expecting, key: "", coerceString: true)
        let readsFeature = parsed.node.uses(ExprOperator.featureData)
        let readsZoom = parsed.node.uses(ExprOperator.zoomData)
        if readsFeature, !inputs.contains(.feature) {
            throw ExpressionParseError(key: "", message: "data expressions not supported")
        }
        if readsZoom {
            guard inputs.contains(.zoom) else {
                throw ExpressionParseError(key: "", message: "zoom expressions not supported")
            }
            try ZoomCurve.check(parsed.node, interpolated: interpolated)
        }
        return CompiledExpression(
            type: parsed.type, isFeatureConstant: !readsFeature, isZoomConstant: !readsZoom, node: parsed.node)
    }

    /// Compiles a layer's `filter` as MapLibre does: the legacy syntax converted
    /// (`["==", "$type", "Polygon"]`, `["!in", "class", …]`; see the specification's "Other
    /// filter" section), an expression typed boolean with `zoom` allowed anywhere in it.
    /// - Throws: ``ExpressionParseError`` naming the argument path and the problem.
    public static func filter(_ json: StyleValue) throws(ExpressionParseError) -> CompiledExpression {
        try checkSize(json)
        let node: ExprNode =
            LegacyFilter.isExpression(json)
            ? try ExprCompiler().parse(json, expected: .boolean, key: "").node : try LegacyFilter.convert(json)
        return CompiledExpression(
            type: .boolean, isFeatureConstant: !node.uses(ExprOperator.featureData),
            isZoomConstant: !node.uses(ExprOperator.zoomData), node: node)
    }

    /// Refuses a document too deep or too large to compile (``StyleExpression/maxDepth``,
    /// ``StyleExpression/maxNodes``).
    static func checkSize(_ json: StyleValue) throws(ExpressionParseError) {
        var budget = StyleExpression.maxNodes
        do { try StyleExpression.checkSize(json, depth: 0, budget: &budget) } catch {
            throw ExpressionParseError(key: "", message: error.problem)
        }
    }

    /// Whether it is a `step` at the top (under the coercion a property's type implies): MapLibre
    /// reads a `line-gradient` of steps at its nearest entry, at a finer resolution.
    public var isStep: Bool {
        var top = node
        while case let .coercion(_, args) = top, args.count == 1 { top = args[0] }
        if case .step = top { return true }
        return false
    }

    /// The value for a context, or the runtime error (MapLibre then draws the property's default).
    public func evaluate(
        _ context: ExpressionContext = ExpressionContext()
    ) throws(ExpressionRuntimeError) -> StyleValue {
        try ExprEvaluator(context: context).evaluate(node)
    }
}

/// The rule for `zoom`: only as the input of one `step` or `interpolate` at the top (under
/// `let` and `coalesce` too).
enum ZoomCurve {
    static let message =
        #""zoom" expression may only be used as input to a top-level "step" or "interpolate" expression."#

    static func check(_ node: ExprNode, interpolated: Bool) throws(ExpressionParseError) {
        switch node {
        case let .step(input, first, stops) where input == .call(.zoom, []):
            for n in [first] + stops.map(\.output) where n.uses(ExprOperator.zoomData) { throw error() }
        case let .interpolate(_, _, input, stops) where input == .call(.zoom, []):
            guard interpolated else {
                throw ExpressionParseError(
                    key: "", message: #""interpolate" expressions cannot be used with this property"#)
            }
            for n in stops.map(\.output) where n.uses(ExprOperator.zoomData) { throw error() }
        case let .binding(_, values, body):
            for v in values where v.uses(ExprOperator.zoomData) { throw error() }
            try check(body, interpolated: interpolated)
        case let .call(.coalesce, args):
            for a in args where a.uses(ExprOperator.zoomData) { try check(a, interpolated: interpolated) }
        case let .assertion(_, args), let .coercion(_, args):
            guard args.count == 1 else { throw error() }
            try check(args[0], interpolated: interpolated)
        default: throw error()
        }
    }

    static func error() -> ExpressionParseError { ExpressionParseError(key: "", message: message) }
}
