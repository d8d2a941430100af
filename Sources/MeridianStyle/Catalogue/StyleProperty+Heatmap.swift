// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The heatmap layer's properties, in the specification's order.
    static let heatmap: [StyleProperty] = [
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .heatmapRadius, .paint, .number, default: .number(30), range: 1.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 1...300),
        StyleProperty(
            .heatmapWeight, .paint, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...1000000),
        StyleProperty(
            .heatmapIntensity, .paint, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: 0...1000000),
        StyleProperty(
            .heatmapColor, .paint, .color,
            default: .array([
                .string("interpolate"), .array([.string("linear")]), .array([.string("heatmap-density")]), .number(0),
                .string("rgba(0, 0, 255, 0)"), .number(0.1), .string("royalblue"), .number(0.3), .string("cyan"),
                .number(0.5), .string("lime"), .number(0.7), .string("yellow"), .number(1), .string("red"),
            ]), interpolated: true, inputs: [.heatmapDensity], drawn: true),
        StyleProperty(
            .heatmapOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: 0...1),
    ]
}
