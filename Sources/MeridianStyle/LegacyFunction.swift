/// The style specification's legacy functions (`{"stops": …}`, `{"type": "identity", …}`),
/// which most published styles still use, rewritten as the expressions they mean, the way
/// MapLibre converts them before evaluating them.
///
/// - **Zoom functions** (no `property`): `exponential` (the default for interpolatable
///   properties: numbers and colours) becomes `interpolate` on `zoom` with the function's `base`
///   (1 is `linear`); `interval` (the default for the others) becomes `step`, the first stop's
///   output below the second stop.
/// - **Property functions** (`property` set): `exponential` and `interval` read the property as
///   a number (a property that is not a number gives `default`, or the property's own default);
///   `categorical` becomes `match` with `default` (or null) as its fallback; `identity` is the
///   property itself, or `default`.
/// - **Zoom-and-property functions** (stops keyed by `{"zoom", "value"}`): a property function
///   per zoom, joined by a linear `interpolate` on zoom (interpolatable properties) or a `step`.
///
/// Array outputs are literals (a dash pattern, a font list). Consecutive stops with the same
/// input keep the first, as MapLibre does. What the specification allows but Meridian does not
/// evaluate (`colorSpace` other than `rgb`) is a ``StyleError`` naming it, never misread.
enum LegacyFunction {
    /// Whether a property value is a legacy function rather than a literal object.
    static func isFunction(_ members: [String: StyleValue]) -> Bool {
        members["stops"] != nil || members["type"]?.string == "identity"
    }

    /// The expression (as its JSON) a legacy function means. `interpolatable`: the property's
    /// values are numbers or colours (its function type defaults to `exponential`, else `interval`).
    /// - Throws: ``StyleError`` naming what is wrong: an unknown type, stops that are not a
    ///   non-empty array of pairs, an input of the wrong kind, an unsupported colour space.
    static func expression(
        _ f: [String: StyleValue], interpolatable: Bool, tokens: Bool = false
    ) throws(StyleError) -> StyleValue {
        if let space = f["colorSpace"]?.string, space != "rgb" {
            throw StyleError("a function's colorSpace \"\(space)\" is not supported yet (rgb)")
        }
        let type = f["type"]?.string ?? (interpolatable ? "exponential" : "interval")
        guard ["exponential", "interval", "categorical", "identity"].contains(type) else {
            throw StyleError("unknown function type \"\(type)\"")
        }
        let property = f["property"]?.string
        let fallback = f["default"].map(literal)
        if type == "identity" {
            guard let property else { throw StyleError("an identity function needs a property") }
            let get: StyleValue = .array([.string("get"), .string(property)])
            return fallback.map { .array([.string("coalesce"), get, $0]) } ?? get
        }
        guard case let .array(raw)? = f["stops"], !raw.isEmpty else {
            throw StyleError("a function needs a non-empty stops array")
        }
        var stops: [(input: StyleValue, output: StyleValue)] = []
        for stop in raw {
            guard case let .array(pair) = stop, pair.count == 2 else {
                throw StyleError("each of a function's stops must be [input, output]")
            }
            // A zoom function's string outputs of a token property hold tokens, as MapLibre reads them.
            let output =
                tokens && f["property"] == nil
                ? (pair[1].string.map(Self.tokens) ?? literal(pair[1])) : literal(pair[1])
            stops.append((pair[0], output))
        }
        if case .object = stops[0].input {
            guard let property else { throw StyleError("a zoom-and-property function needs a property") }
            return try zoomAndProperty(
                stops, property: property, type: type, base: try base(f), fallback: fallback,
                interpolatable: interpolatable)
        }
        if let property {
            return try propertyFunction(stops, property: property, type: type, base: try base(f), fallback: fallback)
        }
        guard type == "exponential" || type == "interval" else {
            throw StyleError("a zoom function must be exponential or interval, not \"\(type)\"")
        }
        let zoom: StyleValue = .array([.string("zoom")])
        return type == "exponential" ? try interpolate(base: base(f), zoom, stops) : try stepHead(zoom, stops)
    }

    /// A string with `{property}` tokens as the expression it means: the string itself without
    /// tokens, one token as that property as text, or the `concat` of the text between tokens and
    /// the properties (a missing property is empty text, as MapLibre's `to-string` of null).
    static func tokens(_ text: String) -> StyleValue {
        var parts: [StyleValue] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"),
            let close = rest[open...].firstIndex(of: "}"),
            !rest[rest.index(after: open)..<close].contains("{"), rest.index(after: open) < close
        {
            if open > rest.startIndex { parts.append(.string(String(rest[..<open]))) }
            let name = String(rest[rest.index(after: open)..<close])
            parts.append(.array([.string("to-string"), .array([.string("get"), .string(name)])]))
            rest = rest[rest.index(after: close)...]
        }
        guard !parts.isEmpty else { return .string(text) }
        if !rest.isEmpty { parts.append(.string(String(rest))) }
        return parts.count == 1 ? parts[0] : .array([.string("concat")] + parts)
    }

