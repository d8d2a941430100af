// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The symbol layer's properties, in the specification's order.
    static let symbol: [StyleProperty] = [
        StyleProperty(
            .symbolPlacement, .layout, .enumeration(["point", "line", "line-center"]), default: .string("point"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .symbolSpacing, .layout, .number, default: .number(250), range: 1.0...Double.infinity, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: 1...100000),
        StyleProperty(.symbolAvoidEdges, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            .symbolSortKey, .layout, .number, default: nil, inputs: [.zoom, .feature], drawn: true,
            drawable: -1e+15...1e+15),
        StyleProperty(
            .symbolZOrder, .layout, .enumeration(["auto", "viewport-y", "source"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(.iconAllowOverlap, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            .iconOverlap, .layout, .enumeration(["never", "always", "cooperative"]), default: nil, inputs: [.zoom],
            drawn: true),
        StyleProperty(.iconIgnorePlacement, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(.iconOptional, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            .iconRotationAlignment, .layout, .enumeration(["map", "viewport", "auto"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .iconSize, .layout, .number, default: .number(1), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .iconTextFit, .layout, .enumeration(["none", "width", "height", "both"]), default: .string("none"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .iconTextFitPadding, .layout, .array(.number, length: 4),
            default: .array([.number(0), .number(0), .number(0), .number(0)]), interpolated: true, inputs: [.zoom],
            drawn: true),
        StyleProperty(.iconImage, .layout, .resolvedImage, default: nil, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .iconRotate, .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            .iconPadding, .layout, .padding, default: .array([.number(2)]), interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(.iconKeepUpright, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            .iconOffset, .layout, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .iconAnchor, .layout,
            .enumeration([
                "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
            ]), default: .string("center"), inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .iconPitchAlignment, .layout, .enumeration(["map", "viewport", "auto"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .textPitchAlignment, .layout, .enumeration(["map", "viewport", "auto"]), default: .string("auto"),
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .textRotationAlignment, .layout, .enumeration(["map", "viewport", "viewport-glyph", "auto"]),
            default: .string("auto"), inputs: [.zoom], drawn: true),
        StyleProperty(.textField, .layout, .formatted, default: .string(""), inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .textFont, .layout, .array(.string, length: nil),
            default: .array([.string("Open Sans Regular"), .string("Arial Unicode MS Regular")]),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .textSize, .layout, .number, default: .number(16), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature], drawn: true, drawable: 1...256),
        StyleProperty(
            .textMaxWidth, .layout, .number, default: .number(10), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature], drawn: true, drawable: 0...1000),
        StyleProperty(
            .textLineHeight, .layout, .number, default: .number(1.2), interpolated: true, inputs: [.zoom], drawn: true,
            drawable: 0.5...5),
        StyleProperty(
            .textLetterSpacing, .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true, drawable: -64...64),
        StyleProperty(
            .textJustify, .layout, .enumeration(["auto", "left", "center", "right"]), default: .string("center"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .textRadialOffset, .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            .textVariableAnchor, .layout,
            .array(
                .enumeration([
                    "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
                ]), length: nil), default: nil, inputs: [.zoom], drawn: true),
        StyleProperty(
            .textVariableAnchorOffset, .layout, .variableAnchorOffsetCollection, default: nil, interpolated: true,
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .textAnchor, .layout,
            .enumeration([
                "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
            ]), default: .string("center"), inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .textMaxAngle, .layout, .number, default: .number(45), interpolated: true, inputs: [.zoom], drawn: true,
            drawable: 0...180),
        StyleProperty(
            .textWritingMode, .layout, .array(.enumeration(["horizontal", "vertical"]), length: nil), default: nil,
            inputs: [.zoom], drawn: true),
        StyleProperty(
            .textRotate, .layout, .number, default: .number(0), interpolated: true, inputs: [.zoom, .feature],
            drawn: true),
        StyleProperty(
            .textPadding, .layout, .number, default: .number(2), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom], drawn: true, drawable: 0...100),
        StyleProperty(.textKeepUpright, .layout, .boolean, default: .bool(true), inputs: [.zoom], drawn: true),
        StyleProperty(
            .textTransform, .layout, .enumeration(["none", "uppercase", "lowercase"]), default: .string("none"),
            inputs: [.zoom, .feature], drawn: true),
        StyleProperty(
            .textOffset, .layout, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom, .feature], drawn: true),
        StyleProperty(.textAllowOverlap, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            .textOverlap, .layout, .enumeration(["never", "always", "cooperative"]), default: nil, inputs: [.zoom],
            drawn: true),
        StyleProperty(.textIgnorePlacement, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(.textOptional, .layout, .boolean, default: .bool(false), inputs: [.zoom], drawn: true),
        StyleProperty(
            .visibility, .layout, .enumeration(["visible", "none"]), default: .string("visible"),
            inputs: [.globalState], drawn: true),
        StyleProperty(
            .iconOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .iconColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .iconHaloColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 0.0)),
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .iconHaloWidth, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...64),
        StyleProperty(
            .iconHaloBlur, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...64),
        StyleProperty(
            .iconTranslate, .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .iconTranslateAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
        StyleProperty(
            .textOpacity, .paint, .number, default: .number(1), range: 0.0...1.0, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .textColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 1.0)), interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .textHaloColor, .paint, .color, default: .color(StyleColor(r: 0.0, g: 0.0, b: 0.0, a: 0.0)),
            interpolated: true, inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .textHaloWidth, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true, drawable: 0...64),
        StyleProperty(
            .textHaloBlur, .paint, .number, default: .number(0), range: 0.0...Double.infinity, interpolated: true,
            inputs: [.zoom, .feature, .featureState], drawn: true),
        StyleProperty(
            .textTranslate, .paint, .array(.number, length: 2), default: .array([.number(0), .number(0)]),
            interpolated: true, inputs: [.zoom], drawn: true),
        StyleProperty(
            .textTranslateAnchor, .paint, .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom],
            drawn: true),
    ]
}
