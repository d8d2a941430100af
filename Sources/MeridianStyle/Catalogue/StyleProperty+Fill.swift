// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The fill layer's properties, in the specification's order.
    static let fill: [StyleProperty] = [
        StyleProperty("fill-sort-key", .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty("fill-antialias", .paint, .boolean, default: .bool(true), inputs: [.zoom], drawn: true),
        StyleProperty(
            "fill-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "fill-layer-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .globalState], drawn: true),
        StyleProperty(
            "fill-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "fill-outline-color", .paint, .color, default: nil, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "fill-translate", .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "fill-translate-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
        StyleProperty("fill-pattern", .paint, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
    ]
}
