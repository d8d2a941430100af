import MeridianCamera
import MeridianGeometry
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

    /// A finite number, or the first of an array of them (a `padding` such as `icon-padding`'s
    /// `[2]`: Meridian pads every side by its first); nil otherwise.
    var scalar: Double? {
        if case let .array(items) = self { return items.first?.finite }
        return finite
    }

    /// Two finite numbers `[x, y]` (an offset, a translation), each clamped to ±`limit`; nil for
    /// anything else.
    func pair(within limit: Double) -> (x: Double, y: Double)? {
        guard case let .array(v) = self, v.count == 2, let x = v[0].finite, let y = v[1].finite else { return nil }
        return (min(max(x, -limit), limit), min(max(y, -limit), limit))
    }
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
    /// The feature's properties as style values, with the pseudo-properties of
    /// `StyleExpression.geometryTypeKey` and `StyleExpression.idKey` when `pseudo` holds them.
    func styleProperties(
        reading pseudo: Set<String> = [], tile: TileID? = nil, extent: Int = 4096
    )
        -> [String: StyleValue]
    {
        var p = properties.mapValues(\.styleValue)
        for key in pseudo { if let v = pseudoValue(key) { p[key] = v } }
        // The geometry, in degrees, for `within` and `distance` in paint and layout values.
        if let tile, pseudo.contains(StyleExpression.geometryKey) {
            p[StyleExpression.geometryKey] = StyleExpression.geometryValue(geometry(in: tile, extent: extent))
        }
        return p
    }

    /// The feature's geometry in degrees, for `within` and `distance` (`FeatureGeometry`),
    /// read in `tile` of `extent` units.
    func geometry(in tile: TileID, extent: Int) -> FeatureGeometry {
        let (n, e) = (Double(1 << tile.z), Double(max(extent, 1)))
        let parts = geometry.map { part in
            part.map { q -> (longitude: Double, latitude: Double) in
                let c = WebMercator.unproject(
                    MercatorPoint(x: (Double(tile.x) + Double(q.x) / e) / n, y: (Double(tile.y) + Double(q.y) / e) / n))
                return (c.longitude, c.latitude)
            }
        }
        return FeatureGeometry(parts: parts, tile: (tile.z, tile.x, tile.y))
    }

    /// What an expression reads as `key`: a property, or a pseudo-property.
    func styleValue(forKey key: String) -> StyleValue? { properties[key]?.styleValue ?? pseudoValue(key) }

    /// The geometry type as legacy filters and `geometry-type` name it (Point, LineString,
    /// Polygon; a feature of several parts gives the singular form), or the feature's id
    /// (absent when it has none).
    func pseudoValue(_ key: String) -> StyleValue? {
        switch key {
        case StyleExpression.geometryTypeKey:
            switch type {
            case .point: return .string("Point")
            case .lineString: return .string("LineString")
            case .polygon: return .string("Polygon")
            default: return nil
            }
        case StyleExpression.idKey: return id.map { .number(Double($0)) }
        default: return nil
        }
    }
}

extension Style.Layer {
    // One feature's values, evaluated directly (no per-frame resolution to amortise: a loop over
    // a layer's features resolves once with the resolvers below instead). Every fallback is the
    // catalogue's default (`Style.Layer.value(_:_:zoom:)`): the renderer types none.

    /// A colour with its opacity folded into alpha: the catalogue's default where unset or not a
    /// colour; nil only where the specification has no default (`fill-outline-color`).
    func color(
        _ property: StylePropertyName, opacity: StylePropertyName? = nil, _ properties: [String: StyleValue],
        zoom: Double
    ) -> RGBA? {
        ResolvedColor.fold(
            self[property]?.evaluate(properties, zoom: zoom), opacity.flatMap { value($0, properties, zoom: zoom) },
            defaultValue(property)?.rgba)
    }

    /// A number, clamped into what drawing can use (`StyleProperty.drawable`), so a style or a
    /// feature asking for a radius of 1e308 draws a large circle, not a hang; the catalogue's
    /// default where unset or not a finite number (0 where the specification has none).
    func number(_ property: StylePropertyName, _ properties: [String: StyleValue], zoom: Double) -> Double {
        ResolvedNumber.clamp(
            self[property]?.evaluate(properties, zoom: zoom), into: drawable(property),
            fallback: defaultValue(property)?.scalar ?? 0)
    }

    /// One property for one zoom, looked up once (see ``ResolvedProperty``).
    func resolved(_ property: StylePropertyName, zoom: Double) -> ResolvedProperty {
        ResolvedProperty(self[property], zoom: zoom, fallback: defaultValue(property))
    }

