// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The heatmap layer's properties, in the specification's order.
    static let heatmap: [StyleProperty] = [
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "heatmap-radius", .paint, .number, default: .number(30), range: 1.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "heatmap-weight", .paint, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "heatmap-intensity", .paint, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "heatmap-color", .paint, .color,
            default: .array([
                .string("interpolate"), .array([.string("linear")]), .array([.string("heatmap-density")]), .number(0),
                .string("rgba(0, 0, 255, 0)"), .number(0.1), .string("royalblue"), .number(0.3), .string("cyan"),
                .number(0.5), .string("lime"), .number(0.7), .string("yellow"), .number(1), .string("red"),
            ]), interpolated: true, inputs: [.heatmapDensity], drawn: true),
        StyleProperty(
            "heatmap-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
    ]
}
