import MeridianStyle
import MeridianTiles

/// Reading evaluated style values as the renderer needs them.
extension StyleValue {
    /// A colour (strings are parsed too); nil otherwise.
    var rgba: RGBA? {
        switch self {
        case let .color(c): return RGBA(c.r, c.g, c.b, c.a)
        case let .string(s): return StyleColor(css: s).map { RGBA($0.r, $0.g, $0.b, $0.a) }
        default: return nil
        }
    }

    /// A finite number; nil otherwise.
    var finite: Double? { number.flatMap { $0.isFinite ? $0 : nil } }
}

extension VectorTile.Value {
    var styleValue: StyleValue {
        switch self {
        case let .string(s): return .string(s)
        case let .bool(b): return .bool(b)
        default: return number.map(StyleValue.number) ?? .null
        }
    }
}

extension VectorTile.Feature {
    var styleProperties: [String: StyleValue] { properties.mapValues(\.styleValue) }
}

extension Style.Layer {
    /// A paint or layout value for a feature at a zoom.
    func value(_ property: String, _ properties: [String: StyleValue], zoom: Double) -> StyleValue? {
        (paint[property] ?? layout[property])?.evaluate(properties, zoom: zoom)
    }

    /// A colour with its opacity folded into alpha, or nil when the property is absent or bad.
    func color(_ property: String, opacity: String? = nil, _ properties: [String: StyleValue], zoom: Double, default fallback: RGBA? = nil) -> RGBA? {
        guard var c = value(property, properties, zoom: zoom)?.rgba ?? fallback else { return nil }
        if let opacity, let o = value(opacity, properties, zoom: zoom)?.finite { c.a *= min(max(o, 0), 1) }
        return c
    }

    /// A number, clamped into what drawing can use (``Style/Layer/drawableRanges``), so a style
    /// or a feature asking for a radius of 1e308 draws a large circle, not a hang.
    func number(_ property: String, _ properties: [String: StyleValue], zoom: Double, default fallback: Double) -> Double {
        let v = value(property, properties, zoom: zoom)?.finite ?? fallback
        let range = Self.drawableRanges[property] ?? -1e6...1e6
        return min(max(v, range.lowerBound), range.upperBound)
    }

    /// Ranges of the numeric properties the renderer multiplies: points, metres, factors.
    static let drawableRanges: [String: ClosedRange<Double>] = [
        "circle-radius": 0...1024, "line-width": 0...1024, "text-size": 1...256, "text-halo-width": 0...64,
        "fill-extrusion-height": 0...10_000, "fill-extrusion-base": 0...10_000, "raster-opacity": 0...1, "symbol-sort-key": -1e15...1e15,
    ]

    /// At most this many dash lengths, each 0.1–1,000 line widths.
    static let dashLimit = 16
}
