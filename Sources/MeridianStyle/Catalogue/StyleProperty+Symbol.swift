// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The symbol layer's properties, in the specification's order.
    static let symbol: [StyleProperty] = [
        StyleProperty(
            "symbol-placement", .layout, .enumeration(["point", "line", "line-center"]), default: .string("point"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "symbol-spacing", .layout, .number, default: .number(250), range: 1.0...Double.infinity, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty("symbol-avoid-edges", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty("symbol-sort-key", .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "symbol-z-order", .layout, .enumeration(["auto", "viewport-y", "source"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty("icon-allow-overlap", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            "icon-overlap", .layout, .enumeration(["never", "always", "cooperative"]), default: nil, inputs: [.zoom],
            drawn: true),
        StyleProperty("icon-ignore-placement", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty("icon-optional", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            "icon-rotation-alignment", .layout, .enumeration(["map", "viewport", "auto"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "icon-size", .layout, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "icon-text-fit", .layout, .enumeration(["none", "width", "height", "both"]), default: .string("none"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "icon-text-fit-padding", .layout, .array(.number, length: 4),
            default: .array([.number(0), .number(0), .number(0), .number(0)]), interpolated: true, inputs: [.zoom],
            drawn: true),
        StyleProperty("icon-image", .layout, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "icon-rotate", .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            "icon-padding", .layout, .padding, default: .array([.number(2)]), interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty("icon-keep-upright", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            "icon-offset", .layout, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "icon-anchor", .layout,
            .enumeration([
                "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
            ]), default: .string("center"), inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "icon-pitch-alignment", .layout, .enumeration(["map", "viewport", "auto"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-pitch-alignment", .layout, .enumeration(["map", "viewport", "auto"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-rotation-alignment", .layout, .enumeration(["map", "viewport", "viewport-glyph", "auto"]),
            default: .string("auto"), inputs: [.zoom], drawn: true),
        StyleProperty("text-field", .layout, .formatted, default: .string(""), inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-font", .layout, .array(.string, length: nil),
            default: .array([.string("Open Sans Regular"), .string("Arial Unicode MS Regular")]),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-size", .layout, .number, default: .number(16), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-max-width", .layout, .number, default: .number(10), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-line-height", .layout, .number, default: .number(1.2), interpolated: true, inputs: [.zoom],
            drawn: true),
        StyleProperty(
            "text-letter-spacing", .layout, .number, default: .number(0), interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-justify", .layout, .enumeration(["auto", "left", "center", "right"]), default: .string("center"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-radial-offset", .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            "text-variable-anchor", .layout,
            .array(
                .enumeration([
                    "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
                ]), length: nil), default: nil, inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-variable-anchor-offset", .layout, .variableAnchorOffsetCollection, default: nil, interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-anchor", .layout,
            .enumeration([
                "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
            ]), default: .string("center"), inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-max-angle", .layout, .number, default: .number(45), interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-writing-mode", .layout, .array(.enumeration(["horizontal", "vertical"]), length: nil), default: nil,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-rotate", .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            "text-padding", .layout, .number, default: .number(2), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom], drawn: true),
        StyleProperty("text-keep-upright", .layout, .boolean, default: .bool(true), inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-transform", .layout, .enumeration(["none", "uppercase", "lowercase"]), default: .string("none"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            "text-offset", .layout, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom, .feature], drawn: true),
        StyleProperty("text-allow-overlap", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-overlap", .layout, .enumeration(["never", "always", "cooperative"]), default: nil, inputs: [.zoom],
            drawn: true),
        StyleProperty("text-ignore-placement", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty("text-optional", .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            "visibility", .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            "icon-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "icon-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "icon-halo-color", .paint, .color, default: .string("rgba(0, 0, 0, 0)"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "icon-halo-width", .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "icon-halo-blur", .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "icon-translate", .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "icon-translate-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-opacity", .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "text-color", .paint, .color, default: .string("#000000"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "text-halo-color", .paint, .color, default: .string("rgba(0, 0, 0, 0)"), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "text-halo-width", .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "text-halo-blur", .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            "text-translate", .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            "text-translate-anchor", .paint, .enumeration(["map", "viewport"]), default: .string("map"),
            inputs: [.zoom], drawn: true),
    ]
}
