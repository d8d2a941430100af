extension StyleExpression {
    /// What a compiled tree reads of a feature: property names, the pseudo-properties of the
    /// geometry type and id, or any property at all.
    struct Reads {
        var keys = Set<String>()
        var any = false

        mutating func visit(_ node: ExprNode) {
            switch node {
            case let .call(.get, args), let .call(.has, args):
                // With an object of its own, `get` reads that object, not the feature.
                if args.count == 2 { return args.forEach { visit($0) } }
                if case let .literal(.string(name))? = args.first { keys.insert(name) } else { any = true }
            case .call(.properties, _): any = true
            case .call(.geometryType, _): keys.insert(StyleExpression.geometryTypeKey)
            case let .call(.within, args), let .call(.distance, args):
                keys.formUnion([StyleExpression.geometryTypeKey, StyleExpression.geometryKey])
                args.forEach { visit($0) }
            case .call(.id, _): keys.insert(StyleExpression.idKey)
            case let .legacy(test):
                switch test.subject {
                case let .property(name): keys.insert(name)
                case .id: keys.insert(StyleExpression.idKey)
                case .type: keys.insert(StyleExpression.geometryTypeKey)
                }
            default: node.children.forEach { visit($0) }
            }
        }
    }
}
