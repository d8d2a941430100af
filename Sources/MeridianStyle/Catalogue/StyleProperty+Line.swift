// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The line layer's properties, in the specification's order.
    static let line: [StyleProperty] = [
        StyleProperty(
            "line-cap", .layout, .enumeration(["butt", "round", "square"]), default: .string("butt"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "line-join", .layout, .enumeration(["bevel", "round", "miter"]), default: .string("miter"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "line-miter-limit", .layout, .number, default: .number(2), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            "line-round-limit", .layout, .number, default: .number(1.05), interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty("line-sort-key", .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "line-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "line-layer-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .globalState], drawn: true),
        StyleProperty(
            "line-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "line-translate", .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "line-translate-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "line-width", .paint, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "line-gap-width", .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "line-offset", .paint, .number, default: .number(0), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "line-blur", .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "line-dasharray", .paint, .array(.number, length: nil), default: nil, range: 0.0...Double.infinity,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty("line-pattern", .paint, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "line-gradient", .paint, .color, default: nil, interpolated: true, inputs: [.lineProgress], drawn: true),
    ]
}