    /// Wraps arrays and objects so they compile as values, not operators.
    static func literal(_ v: StyleValue) -> StyleValue {
        switch v {
        case .array, .object: return .array([.string("literal"), v])
        default: return v
        }
    }

    /// A function's `base`: 1 when absent.
    /// - Throws: ``StyleError`` when it is not a positive finite number.
    static func base(_ f: [String: StyleValue]) throws(StyleError) -> Double {
        guard let raw = f["base"] else { return 1 }
        guard let b = raw.number, b.isFinite, b > 0 else {
            throw StyleError("a function's base must be a positive number")
        }
        return b
    }

    /// `interpolate` on `input` with `base` (1: linear).
    /// - Throws: ``StyleError`` for a non-numeric stop input.
    static func interpolate(
        base: Double, _ input: StyleValue, _ stops: [(input: StyleValue, output: StyleValue)]
    ) throws(StyleError) -> StyleValue {
        let kind: StyleValue =
            base == 1 ? .array([.string("linear")]) : .array([.string("exponential"), .number(base)])
        return .array([.string("interpolate"), kind, input] + (try pairs(stops, step: false)))
    }

    /// `step` on `input`: the first stop's output below the second stop's input.
    /// - Throws: ``StyleError`` for a non-numeric stop input.
    static func stepHead(
        _ input: StyleValue, _ stops: [(input: StyleValue, output: StyleValue)]
    ) throws(StyleError)
        -> StyleValue
    {
        var items: [StyleValue] = [.string("step"), input] + (try pairs(stops, step: true))
        // One stop (a constant): a step needs a stop after its first output.
        if items.count == 3 { items += [.number(0), items[2]] }
        return .array(items)
    }

    /// The stops flattened as `input, output, …` (a step leaves out its first input), numeric
    /// inputs only, consecutive repeats of an input dropped.
    static func pairs(_ stops: [(input: StyleValue, output: StyleValue)], step: Bool) throws(StyleError) -> [StyleValue]
    {
        var out: [StyleValue] = []
        var last: Double?
        for (i, stop) in stops.enumerated() {
            guard let x = stop.input.number, x.isFinite else {
                throw StyleError("a function's stop inputs must be numbers")
            }
            if let last, x == last { continue }
            if let last, x < last { throw StyleError("a function's stop inputs must increase") }
            last = x
            if !(step && i == 0) { out.append(.number(x)) }
            out.append(stop.output)
        }
        return out
    }

    /// A property function as an expression on `["get", property]`.
    static func propertyFunction(
        _ stops: [(input: StyleValue, output: StyleValue)], property: String, type: String, base: Double,
        fallback: StyleValue?
    ) throws(StyleError) -> StyleValue {
        let get: StyleValue = .array([.string("get"), .string(property)])
        switch type {
        case "categorical":
            var items: [StyleValue] = [.string("match"), get]
            var seen: [StyleValue] = []
            for stop in stops where !seen.contains(stop.input) {
                guard stop.input.string != nil || stop.input.number != nil || stop.input.isBool else {
                    throw StyleError("a categorical function's stop inputs must be strings, numbers or booleans")
                }
                seen.append(stop.input)
                items += [stop.input, stop.output]
            }
            return .array(items + [fallback ?? .null])
        default:
            let curve = type == "exponential" ? try interpolate(base: base, get, stops) : try stepHead(get, stops)
            // Only a number is an input: anything else gives `default` (or the property's default,
            // through null). `>=` against the least double is true exactly for numbers.
            let isNumber: StyleValue = .array([.string(">="), get, .number(-Double.greatestFiniteMagnitude)])
            return .array([.string("case"), isNumber, curve, fallback ?? .null])
        }
    }

    /// A zoom-and-property function: a property function at each zoom, joined on zoom.
    static func zoomAndProperty(
        _ stops: [(input: StyleValue, output: StyleValue)], property: String, type: String, base: Double,
        fallback: StyleValue?, interpolatable: Bool
    ) throws(StyleError) -> StyleValue {
        var zooms: [Double] = []
        var perZoom: [Double: [(input: StyleValue, output: StyleValue)]] = [:]
        for stop in stops {
            guard case let .object(key) = stop.input, let z = key["zoom"]?.number, let value = key["value"] else {
                throw StyleError("a zoom-and-property function's stop inputs must be {\"zoom\", \"value\"}")
            }
            if perZoom[z] == nil { zooms.append(z) }
            perZoom[z, default: []].append((value, stop.output))
        }
        var joined: [(input: StyleValue, output: StyleValue)] = []
        for z in zooms {
            let inner = try propertyFunction(
                perZoom[z]!, property: property, type: type, base: base, fallback: fallback)
            joined.append((.number(z), inner))
        }
        let zoom: StyleValue = .array([.string("zoom")])
        return interpolatable ? try interpolate(base: 1, zoom, joined) : try stepHead(zoom, joined)
    }
}

extension StyleValue {
    /// Whether the value is a boolean.
    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }
}
