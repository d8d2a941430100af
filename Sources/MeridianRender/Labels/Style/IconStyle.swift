import MeridianGeometry
import MeridianStyle

/// A symbol layer's icon properties for one frame's style zoom, each looked up once, then read
/// per feature (as ``LabelStyle`` for the text): which image, and how it is set on the point.
struct IconStyle {
    let image: ResolvedProperty, anchor: ResolvedProperty, offset: ResolvedProperty
    let size: ResolvedNumber, rotate: ResolvedNumber, padding: ResolvedNumber, opacity: ResolvedNumber
    let color: ResolvedColor, halo: ResolvedColor, haloWidth: ResolvedNumber, haloBlur: ResolvedNumber
    /// `icon-rotation-alignment` is `map` (the icon turns with the map's bearing).
    let turnsWithMap: Bool
    /// `icon-pitch-alignment` is `map` (or `auto` with map rotation): the icon lies on the
    /// ground under tilt.
    let liesOnGround: Bool
    let rules: PlacementRules
    let zOrder: SymbolZOrder
    /// `icon-text-fit` and `icon-text-fit-padding`.
    let fit: IconFit

    init(_ layer: Style.Layer, zoom: Double) {
        image = layer.resolved(.iconImage, zoom: zoom)
        (anchor, offset) = (layer.resolved(.iconAnchor, zoom: zoom), layer.resolved(.iconOffset, zoom: zoom))
        size = layer.numberResolver(.iconSize, zoom: zoom)
        rotate = layer.numberResolver(.iconRotate, zoom: zoom)
        padding = layer.numberResolver(.iconPadding, zoom: zoom)
        opacity = layer.numberResolver(.iconOpacity, zoom: zoom)
        color = layer.colorResolver(.iconColor, zoom: zoom)
        halo = layer.colorResolver(.iconHaloColor, zoom: zoom)
        haloWidth = layer.numberResolver(.iconHaloWidth, zoom: zoom)
        haloBlur = layer.numberResolver(.iconHaloBlur, zoom: zoom)
        turnsWithMap = layer.keyword(StyleProperty.IconRotationAlignment.self, zoom: zoom) == .map
        let pitch = layer.keyword(StyleProperty.IconPitchAlignment.self, zoom: zoom)
        liesOnGround = pitch == .map || (pitch == .auto && turnsWithMap)
        rules = PlacementRules(layer, zoom: zoom)
        zOrder = SymbolZOrder(layer, zoom: zoom, rules: rules)
        var pad = [0.0, 0, 0, 0]
        if case let .array(values)? = layer.resolved(.iconTextFitPadding, zoom: zoom).constant {
            for (i, v) in values.prefix(4).enumerated() { pad[i] = min(max(v.finite ?? 0, -1000), 1000) }
        }
        fit = IconFit(mode: layer.keyword(zoom: zoom), padding: (pad[0], pad[1], pad[2], pad[3]))
    }

    /// The image's name for a feature (an image value evaluates to an object naming it, as
    /// `image` gives); nil for none or an empty name.
    func name(_ properties: [String: StyleValue]) -> String? { StyleImages.name(image(properties)) }

    /// The feature's icon, or nil for none. An image the sprites lack (other than the built-in
    /// `dot`) is added to `missing` and gives no icon.
    func icon(
        _ properties: [String: StyleValue], images: StyleImages, scale: Double, bearing: Double,
        missing: inout Set<String>
    ) -> PointIcon? {
        guard let name = name(properties) else { return nil }
        let kind: PointIcon.Kind
        let opacity = min(max(opacity(properties), 0), 1)
        if let found = images.image(name, scale: scale) {
            kind = .image(found)
        } else if name == Style.builtInIcon {
            kind = .dot
        } else {
            missing.insert(name)
            return nil
        }
        let placement = TextPlacement(anchor: anchor(properties), offset: nil, justify: nil)
        let shift = offset(properties)?.pair(within: 1000) ?? (0, 0)
        let degrees = rotate(properties) - (turnsWithMap ? bearing : 0)
        return PointIcon(
            kind: kind, size: min(max(size(properties), 0), 16), left: placement.left, above: placement.above,
            offset: shift, angle: degrees.isFinite ? degrees * .pi / 180 : 0,
            color: color(properties) ?? .clear, opacity: opacity,
            padding: min(max(padding(properties), 0), 100), halo: halo(properties) ?? .clear,
            haloWidth: haloWidth(properties), haloBlur: haloBlur(properties))
    }
}

/// `*-allow-overlap` (or the newer `*-overlap`), `*-ignore-placement` and `*-optional` of a symbol
/// layer's icon and text.
struct PlacementRules {
    var iconAllowOverlap = false, iconIgnorePlacement = false, iconOptional = false
    var textAllowOverlap = false, textIgnorePlacement = false, textOptional = false
    /// How each part may overlap others: `*-overlap` where set, else from `*-allow-overlap`.
    var iconOverlap = SymbolOverlap.never, textOverlap = SymbolOverlap.never

    init(_ layer: Style.Layer, zoom: Double) {
        func flag(_ p: StylePropertyName) -> Bool { layer.resolved(p, zoom: zoom).constant == .bool(true) }
        (iconAllowOverlap, iconIgnorePlacement) = (flag(.iconAllowOverlap), flag(.iconIgnorePlacement))
        (textAllowOverlap, textIgnorePlacement) = (flag(.textAllowOverlap), flag(.textIgnorePlacement))
        (iconOptional, textOptional) = (flag(.iconOptional), flag(.textOptional))
        iconOverlap = SymbolOverlap(
            layer.keyword(StyleProperty.IconOverlap.self, zoom: zoom), allowOverlap: iconAllowOverlap)
        textOverlap = SymbolOverlap(
            layer.keyword(StyleProperty.TextOverlap.self, zoom: zoom), allowOverlap: textAllowOverlap)
    }

    init() {}
}

/// `symbol-z-order`, as MapLibre reads it: `viewport-y` places and draws a layer's symbols from
/// the nearest (lowest on screen) to the farthest and ignores `symbol-sort-key`; `auto` (the
/// default) draws them down the screen too when the layer has no sort key and lets symbols
/// overlap or be overlapped (`*-allow-overlap`, `*-ignore-placement`), else, like `source`, in
/// sort-key and data order.
struct SymbolZOrder {
    let placesByY: Bool, drawsByY: Bool

    init(_ layer: Style.Layer, zoom: Double, rules: PlacementRules) {
        let value = layer.keyword(StyleProperty.SymbolZOrder.self, zoom: zoom)
        let sorted = layer[.symbolSortKey] != nil
        let overlapping =
            rules.textOverlap != .never || rules.iconOverlap != .never || rules.textIgnorePlacement
            || rules.iconIgnorePlacement
        placesByY = value == .viewportY
        drawsByY = (placesByY || (value == .auto && !sorted)) && overlapping
    }
}
