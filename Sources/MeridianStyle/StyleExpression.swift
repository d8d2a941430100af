/// A layer's filter or one of its properties as the renderer evaluates it: compiled once into
/// the typed language (``CompiledExpression``), with the legacy forms converted as MapLibre
/// converts them, and what it reads of a feature (``featureKeys``) known ahead.
///
/// - **Properties** (``property(_:_:)``): a legacy function (`{"stops": …}`) becomes the
///   expression it means for the property's type and default; a plain string of a property that
///   takes tokens (`text-field`, `icon-image`) reads its `{name}` tokens; a plain array that does
///   not start with an operator (`["Noto Sans Regular"]`, a dash pattern) is a value.
/// - **Filters** (``filter(_:)``): the legacy syntax converted (`$type`, `$id`, `in` with a list,
///   `!in`, `!has`, `none`), or an expression typed boolean.
///
/// Evaluation never fails: a runtime error (a type assertion that does not hold, a value that
/// does not convert) gives null, so the renderer draws the property's default (and a filter
/// keeps nothing), as MapLibre does. Two expressions are equal when their compiled trees are:
/// they hash structurally, so prepared layers key on them directly.
public struct StyleExpression: Hashable, Sendable {
    /// The typed expression.
    public var compiled: CompiledExpression { storage.compiled }
    /// The names of the feature properties it reads with `get` and `has`, sorted, with
    /// ``geometryTypeKey`` for `geometry-type` and ``idKey`` for `id`: two features that agree on
    /// these get the same value at every zoom (unless ``readsAnyProperty``).
    public var featureKeys: [String] { storage.featureKeys }
    /// Whether it reads properties not known before drawing (`properties`, `get` of a computed
    /// name): then every property of a feature counts.
    public var readsAnyProperty: Bool { storage.readsAny }
    /// Whether the value can depend on the feature.
    public var readsFeature: Bool { !compiled.isFeatureConstant }
    /// Whether the value can depend on the zoom.
    public var readsZoom: Bool { !compiled.isZoomConstant }
    /// Whether it reads the feature's geometry (`within`, `distance`):
    /// ``evaluate(_:zoom:geometry:)`` then needs it.
    public var readsGeometry: Bool { storage.readsGeometry }

    /// Everything in one object, so a copy (out of a layer's property dictionary, per feature)
    /// is one reference.
    final class Storage: Sendable {
        let compiled: CompiledExpression
        let featureKeys: [String]
        let readsAny: Bool
        /// Whether a formatted result is given as its plain text (`text-field`).
        let plainText: Bool
        /// What ``StyleExpression/evaluate(_:zoom:geometry:)`` evaluates: for plain text, the
        /// value under the coercion to formatted text (its text is the same, without building
        /// sections).
        let evaluated: ExprNode
        /// Whether it reads the geometry type or the id (looked up only then).
        let readsType: Bool, readsID: Bool
        let readsGeometry: Bool

        init(_ compiled: CompiledExpression, plainText: Bool) {
            (self.compiled, self.plainText) = (compiled, plainText)
            var reads = Reads()
            reads.visit(compiled.node)
            (featureKeys, readsAny) = (reads.keys.sorted(), reads.any)
            (readsType, readsID) = (reads.keys.contains(geometryTypeKey), reads.keys.contains(idKey))
            readsGeometry = compiled.node.uses([.within, .distance])
            if plainText, case let .coercion(.formatted, args) = compiled.node, args.count == 1 {
                evaluated = args[0]
            } else {
                evaluated = compiled.node
            }
        }
    }
    let storage: Storage

    /// The pseudo-property that holds a feature's geometry type (`Point`, `LineString`,
    /// `Polygon`) in the property dictionaries ``evaluate(_:zoom:geometry:)`` takes: what
    /// `["geometry-type"]` and legacy filters' `$type` read. (A tile property of this name would
    /// be read as the geometry type: tiles do not write one.)
    public static let geometryTypeKey = "$type"
    /// The pseudo-property that holds a feature's id: `["id"]`, legacy filters' `$id`.
    public static let idKey = "$id"
    /// The pseudo-property that holds a feature's geometry (``geometryValue(_:)``) for `within`
    /// and `distance` in a paint or layout value, which is evaluated from properties alone.
    public static let geometryKey = "$geometry"

