// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The fill layer's properties, in the specification's order.
    static let fill: [StyleProperty] = [
        StyleProperty(
            .fillSortKey, .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true,
            drawable: -1e+15...1e+15),
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(.fillAntialias, .paint, .boolean, default: .bool(true), inputs: [.zoom], drawn: true),
        StyleProperty(
            .fillOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .fillLayerOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .globalState], drawn: true, drawable: 0...1),
        StyleProperty(
            .fillColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .fillOutlineColor, .paint, .color, default: nil, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .fillTranslate, .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .fillTranslateAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
        StyleProperty(.fillPattern, .paint, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
    ]
}
