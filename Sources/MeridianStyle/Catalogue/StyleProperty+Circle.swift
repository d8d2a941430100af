// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The circle layer's properties, in the specification's order.
    static let circle: [StyleProperty] = [
        StyleProperty("circle-sort-key", .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "circle-radius", .paint, .number, default: .number(5), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "circle-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "circle-blur", .paint, .number, default: .number(0), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "circle-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "circle-translate", .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "circle-translate-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "circle-pitch-scale", .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            "circle-pitch-alignment", .paint, .enumeration(["map", "viewport"]), default: .string("viewport"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "circle-stroke-width", .paint, .number, default: .number(0), range: 0.0...Double.infinity,
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "circle-stroke-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "circle-stroke-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
    ]
}
