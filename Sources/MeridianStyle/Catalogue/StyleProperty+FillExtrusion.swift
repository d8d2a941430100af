// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The fill-extrusion layer's properties, in the specification's order.
    static let fillExtrusion: [StyleProperty] = [
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "fill-extrusion-rounded-corner-distance", .layout, .number, default: .number(0),
            range: 0.0...Double.infinity, inputs: [], drawn: true),
        StyleProperty(
            "fill-extrusion-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "fill-extrusion-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "fill-extrusion-translate", .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "fill-extrusion-translate-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "fill-extrusion-pattern", .paint, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "fill-extrusion-height", .paint, .number, default: .number(0), range: 0.0...Double.infinity,
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "fill-extrusion-base", .paint, .number, default: .number(0), range: 0.0...Double.infinity,
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "fill-extrusion-vertical-gradient", .paint, .boolean, default: .bool(true), inputs: [.zoom], drawn: true),
    ]
}
