// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The hillshade layer's properties, in the specification's order.
    static let hillshade: [StyleProperty] = [
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "hillshade-illumination-direction", .paint, .numberArray, default: .number(335), range: 0.0...359.0,
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "hillshade-illumination-altitude", .paint, .numberArray, default: .number(45), range: 0.0...90.0,
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "hillshade-illumination-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("viewport"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "hillshade-exaggeration", .paint, .number, default: .number(0.5), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "hillshade-shadow-color", .paint, .colorArray, default: .string("#000000"), interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "hillshade-highlight-color", .paint, .colorArray, default: .string("#FFFFFF"), interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "hillshade-accent-color", .paint, .color, default: .string("#000000"), interpolated: true, inputs: [.zoom],
            drawn: true),
        StyleProperty(
            "hillshade-method", .paint, .enumeration(["standard", "basic", "combined", "igor", "multidirectional"]),
            default: .string("standard"), inputs: [.zoom], drawn: true),
        StyleProperty(
            "resampling", .paint, .enumeration(["linear", "nearest"]), default: .string("linear"), inputs: [.zoom],
            drawn: true),
    ]
}
