/// The operators of the expression language that take evaluated arguments (those that shape
/// their own arguments, `match`, `case`, `step`, `interpolate`, `let`, are ``ExprNode`` cases).
enum ExprOperator: String, Hashable, Sendable, CaseIterable {
    // Lookup and feature data.
    case get, has, at, inList = "in", indexOf = "index-of", slice, length, properties
    case featureState = "feature-state", geometryType = "geometry-type", id, typeOf = "typeof"
    // Globals.
    case zoom, heatmapDensity = "heatmap-density", lineProgress = "line-progress", accumulated, elevation
    // Decision.
    case not = "!", all, any, coalesce, equal = "==", notEqual = "!=", less = "<", lessEqual = "<="
    case greater = ">", greaterEqual = ">="
    // Strings and arrays.
    case concat, upcase, downcase, join, split, semiliteral
    // The style's global state (`state` at the root, or set by the application).
    case globalState = "global-state"
    // Text: locale-aware comparison, rich text, numbers as text, images.
    case collator, resolvedLocale = "resolved-locale", isSupportedScript = "is-supported-script"
    case format, numberFormat = "number-format", image
    // Geometry.
    case within, distance
    // Colours.
    case rgb, rgba, toRGBA = "to-rgba"
    // Math.
    case plus = "+", minus = "-", times = "*", divide = "/", mod = "%", power = "^", sqrt, log10, ln, log2
    case sin, cos, tan, asin, acos, atan, min, max, round, floor, ceil, abs, pi, e, ln2

    /// What reads the feature.
    static let featureData: Set<ExprOperator> = [
        .get, .has, .properties, .featureState, .geometryType, .id, .within, .distance,
    ]
    /// What reads the zoom.
    static let zoomData: Set<ExprOperator> = [.zoom]
    /// What is known only when drawing (the others fold to a constant when their arguments do).
    static let runtime: Set<ExprOperator> = featureData.union([
        .zoom, .heatmapDensity, .lineProgress, .accumulated, .elevation, .globalState, .collator, .resolvedLocale,
        .isSupportedScript, .image,
    ])

    /// The argument types and the result, per overload; `variadic` repeats the last argument type.
    struct Signature {
        let params: [ExpressionType]
        var variadic = false
        let result: ExpressionType
    }

    /// The operator's overloads (empty for those checked by hand in the compiler).
    var signatures: [Signature] {
        let n = ExpressionType.number
        switch self {
        case .plus, .times, .min, .max: return [Signature(params: [n], variadic: true, result: n)]
        case .minus: return [Signature(params: [n, n], result: n), Signature(params: [n], result: n)]
        case .divide, .mod, .power: return [Signature(params: [n, n], result: n)]
        case .sqrt, .log10, .ln, .log2, .sin, .cos, .tan, .asin, .acos, .atan, .round, .floor, .ceil, .abs:
            return [Signature(params: [n], result: n)]
        case .pi, .e, .ln2, .zoom, .heatmapDensity, .lineProgress, .elevation:
            return [Signature(params: [], result: n)]
        case .accumulated: return [Signature(params: [], result: .value)]
        case .geometryType: return [Signature(params: [], result: .string)]
        case .id: return [Signature(params: [], result: .value)]
        case .properties: return [Signature(params: [], result: .object)]
        case .featureState: return [Signature(params: [.string], result: .value)]
        case .get:
            return [
                Signature(params: [.string], result: .value), Signature(params: [.string, .object], result: .value),
            ]
        case .has:
            return [
                Signature(params: [.string], result: .boolean),
                Signature(params: [.string, .object], result: .boolean),
            ]
        case .not: return [Signature(params: [.boolean], result: .boolean)]
        case .all, .any: return [Signature(params: [.boolean], variadic: true, result: .boolean)]
        case .upcase, .downcase: return [Signature(params: [.string], result: .string)]
        case .join: return [Signature(params: [.array(.string, length: nil), .string], result: .string)]
        case .split: return [Signature(params: [.string, .string], result: .array(.string, length: nil))]
        case .globalState: return [Signature(params: [.string], result: .value)]
        case .concat: return [Signature(params: [.value], variadic: true, result: .string)]
        case .rgb: return [Signature(params: [n, n, n], result: .color)]
        case .rgba: return [Signature(params: [n, n, n, n], result: .color)]
        case .toRGBA: return [Signature(params: [.color], result: .array(n, length: 4))]
        case .typeOf: return [Signature(params: [.value], result: .string)]
        case .length: return [Signature(params: [.value], result: n)]
        case .at, .inList, .indexOf, .slice, .coalesce, .equal, .notEqual, .less, .lessEqual, .greater,
            .greaterEqual, .semiliteral, .collator, .format, .numberFormat, .within, .distance:
            return []
        case .resolvedLocale: return [Signature(params: [.collator], result: .string)]
        case .isSupportedScript: return [Signature(params: [.string], result: .boolean)]
        case .image: return [Signature(params: [.string], result: .resolvedImage)]
        }
    }
}
