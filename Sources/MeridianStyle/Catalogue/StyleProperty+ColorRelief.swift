// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The color-relief layer's properties, in the specification's order.
    static let colorRelief: [StyleProperty] = [
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .colorReliefOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .colorReliefColor, .paint, .color, default: nil, interpolated: true, inputs: [.elevation], drawn: true),
        StyleProperty(
            .resampling, .paint, .enumeration(["linear", "nearest"]), default: .string("linear"), inputs: [.zoom],
            drawn: true),
    ]
}