    /// ``color(_:opacity:_:zoom:)`` for every feature of one frame.
    func colorResolver(
        _ property: StylePropertyName, opacity: StylePropertyName? = nil, zoom: Double
    )
        -> ResolvedColor
    {
        let color = resolved(property, zoom: zoom)
        return ResolvedColor(
            color: color, opacity: opacity.map { resolved($0, zoom: zoom) }, fallback: color.fallback?.rgba)
    }

    /// ``number(_:_:zoom:)`` for every feature of one frame (the catalogue asked once).
    func numberResolver(_ property: StylePropertyName, zoom: Double) -> ResolvedNumber {
        let value = resolved(property, zoom: zoom)
        return ResolvedNumber(value: value, range: drawable(property), fallback: value.fallback?.scalar ?? 0)
    }

    /// The bounds within which drawing uses a number: the catalogue's (generated beside `DRAWN`
    /// in `scripts/style-catalogue.py`), else ±1e6.
    func drawable(_ property: StylePropertyName) -> ClosedRange<Double> {
        StyleProperty.drawable(property, kind: kind) ?? -1e6...1e6
    }

    /// At most this many dash lengths, each 0.1–1,000 line widths.
    static let dashLimit = 16
}

/// A layer's property for one frame's zoom: looked up once, and evaluated once when it does
/// not read the feature (`StyleExpression/readsFeature`), so the features of a layer share
/// it instead of each looking it up and evaluating it again.
struct ResolvedProperty {
    let expression: StyleExpression?
    let zoom: Double
    /// The catalogue's default, read where the layer leaves the property unset or its expression
    /// fails for a feature.
    let fallback: StyleValue?
    /// The value when it is the same for every feature (nil when feature-dependent, or unset
    /// without a default).
    let constant: StyleValue?

    init(_ expression: StyleExpression?, zoom: Double, fallback: StyleValue?) {
        (self.expression, self.zoom, self.fallback) = (expression, zoom, fallback)
        guard let expression else {
            constant = fallback
            return
        }
        constant = expression.readsFeature ? nil : expression.evaluate([:], zoom: zoom).or(fallback)
    }

    /// Whether every feature gets the same value.
    var isConstant: Bool { expression == nil || constant != nil }

    /// The value for a feature's properties; nil only when unset (or failing) without a default.
    func callAsFunction(_ properties: [String: StyleValue]) -> StyleValue? {
        constant ?? expression?.evaluate(properties, zoom: zoom).or(fallback) ?? fallback
    }

    /// An enumeration property's value for a feature (the default for a name outside it).
    func keyword<K: DefaultedStyleKeyword>(_: K.Type = K.self, _ properties: [String: StyleValue] = [:]) -> K {
        K(self(properties)) ?? K.specificationDefault
    }
}

/// A colour property with its opacity folded into alpha, for one frame's zoom.
struct ResolvedColor {
    let color: ResolvedProperty
    let opacity: ResolvedProperty?
    let fallback: RGBA?
    /// The result when neither property reads the feature.
    private let constant: RGBA??

    init(color: ResolvedProperty, opacity: ResolvedProperty?, fallback: RGBA?) {
        (self.color, self.opacity, self.fallback) = (color, opacity, fallback)
        constant =
            color.isConstant && opacity?.isConstant ?? true
            ? .some(Self.fold(color([:]), opacity?([:]), fallback)) : nil
    }

    /// The colour for a feature; nil when absent or not a colour (and no fallback).
    func callAsFunction(_ properties: [String: StyleValue]) -> RGBA? {
        if let constant { return constant }
        return Self.fold(color(properties), opacity?(properties), fallback)
    }

    static func fold(_ value: StyleValue?, _ opacity: StyleValue?, _ fallback: RGBA?) -> RGBA? {
        guard var c = value?.rgba ?? fallback else { return nil }
        if let o = opacity?.finite { c.a *= min(max(o, 0), 1) }
        return c
    }
}

/// A numeric property clamped into a drawable range, for one frame's zoom.
struct ResolvedNumber {
    let value: ResolvedProperty
    let range: ClosedRange<Double>
    let fallback: Double

    /// The number for a feature (the fallback when absent or not a finite number), clamped.
    func callAsFunction(_ properties: [String: StyleValue]) -> Double {
        Self.clamp(value(properties), into: range, fallback: fallback)
    }

    static func clamp(_ value: StyleValue?, into range: ClosedRange<Double>, fallback: Double) -> Double {
        min(max(value?.scalar ?? fallback, range.lowerBound), range.upperBound)
    }
}
