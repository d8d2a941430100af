extension Style.Layer {
    /// The expression the layer sets for `name` (paint or layout); nil when it leaves it unset.
    @inlinable public subscript(_ name: StylePropertyName) -> StyleExpression? { expressions[name.ordinal] }

    /// The catalogue's entry for `name` in this layer's kind (type, default, ranges); nil when
    /// the specification has no such property for the kind.
    public func property(_ name: StylePropertyName) -> StyleProperty? { StyleProperty.named(name, kind: kind) }

    /// The specification's default of `name` for this layer's kind: the value of the property
    /// where the layer leaves it unset (nil where the specification has none).
    public func defaultValue(_ name: StylePropertyName) -> StyleValue? { StyleProperty.defaultValue(name, kind: kind) }

    /// The layer's expression for `name`, else the catalogue's default compiled (a default that is
    /// itself an expression: `heatmap-color`'s ramp over `heatmap-density`); nil when neither is.
    public func expressionOrDefault(_ name: StylePropertyName) -> StyleExpression? {
        if let set = self[name] { return set }
        guard let property = property(name), let value = property.defaultValue else { return nil }
        return try? StyleExpression.property(value, property)
    }

    /// `name`'s value for a feature's `properties` at `zoom`: the layer's expression, else (unset,
    /// or an evaluation that fails, as MapLibre reads a runtime error) the catalogue's default;
    /// nil only where the specification has no default.
    public func value(_ name: StylePropertyName, _ properties: [String: StyleValue], zoom: Double) -> StyleValue? {
        (self[name]?.evaluate(properties, zoom: zoom) ?? .null).or(defaultValue(name))
    }

    /// An enumeration property's value (a name outside the enumeration, which a data expression
    /// may produce, reads as the default).
    @inlinable public func keyword<K: DefaultedStyleKeyword>(
        _: K.Type = K.self, _ properties: [String: StyleValue] = [:], zoom: Double
    ) -> K {
        K(self[K.property]?.evaluate(properties, zoom: zoom)) ?? K.specificationDefault
    }

    /// An enumeration property without a default (`icon-overlap`, `text-overlap`): nil when unset.
    @inlinable public func keyword<K: StyleKeyword>(
        _: K.Type = K.self, _ properties: [String: StyleValue] = [:], zoom: Double
    )
        -> K?
    {
        K(self[K.property]?.evaluate(properties, zoom: zoom))
    }
}

extension StyleValue {
    /// The value, or `fallback` where it is null or not a number (an expression's runtime error,
    /// or a `get` of what a feature lacks): MapLibre then draws the property's default.
    /// `fallback` is asked only then (a catalogue look-up, per feature where a layer reads one).
    public func or(_ fallback: @autoclosure () -> StyleValue?) -> StyleValue? {
        switch self {
        case .null: fallback()
        case let .number(n) where n.isNaN: fallback()
        default: self
        }
    }
}
