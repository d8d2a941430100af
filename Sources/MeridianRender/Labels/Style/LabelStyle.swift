import MeridianStyle

/// A symbol layer's text properties for one frame's style zoom, each looked up once (and
/// evaluated once when it does not read the feature), then read per feature: what point and
/// line labels ask of every feature, without a dictionary lookup and an evaluation per property
/// and feature.
struct LabelStyle {
    let field: ResolvedProperty, transform: ResolvedProperty, font: ResolvedProperty
    let anchor: ResolvedProperty, sortKey: ResolvedProperty, offset: ResolvedProperty, justify: ResolvedProperty
    let size: ResolvedNumber, haloWidth: ResolvedNumber, haloBlur: ResolvedNumber, letterSpacing: ResolvedNumber
    let maxWidth: ResolvedNumber, spacing: ResolvedNumber, maxAngle: ResolvedNumber, padding: ResolvedNumber
    let lineHeight: ResolvedNumber, rotate: ResolvedNumber
    let variableAnchor: ResolvedProperty, radialOffset: ResolvedProperty, anchorOffsets: ResolvedProperty
    /// Whether the layer sets `text-radial-offset` (then it wins over `text-offset`, 0 included).
    let setsRadialOffset: Bool
    /// `text-writing-mode` (``VerticalText``).
    let writingMode: ResolvedProperty
    let color: ResolvedColor, halo: ResolvedColor

    init(_ layer: Style.Layer, zoom: Double) {
        (field, transform) = (layer.resolved(.textField, zoom: zoom), layer.resolved(.textTransform, zoom: zoom))
        // Unset, `text-font` is MapLibre's default stack in a style's own glyphs, else Meridian's
        // own look (DejaVu Sans, bold from 13 pt for point labels: `LabelFont`, and the fontstack
        // the served style names): the one property whose unset value is not always the
        // catalogue's default (`StyleProperty.ownLook`).
        font = ResolvedProperty(layer[.textFont], zoom: zoom, fallback: nil)
        anchor = layer.resolved(.textAnchor, zoom: zoom)
        sortKey = layer.resolved(.symbolSortKey, zoom: zoom)
        (offset, justify) = (layer.resolved(.textOffset, zoom: zoom), layer.resolved(.textJustify, zoom: zoom))
        size = layer.numberResolver(.textSize, zoom: zoom)
        haloWidth = layer.numberResolver(.textHaloWidth, zoom: zoom)
        haloBlur = layer.numberResolver(.textHaloBlur, zoom: zoom)
        letterSpacing = layer.numberResolver(.textLetterSpacing, zoom: zoom)
        maxWidth = layer.numberResolver(.textMaxWidth, zoom: zoom)
        spacing = layer.numberResolver(.symbolSpacing, zoom: zoom)
        maxAngle = layer.numberResolver(.textMaxAngle, zoom: zoom)
        padding = layer.numberResolver(.textPadding, zoom: zoom)
        lineHeight = layer.numberResolver(.textLineHeight, zoom: zoom)
        rotate = layer.numberResolver(.textRotate, zoom: zoom)
        variableAnchor = layer.resolved(.textVariableAnchor, zoom: zoom)
        radialOffset = layer.resolved(.textRadialOffset, zoom: zoom)
        setsRadialOffset = layer[.textRadialOffset] != nil
        anchorOffsets = layer.resolved(.textVariableAnchorOffset, zoom: zoom)
        writingMode = layer.resolved(.textWritingMode, zoom: zoom)
        color = layer.colorResolver(.textColor, opacity: .textOpacity, zoom: zoom)
        // `text-opacity` fades the halo too, as MapLibre's shader multiplies both by it.
        halo = layer.colorResolver(.textHaloColor, opacity: .textOpacity, zoom: zoom)
    }

    /// A feature's label: its `text-field`, with `text-transform` applied (`uppercase`,
    /// `lowercase`; `none` or any other value leaves it as it is), within ``TextBounds``; nil
    /// when empty or absent.
    func text(_ properties: [String: StyleValue]) -> String? {
        // Blank lines and spaces at either end are not set, as MapLibre sets them: the OpenMapTiles
        // styles' "{name:latin}\n{name:nonlatin}" is one line where the second name is empty.
        guard let text = field(properties)?.string.map({ Self.trimmed(TextBounds.bounded($0)) }), !text.isEmpty
        else { return nil }
        switch transform.keyword(StyleProperty.TextTransform.self, properties) {
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .none: return text
        }
    }

    /// Whether a feature's label `text` is written vertically (``VerticalText``).
    func vertical(_ text: String, _ properties: [String: StyleValue]) -> Bool {
        guard case let .array(modes)? = writingMode(properties) else { return false }
        return VerticalText.applies(modes.compactMap(\.string), to: text)
    }

    /// `text` without white space (spaces, tabs, line breaks) at either end.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// The placements a feature's label tries in order: its variable anchors
    /// (``TextPlacement/variable(anchors:radial:anchorOffsets:offset:justify:padding:)``), else its one
    /// `text-anchor`.
    func placements(_ p: [String: StyleValue]) -> [TextPlacement] {
        let size = self.size(p)
        let variable = TextPlacement.variable(
            anchors: variableAnchor(p), radial: setsRadialOffset ? radialOffset(p) : nil,
            anchorOffsets: anchorOffsets(p),
            offset: offset(p),
            justify: justify(p), padding: size > 0 ? padding(p) / size : 0)
        return variable.isEmpty ? [TextPlacement(anchor: anchor(p), offset: offset(p), justify: justify(p))] : variable
    }

    /// How a feature's text is inked at `size` points in `font` (``TextLook``).
    func look(_ p: [String: StyleValue], size: Double, font: LabelFont) -> TextLook {
        TextLook(
            font: font, size: size, color: color(p) ?? .clear, halo: halo(p) ?? .clear, haloWidth: haloWidth(p),
            haloBlur: haloBlur(p), letterSpacing: letterSpacing(p))
    }

    /// The label's font from `text-font` (a stack of names, ``LabelFont/cached(stack:)``), or nil
    /// when the layer sets none.
    func font(_ properties: [String: StyleValue]) -> LabelFont? {
        names(properties).map(LabelFont.cached(stack:))
    }

    /// The font `text` is drawn in: with the style's `glyphs`, its `text-font` stack (MapLibre's
    /// default stack where the layer sets none) from them, as MapLibre draws it, when they hold
    /// every character of it; else the system's faces (``font(_:)``, else `fallback`).
    func font(_ properties: [String: StyleValue], text: String, glyphs: StyleGlyphs?, fallback: LabelFont) -> LabelFont
    {
        let names = names(properties)
        if let glyphs, !text.isEmpty {
            let stack = names ?? SDFFont.defaultStack
            if glyphs.covers(text, stack: stack.joined(separator: ",")) { return LabelFont.sdf(stack, glyphs: glyphs) }
        }
        return names.map(LabelFont.cached(stack:)) ?? fallback
    }

    /// The `text-font` names, nil when the layer sets none.
    private func names(_ properties: [String: StyleValue]) -> [String]? {
        guard case let .array(names)? = font(properties) else { return nil }
        return names.compactMap(\.string)
    }
}
