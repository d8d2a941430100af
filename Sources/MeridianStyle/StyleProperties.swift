/// The paint and layout properties Meridian reads, per layer type, with their value types
/// (colour properties accept CSS colour strings).
enum StyleProperties {
    /// A property's value type: `array` values (a dash pattern, a font list) may be written as
    /// plain JSON arrays, as the specification allows for them.
    enum ValueType { case number, color, string, array, other }

    static let paint: [Style.Layer.Kind: [String: ValueType]] = [
        .background: ["background-color": .color, "background-opacity": .number],
        .fill: ["fill-color": .color, "fill-opacity": .number, "fill-outline-color": .color],
        .line: [
            "line-color": .color, "line-width": .number, "line-opacity": .number, "line-dasharray": .array,
            "line-gap-width": .number,
        ],
        .symbol: [
            "text-color": .color, "text-halo-color": .color, "text-halo-width": .number, "text-opacity": .number,
        ],
        .circle: [
            "circle-radius": .number, "circle-color": .color, "circle-opacity": .number, "circle-stroke-color": .color,
            "circle-stroke-width": .number,
        ],
        .raster: ["raster-opacity": .number],
        .fillExtrusion: [
            "fill-extrusion-color": .color, "fill-extrusion-height": .number, "fill-extrusion-base": .number,
            "fill-extrusion-opacity": .number,
        ],
    ]

    static let layout: [Style.Layer.Kind: [String: ValueType]] = {
        var table: [Style.Layer.Kind: [String: ValueType]] = [:]
        for kind in Style.Layer.Kind.allCases { table[kind] = ["visibility": .string] }
        table[.line]?.merge(["line-cap": .string, "line-join": .string]) { a, _ in a }
        table[.symbol]?.merge([
            "text-field": .other, "text-size": .number, "text-font": .array, "text-anchor": .string,
            "symbol-placement": .string, "text-max-width": .number, "symbol-sort-key": .number,
            "text-transform": .string,
            "text-letter-spacing": .number, "symbol-spacing": .number, "text-max-angle": .number,
        ]) { a, _ in a }
        return table
    }()
}
