// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The background layer's properties, in the specification's order.
    static let background: [StyleProperty] = [
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .backgroundColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(.backgroundPattern, .paint, .resolvedImage, default: nil, inputs: [.zoom], drawn: true),
        StyleProperty(
            .backgroundOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
    ]
}
