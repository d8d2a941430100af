/// A legacy function (`{"stops": …}`, `{"type": "identity", …}`) as the expression MapLibre
/// converts it into for the typed language, given the property it sets: its type (interpolated
/// or not), its default and, for an enumeration, its names.
///
/// - Zoom functions: `exponential` (default for interpolated properties) is `interpolate` on
///   zoom (in HCL or Lab for those colour spaces), `interval` is `step`.
/// - Property functions: `categorical` is `match` (`case` for boolean stops), `interval` and
///   `exponential` read the property asserted a number (a function with `default` gives it for
///   a property that is not a number), `identity` is the property asserted of the type.
/// - A function's missing `default` is the property's default.
/// - A zoom function of a property that takes tokens reads `{token}`s in its string outputs.
struct FunctionConversion {
    let type: ExpressionType
    let interpolated: Bool
    let propertyDefault: StyleValue?
    /// An enumeration's names (nil for other types).
    let names: [String]?
    /// Whether the property takes `{token}` strings (`text-field`, `icon-image`): a zoom
    /// function's string outputs then hold tokens (``TokenString``).
    var tokens = false

    typealias Failure = ExpressionParseError

    func fail(_ message: String) -> Failure { Failure(key: "", message: message) }

    static func literal(_ v: StyleValue) -> StyleValue {
        switch v {
        case .array, .object: .array([.string("literal"), v])
        default: v
        }
    }

    func convert(_ f: [String: StyleValue]) throws(Failure) -> StyleValue {
        let property = f["property"]?.string
        var stops: [(StyleValue, StyleValue)] = []
        if case let .array(raw)? = f["stops"] {
            for stop in raw {
                guard case let .array(pair) = stop, pair.count == 2 else {
                    throw fail("Each stop must be an array of two.")
                }
                let output =
                    tokens && property == nil ? pair[1].string.map(TokenString.expression) : nil
                stops.append((pair[0], output ?? Self.literal(pair[1])))
            }
        }
        if let space = f["colorSpace"]?.string, !["rgb", "hcl", "lab"].contains(space) {
            throw fail("Unknown color space: \(space)")
        }
        if case .object = stops.first?.0 { return try zoomAndProperty(f, stops) }
        if property != nil { return try propertyFunction(f, stops) }
        return try zoomFunction(f, stops, input: .array([.string("zoom")]))
    }

    func functionType(_ f: [String: StyleValue]) -> String {
        f["type"]?.string ?? (interpolated ? "exponential" : "interval")
    }

    func interpolateOperator(_ f: [String: StyleValue]) -> StyleValue {
        switch f["colorSpace"]?.string {
        case "hcl": .string("interpolate-hcl")
        case "lab": .string("interpolate-lab")
        default: .string("interpolate")
        }
    }

    /// Adds a stop, skipping one whose input repeats the last.
    static func append(_ curve: inout [StyleValue], _ input: StyleValue, _ output: StyleValue, step: Bool) {
        if curve.count > 3, curve[curve.count - 2] == input { return }
        if !(step && curve.count == 2) { curve.append(input) }
        curve.append(output)
    }

    /// A step with no stop gets one, so it has the shape `step` needs.
    static func fixDegenerateStep(_ curve: inout [StyleValue]) {
        if curve.first == .string("step"), curve.count == 3 { curve += [.number(0), curve[2]] }
    }

    func zoomFunction(
        _ f: [String: StyleValue], _ stops: [(StyleValue, StyleValue)], input: StyleValue
    ) throws(Failure) -> StyleValue {
        var curve: [StyleValue]
        let step: Bool
        switch functionType(f) {
        case "interval": (curve, step) = ([.string("step"), input], true)
        case "exponential":
            let base = f["base"]?.number ?? 1
            let kind: StyleValue =
                base == 1 ? .array([.string("linear")]) : .array([.string("exponential"), .number(base)])
            (curve, step) = ([interpolateOperator(f), kind, input], false)
        case let other: throw fail("Unknown zoom function type \"\(other)\"")
        }
        for (x, y) in stops { Self.append(&curve, x, y, step: step) }
        Self.fixDegenerateStep(&curve)
        return .array(curve)
    }

    var fallback: StyleValue { propertyDefault.map(Self.literal) ?? (type == .resolvedImage ? .string("") : .null) }

    func propertyFunction(_ f: [String: StyleValue], _ stops: [(StyleValue, StyleValue)]) throws(Failure) -> StyleValue
    {
        let get: StyleValue = .array([.string("get"), .string(f["property"]?.string ?? "")])
        let given = f["default"].map(Self.literal)
        switch functionType(f) {
        case "identity": return identity(get, given)
        case "categorical":
            if case .bool = stops.first?.0 {
                var curve: [StyleValue] = [.string("case")]
                for (x, y) in stops { curve += [.array([.string("=="), get, x]), y] }
                return .array(curve + [given ?? fallback])
            }
            var curve: [StyleValue] = [.string("match"), get]
            for (x, y) in stops { Self.append(&curve, x, y, step: false) }
            return .array(curve + [given ?? fallback])
        case "interval", "exponential":
            let number: StyleValue = .array([.string("number"), get])
            let curve = try zoomFunction(f, stops, input: number)
            guard let given else { return curve }
            let isNumber: StyleValue = .array([.string("=="), .array([.string("typeof"), get]), .string("number")])
            return .array([.string("case"), isNumber, curve, given])
        case let other: throw fail("Unknown property function type \"\(other)\"")
        }
    }

    func identity(_ get: StyleValue, _ given: StyleValue?) -> StyleValue {
        guard let given else { return type == .string ? .array([.string("string"), get]) : get }
        if let names {
            return .array([.string("match"), get, .array(names.map(StyleValue.string)), get, given])
        }
        switch type {
        case .color: return .array([.string("to-color"), get, given])
        case let .array(element, length):
            return .array([
                .string("array"), .string(element.description), length.map { .number(Double($0)) } ?? .null, get, given,
            ])
        default: return .array([.string(type.description), get, given])
        }
    }

    func zoomAndProperty(_ f: [String: StyleValue], _ stops: [(StyleValue, StyleValue)]) throws(Failure) -> StyleValue {
        var zooms: [Double] = []
        var perZoom: [Double: [(StyleValue, StyleValue)]] = [:]
        for (input, output) in stops {
            guard case let .object(key) = input, let z = key["zoom"]?.number, let value = key["value"] else {
                throw fail("Zoom-and-property function stops must be {zoom, value}.")
            }
            if perZoom[z] == nil { zooms.append(z) }
            perZoom[z, default: []].append((value, output))
        }
        let step = !interpolated
        var curve: [StyleValue] =
            step
            ? [.string("step"), .array([.string("zoom")])]
            : [interpolateOperator(f), .array([.string("linear")]), .array([.string("zoom")])]
        for z in zooms {
            Self.append(&curve, .number(z), try propertyFunction(f, perZoom[z]!), step: step)
        }
        Self.fixDegenerateStep(&curve)
        return .array(curve)
    }
}
