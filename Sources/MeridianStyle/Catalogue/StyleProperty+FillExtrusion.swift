// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The fill-extrusion layer's properties, in the specification's order.
    static let fillExtrusion: [StyleProperty] = [
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .fillExtrusionRoundedCornerDistance, .layout, .number, default: .number(0), range: 0.0...Double.infinity,
            inputs: [], drawn: true, drawable: 0...10000),
        StyleProperty(
            .fillExtrusionOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .fillExtrusionColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)),
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .fillExtrusionTranslate, .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .fillExtrusionTranslateAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .fillExtrusionPattern, .paint, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .fillExtrusionHeight, .paint, .number, default: .number(0), range: 0.0...Double.infinity,
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...10000),
        StyleProperty(
            .fillExtrusionBase, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...10000),
        StyleProperty(
            .fillExtrusionVerticalGradient, .paint, .boolean, default: .bool(true), inputs: [.zoom], drawn: true),
    ]
}