    /// A feature's geometry as the value ``geometryKey`` holds: `{"parts": [[lng, lat, lng,
    /// lat, …], …], "tile": [z, x, y]}`.
    public static func geometryValue(_ g: FeatureGeometry) -> StyleValue {
        .object([
            "parts": .array(
                g.parts.map { part in .array(part.flatMap { [.number($0.longitude), .number($0.latitude)] }) }),
            "tile": .array([.number(Double(g.tile.z)), .number(Double(g.tile.x)), .number(Double(g.tile.y))]),
        ])
    }

    /// The geometry ``geometryValue(_:)`` wrote; nil for anything else.
    static func geometry(from value: StyleValue?) -> FeatureGeometry? {
        guard case let .object(o)? = value, case let .array(parts)? = o["parts"], case let .array(tile)? = o["tile"],
            tile.count == 3, let z = tile[0].number, let x = tile[1].number, let y = tile[2].number,
            [z, x, y].allSatisfy({ $0.isFinite && abs($0) < 1e9 })
        else { return nil }
        let decoded = parts.map { part -> [(longitude: Double, latitude: Double)] in
            guard case let .array(numbers) = part else { return [] }
            return stride(from: 0, to: numbers.count - 1, by: 2).compactMap { i in
                guard let lng = numbers[i].number, let lat = numbers[i + 1].number else { return nil }
                return (lng, lat)
            }
        }
        return FeatureGeometry(parts: decoded, tile: (Int(z), Int(x), Int(y)))
    }

    /// Most nesting of arrays and objects in one expression, and most values in it: bounds that
    /// keep compiling and evaluating a hostile style linear and small (a 500-deep `!` chain, a
    /// 100,000-element `match`).
    public static let maxDepth = 32, maxNodes = 20_000

    init(_ compiled: CompiledExpression, plainText: Bool = false) {
        storage = Storage(compiled, plainText: plainText)
    }

    /// An expression in the specification's syntax (no legacy forms), producing `expecting`.
    /// - Throws: ``StyleError`` with the typed language's problem and where in the expression.
    public static func compile(_ value: StyleValue, expecting: ExpressionType? = nil) throws(StyleError) -> Self {
        do { return Self(try CompiledExpression.compile(value, expecting: expecting)) } catch {
            throw StyleError(error.description)
        }
    }

    /// A layer's `filter`, in either syntax.
    /// - Throws: ``StyleError`` when it is not an array or a boolean, or does not compile.
    public static func filter(_ value: StyleValue) throws(StyleError) -> Self {
        switch value {
        case .array, .bool: break
        default: throw StyleError("must be an array or a boolean")
        }
        do { return Self(try CompiledExpression.filter(value)) } catch { throw StyleError(error.description) }
    }

    /// The value of `property` as a style writes it: a literal, an expression, a legacy function.
    /// - Throws: ``StyleError`` when it does not compile for the property's type and inputs.
    public static func property(_ value: StyleValue, _ property: StyleProperty) throws(StyleError) -> Self {
        let type = ExpressionType(property.type)
        let tokens = property.type == .formatted || property.type == .resolvedImage
        var json = value
        do throws(ExpressionParseError) {
            try CompiledExpression.checkSize(value)
            switch value {
            case let .object(members):  // a legacy function (MapLibre reads every object as one)
                try checkFunction(members)
                let names: [String]? = if case let .enumeration(n) = property.type { n } else { nil }
                var conversion = FunctionConversion(
                    type: type, interpolated: property.interpolated, propertyDefault: property.defaultValue,
                    names: names)
                conversion.tokens = tokens
                json = try conversion.convert(members)
            case let .string(text) where tokens: json = TokenString.expression(text)
            case let .array(items) where !(items.first?.string.map(specificationOperators.contains) ?? false):
                json = .array([.string("literal"), value])
            default: break
            }
            let compiled = try CompiledExpression.compile(
                json, expecting: type, inputs: property.inputs, interpolated: property.interpolated)
            return Self(compiled, plainText: property.type == .formatted)
        } catch {
            throw StyleError(error.description)
        }
    }

