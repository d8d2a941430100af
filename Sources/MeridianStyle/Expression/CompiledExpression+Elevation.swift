extension CompiledExpression {
    /// The stops' elevations (metres, ascending) of an `interpolate` on `["elevation"]`: the form
    /// of `color-relief-color` MapLibre draws (anything else draws nothing there); nil for any
    /// other expression.
    public var elevationStops: [Double]? {
        var root = node
        while case let .coercion(_, children) = root, children.count == 1 { root = children[0] }
        guard case let .interpolate(_, _, input, stops) = root, case .call(.elevation, _) = input, !stops.isEmpty
        else { return nil }
        return stops.map(\.input)
    }
}
