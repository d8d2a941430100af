extension Style {
    /// The style's global state (the root `state`): each declared property's `default`, which
    /// every `["global-state", name]` of the layers reads, as MapLibre reads it before anything
    /// sets the state (a still image has no other value). A declaration that is not an object
    /// with a `default` is a warning naming it (`state.NAME`), and the property reads null, as
    /// an undeclared one does.
    static func globalState(_ value: StyleValue?, warnings: inout [StyleWarning]) -> [String: StyleValue] {
        guard let value else { return [:] }
        guard case let .object(members) = value else {
            warnings.append(StyleWarning(property: "state", "must be an object; global-state reads null"))
            return [:]
        }
        var state: [String: StyleValue] = [:]
        for (name, declaration) in members.sorted(by: { $0.key < $1.key }) {
            guard case let .object(fields) = declaration, let initial = fields["default"] else {
                warnings.append(
                    StyleWarning(property: "state.\(name)", "must be an object with a default; it reads null"))
                continue
            }
            state[name] = initial
        }
        return state
    }
}

extension StyleValue {
    /// The value with every `["global-state", name]` in it replaced by `state[name]` (an array or
    /// object value as a `literal`), at any depth: a layer's filter, paint and layout read the
    /// state's defaults wherever they name them. A name `state` does not declare is left as it
    /// is: it evaluates to null, as MapLibre's does (a `coalesce` then goes on to its next value).
    /// Depth is the document's, already bounded by ``Style/maxNesting``.
    func resolvingGlobalState(_ state: [String: StyleValue]) -> StyleValue {
        switch self {
        case let .array(items):
            if items.count == 2, items[0] == .string("global-state"), case let .string(name) = items[1],
                let value = state[name]
            {
                switch value {
                case .array, .object: return .array([.string("literal"), value])
                default: return value
                }
            }
            // A literal's contents are data, not expressions.
            if items.first == .string("literal") { return self }
            return .array(items.map { $0.resolvingGlobalState(state) })
        case let .object(members): return .object(members.mapValues { $0.resolvingGlobalState(state) })
        default: return self
        }
    }
}
