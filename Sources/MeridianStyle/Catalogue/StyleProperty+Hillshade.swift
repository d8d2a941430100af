// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The hillshade layer's properties, in the specification's order.
    static let hillshade: [StyleProperty] = [
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .hillshadeIlluminationDirection, .paint, .numberArray, default: .number(335), range: 0.0...359.0,
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeIlluminationAltitude, .paint, .numberArray, default: .number(45), range: 0.0...90.0,
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeIlluminationAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("viewport"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeExaggeration, .paint, .number, default: .number(0.5), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeShadowColor, .paint, .colorArray, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeHighlightColor, .paint, .colorArray, default: .color(StyleColor(r: 1.0, g: 1.0, b: 1.0, a: 1.0)),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeAccentColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .hillshadeMethod, .paint, .enumeration(["standard", "basic", "combined", "igor", "multidirectional"]),
            default: .string("standard"), inputs: [.zoom], drawn: true),
        StyleProperty(
            .resampling, .paint, .enumeration(["linear", "nearest"]), default: .string("linear"), inputs: [.zoom],
            drawn: true),
    ]
}
