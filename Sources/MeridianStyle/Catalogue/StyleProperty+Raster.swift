// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The raster layer's properties, in the specification's order.
    static let raster: [StyleProperty] = [
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .rasterOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true, inputs: [.zoom],
            drawn: true, drawable: 0...1),
        StyleProperty(
            .rasterHueRotate, .paint, .number, default: .number(0), interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .rasterBrightnessMin, .paint, .number, default: .number(0), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: 0...1),
        StyleProperty(
            .rasterBrightnessMax, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: 0...1),
        StyleProperty(
            .rasterSaturation, .paint, .number, default: .number(0), range: -1.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: -1...1),
        StyleProperty(
            .rasterContrast, .paint, .number, default: .number(0), range: -1.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: -1...0.999),
        StyleProperty(
            .resampling, .paint, .enumeration(["linear", "nearest"]), default: .string("linear"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            .rasterResampling, .paint, .enumeration(["linear", "nearest"]), default: .string("linear"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            .rasterFadeDuration, .paint, .number, default: .number(300), range: 0.0...Double.infinity,
            interpolated: true, inputs: [.zoom], drawn: true),
    ]
}