    /// What the specification's validation refuses in a legacy function before converting it:
    /// no stops (but for `identity`), an `identity` without a property, a base below 0.
    static func checkFunction(_ f: [String: StyleValue]) throws(ExpressionParseError) {
        let hasStops = if case let .array(stops)? = f["stops"] { !stops.isEmpty } else { false }
        if f["type"]?.string == "identity", f["property"]?.string == nil {
            throw ExpressionParseError(key: "", message: "an identity function needs a property")
        }
        if f["type"]?.string != "identity", !hasStops {
            throw ExpressionParseError(key: "", message: "a function needs a non-empty array of stops")
        }
        if let base = f["base"], !(base.number.map { $0 >= 0 && $0.isFinite } ?? false) {
            throw ExpressionParseError(key: "", message: "a function's base must be a number of at least 0")
        }
    }

    /// The value for a feature's properties (with ``geometryTypeKey`` and ``idKey`` when the
    /// expression reads them) at a zoom in the style's convention; null on a runtime error.
    /// `geometry` is the feature's, for an expression that ``readsGeometry`` (without it, the
    /// one ``geometryKey`` holds; without either, `within` is false and `distance` not a number).
    public func evaluate(
        _ properties: [String: StyleValue], zoom: Double, geometry: FeatureGeometry? = nil
    ) -> StyleValue {
        var context = ExpressionContext(
            zoom: zoom, properties: properties,
            geometryType: storage.readsType ? properties[Self.geometryTypeKey]?.string : nil,
            id: storage.readsID ? properties[Self.idKey] : nil)
        if let geometry = geometry ?? (storage.readsGeometry ? Self.geometry(from: properties[Self.geometryKey]) : nil)
        {
            (context.coordinates, context.tile) = (geometry.parts, geometry.tile)
        }
        guard let value = try? ExprEvaluator(context: context).evaluate(storage.evaluated) else { return .null }
        return storage.plainText ? .string(ExprValues.string(value)) : value
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage || (a.compiled == b.compiled && a.storage.plainText == b.storage.plainText)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(compiled) }

    /// Refuses a value nested deeper than ``maxDepth`` or holding more than ``maxNodes`` values.
    static func checkSize(_ v: StyleValue, depth: Int, budget: inout Int) throws(StyleError) {
        budget -= 1
        guard budget >= 0 else { throw StyleError("the expression holds more than \(maxNodes) values") }
        switch v {
        case let .array(items):
            guard depth < maxDepth else { throw StyleError("the expression is nested more than \(maxDepth) deep") }
            for item in items { try checkSize(item, depth: depth + 1, budget: &budget) }
        case let .object(members):
            guard depth < maxDepth else { throw StyleError("the expression is nested more than \(maxDepth) deep") }
            for item in members.values { try checkSize(item, depth: depth + 1, budget: &budget) }
        default: break
        }
    }
}

/// A feature's geometry as `within` and `distance` read it: its parts in degrees and the tile it
/// was read in (they compare in that tile's integer coordinates, as MapLibre does).
public struct FeatureGeometry: Sendable {
    /// Longitude and latitude, degrees: a line, a ring, or a point feature's positions per part.
    public var parts: [[(longitude: Double, latitude: Double)]]
    public var tile: (z: Int, x: Int, y: Int)

    public init(parts: [[(longitude: Double, latitude: Double)]], tile: (z: Int, x: Int, y: Int)) {
        (self.parts, self.tile) = (parts, tile)
    }
}

extension StyleExpression: CustomStringConvertible {
    public var description: String { "\(compiled.node)" }
}
