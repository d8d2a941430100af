// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The line layer's properties, in the specification's order.
    static let line: [StyleProperty] = [
        StyleProperty(
            .lineCap, .layout, .enumeration(["butt", "round", "square"]), default: .string("butt"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .lineJoin, .layout, .enumeration(["bevel", "round", "miter"]), default: .string("miter"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .lineMiterLimit, .layout, .number, default: .number(2), interpolated: true, inputs: [.zoom, .feature],
            drawn: true, drawable: 1...1000),
        StyleProperty(
            .lineRoundLimit, .layout, .number, default: .number(1.05), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            .lineSortKey, .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true,
            drawable: -1e+15...1e+15),
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .lineOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .lineLayerOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .globalState], drawn: true, drawable: 0...1),
        StyleProperty(
            .lineColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .lineTranslate, .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .lineTranslateAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            .lineWidth, .paint, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...1024),
        StyleProperty(
            .lineGapWidth, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...1024),
        StyleProperty(
            .lineOffset, .paint, .number, default: .number(0), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: -1024...1024),
        StyleProperty(
            .lineBlur, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...64),
        StyleProperty(
            .lineDasharray, .paint, .array(.number, length: nil), default: nil, range: 0.0...Double.infinity,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(.linePattern, .paint, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .lineGradient, .paint, .color, default: nil, interpolated: true, inputs: [.lineProgress], drawn: true),
    ]
}
