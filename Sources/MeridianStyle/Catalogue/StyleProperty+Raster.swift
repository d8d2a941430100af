// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The raster layer's properties, in the specification's order.
    static let raster: [StyleProperty] = [
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "raster-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "raster-hue-rotate", .paint, .number, default: .number(0), interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "raster-brightness-min", .paint, .number, default: .number(0), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "raster-brightness-max", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "raster-saturation", .paint, .number, default: .number(0), range: -1.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "raster-contrast", .paint, .number, default: .number(0), range: -1.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "resampling", .paint, .enumeration(["linear", "nearest"]), default: .string("linear"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            "raster-resampling", .paint, .enumeration(["linear", "nearest"]), default: .string("linear"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "raster-fade-duration", .paint, .number, default: .number(300), range: 0.0...Double.infinity,
            interpolated: true, inputs: [.zoom], drawn: true),
    ]
}
