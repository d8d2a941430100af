/// What an expression reads: the feature's properties by name, the zoom. A renderer uses this
/// to evaluate a layer's values once per group of features that cannot differ (features with
/// the same values of ``featureKeys`` get the same value at any zoom) and once per frame where
/// the value reads neither.
extension StyleExpression {
    /// The expressions this one evaluates directly.
    var children: [StyleExpression] {
        switch self {
        case .literal, .zoom, .get, .has: return []
        case let .interpolate(_, input, stops): return [input] + stops.map(\.1)
        case let .step(input, first, stops): return [input, first] + stops.map(\.1)
        case let .match(input, cases, fallback): return [input, fallback] + cases.map(\.1)
        case let .caseOf(branches, fallback): return branches.flatMap { [$0.0, $0.1] } + [fallback]
        case let .coalesce(items), let .all(items), let .any(items), let .toNumber(items), let .arithmetic(_, items),
            let .concat(items):
            return items
        case let .compare(_, a, b): return [a, b]
        case let .not(e), let .inList(e, _), let .toString(e): return [e]
        }
    }

    /// Whether the value can depend on the feature (it reads a property with `get` or `has`);
    /// an expression that does not can be evaluated once per zoom for all features.
    public var readsFeature: Bool {
        switch self {
        case .get, .has: return true
        default: return children.contains { $0.readsFeature }
        }
    }

    /// Whether the value can depend on the zoom (it contains `zoom`).
    public var readsZoom: Bool {
        if case .zoom = self { return true }
        return children.contains { $0.readsZoom }
    }

    /// The names of the feature properties the value reads (with `get` or `has`), sorted: two
    /// features whose properties agree on these names get the same value at every zoom.
    public var featureKeys: [String] {
        var keys = Set<String>()
        func visit(_ e: StyleExpression) {
            switch e {
            case let .get(k), let .has(k): keys.insert(k)
            default: e.children.forEach(visit)
            }
        }
        visit(self)
        return keys.sorted()
    }
}
