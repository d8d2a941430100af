// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The circle layer's properties, in the specification's order.
    static let circle: [StyleProperty] = [
        StyleProperty(
            .circleSortKey, .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true,
            drawable: -1e+15...1e+15),
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .circleRadius, .paint, .number, default: .number(5), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...1024),
        StyleProperty(
            .circleColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)),
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .circleBlur, .paint, .number, default: .number(0), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...64),
        StyleProperty(
            .circleOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .circleTranslate, .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .circleTranslateAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            .circlePitchScale, .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            .circlePitchAlignment, .paint, .enumeration(["map", "viewport"]), default: .string("viewport"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .circleStrokeWidth, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...1024),
        StyleProperty(
            .circleStrokeColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)),
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .circleStrokeOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
    ]
}
