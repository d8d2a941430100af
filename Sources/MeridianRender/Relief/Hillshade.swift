import Foundation
import MeridianStyle

/// A hillshade layer's light, read once a frame, and the shading of one slope by it: MapLibre GL
/// JS 5.x's arithmetic, every `hillshade-method` (standard, basic, combined, igor,
/// multidirectional), in premultiplied RGBA 0…1.
///
/// Slopes come from ``HillshadeSlopes`` (the prepare pass); here `d` is the latitude-corrected
/// slope vector (east, south) of one pixel.
struct Hillshade: Hashable {
    typealias Method = StyleProperty.HillshadeMethod

    /// One light: direction and altitude in radians (direction from north, clockwise, plus the
    /// bearing under the `viewport` anchor), its shadow and highlight colours (premultiplied).
    struct Light: Hashable {
        var direction: Double
        var altitude: Double
        var shadow: SIMD4<Double>
        var highlight: SIMD4<Double>
    }

    var method: Method
    /// `hillshade-exaggeration`, 0…1.
    var exaggeration: Double
    var accent: SIMD4<Double>
    /// Every light (only the first outside `multidirectional`).
    var lights: [Light]

    /// Reads `layer`'s paint at `zoom` for a camera of `bearing` degrees. Arrays of directions,
    /// altitudes and colours shorter than the longest repeat their last member (as MapLibre pads
    /// them); a bad member takes the property's default (the catalogue's).
    init(_ layer: Style.Layer, zoom: Double, bearing: Double) {
        func values(_ name: StylePropertyName) -> [StyleValue] {
            switch layer.value(name, [:], zoom: zoom) {
            case let .array(list)? where !list.isEmpty: list
            case let value?: [value]
            case nil: []
            }
        }
        func number(_ v: StyleValue?, _ range: ClosedRange<Double>, _ name: StylePropertyName) -> Double {
            guard let n = v?.number, n.isFinite else { return layer.defaultValue(name)?.number ?? 0 }
            return min(range.upperBound, max(range.lowerBound, n))
        }
        func color(_ v: StyleValue?, _ name: StylePropertyName) -> SIMD4<Double> {
            guard let c = v?.rgba ?? layer.defaultValue(name)?.rgba else { return SIMD4(0, 0, 0, 0) }
            let a = min(1, max(0, c.a))
            return SIMD4(c.r * a, c.g * a, c.b * a, a)
        }
        method = layer.keyword(zoom: zoom)
        exaggeration = layer.number(.hillshadeExaggeration, [:], zoom: zoom)
        exaggeration = min(1, max(0, exaggeration))
        accent = color(layer.value(.hillshadeAccentColor, [:], zoom: zoom), .hillshadeAccentColor)
        let directions = values(.hillshadeIlluminationDirection)
        let altitudes = values(.hillshadeIlluminationAltitude)
        let shadows = values(.hillshadeShadowColor)
        let highlights = values(.hillshadeHighlightColor)
        let count = max(1, directions.count, altitudes.count, shadows.count, highlights.count)
        let viewport = layer.keyword(StyleProperty.HillshadeIlluminationAnchor.self, zoom: zoom) == .viewport
        let turn = viewport ? bearing * .pi / 180 : 0
        lights = (0..<count).map { k in
            Light(
                direction: number(directions[safe: k] ?? directions.last, 0...359, .hillshadeIlluminationDirection)
                    * .pi / 180 + turn,
                altitude: number(altitudes[safe: k] ?? altitudes.last, 0...90, .hillshadeIlluminationAltitude) * .pi
                    / 180,
                shadow: color(shadows[safe: k] ?? shadows.last, .hillshadeShadowColor),
                highlight: color(highlights[safe: k] ?? highlights.last, .hillshadeHighlightColor))
        }
    }

    /// The aspect of slope `d` (MapLibre's: atan2(d.y, −d.x); ±π/2 when d.x is 0).
    @inline(__always)
    static func aspect(_ d: SIMD2<Double>) -> Double {
        d.x != 0 ? atan2(d.y, -d.x) : .pi / 2 * (d.y > 0 ? 1 : -1)
    }

    /// The cosine of the angle between the light and the surface's normal (GDAL's hillshade term).
    @inline(__always)
    static func cosine(_ d: SIMD2<Double>, azimuth az: Double, altitude alt: Double) -> Double {
        (sin(alt) - (d.y * cos(az) * cos(alt) - d.x * sin(az) * cos(alt))) / (1 + d.x * d.x + d.y * d.y).squareRoot()
    }

    /// GLSL's mod: x − y·floor(x / y).
    @inline(__always)
    static func mod(_ x: Double, _ y: Double) -> Double { x - y * (x / y).rounded(.down) }

    /// The premultiplied colour of slope `d` (latitude-corrected).
    func shade(_ d: SIMD2<Double>) -> SIMD4<Double> {
        let light = lights[0]
        let az = light.direction + .pi
        switch method {
        case .standard:
            let e = exaggeration
            let slope = atan(0.625 * (d.x * d.x + d.y * d.y).squareRoot())
            let base = 1.875 - 1.75 * e
            let maxValue = Double.pi / 2
            let scaled = e != 0.5 ? (pow(base, slope) - 1) / (pow(base, maxValue) - 1) * maxValue : slope
            let k = min(1, max(0, 2 * e))
            let accentColor = (1 - cos(scaled)) * accent * k
            let shade = abs(Self.mod((Self.aspect(d) + az) / .pi + 0.5, 2) - 1)
            let shadeColor = (light.shadow + (light.highlight - light.shadow) * shade) * sin(scaled) * k
            return accentColor * (1 - shadeColor.w) + shadeColor
        case .basic:
            return Self.basic(d * exaggeration * 2, light)
        case .combined:
            let e = d * exaggeration * 2
            let c = min(.pi / 2, max(0, acos(min(1, max(-1, Self.cosine(e, azimuth: az, altitude: light.altitude))))))
            let t = atan((e.x * e.x + e.y * e.y).squareRoot()) * 4 / (.pi * .pi)
            return light.shadow * (c * t) + light.highlight * ((.pi / 2 - c) * t)
        case .igor:
            let e = d * exaggeration * 2
            let steep = atan((e.x * e.x + e.y * e.y).squareRoot()) * 2 / .pi
            let facing = 1 - abs(Self.mod((Self.aspect(e) + az) / .pi + 0.5, 2) - 1)
            return light.shadow * (steep * facing) + light.highlight * (steep * (1 - facing))
        case .multidirectional:
            let e = d * exaggeration * 2
            return lights.reduce(SIMD4<Double>()) { $0 + Self.basic(e, $1) } / Double(lights.count)
        }
    }

    /// The `basic` method (GDAL's default hillshade) for slope `d` (already exaggerated) and one light.
    static func basic(_ d: SIMD2<Double>, _ light: Light) -> SIMD4<Double> {
        let s = min(1, max(0, cosine(d, azimuth: light.direction + .pi, altitude: light.altitude)))
        return s > 0.5 ? light.highlight * (2 * s - 1) : light.shadow * (1 - 2 * s)
    }
}

extension Array {
    /// The element at `index`, or nil past either end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
