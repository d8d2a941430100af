/// One paint or layout property of the style specification (v8), with the facts the
/// specification states for it and whether Meridian draws it.
///
/// The catalogue (``all(of:)``, `named(_:kind:)`) is made from the specification's reference
/// (`scripts/style-catalogue.py`); it is where a property's name, type, default and range live.
public struct StyleProperty: Hashable, Sendable {
    /// Paint properties are drawn per frame; layout properties shape what is drawn.
    public enum Group: String, Hashable, Sendable { case paint, layout }

    /// A property's value type, as the specification names it.
    public indirect enum ValueType: Hashable, Sendable {
        case number, color, string, boolean
        /// One of the listed strings.
        case enumeration([String])
        /// An array of `element`s; `length` when the specification fixes it (an offset is 2).
        case array(ValueType, length: Int?)
        /// 1 to 4 numbers (CSS order), or one number for all sides.
        case padding
        /// A `format` expression or a plain string (text-field).
        case formatted
        /// An image name, resolved against the sprite (icon-image, the patterns).
        case resolvedImage
        /// A number, or an array of numbers (per colour channel or per stop).
        case numberArray
        /// A colour, or an array of colours.
        case colorArray
        /// Anchor names, each followed by an offset (text-variable-anchor-offset).
        case variableAnchorOffsetCollection
    }

    /// What a property's expressions may read.
    public struct Inputs: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let zoom = Inputs(rawValue: 1)
        public static let feature = Inputs(rawValue: 2)
        public static let featureState = Inputs(rawValue: 4)
        public static let lineProgress = Inputs(rawValue: 8)
        public static let heatmapDensity = Inputs(rawValue: 16)
        public static let elevation = Inputs(rawValue: 32)
        public static let globalState = Inputs(rawValue: 64)
    }

    /// The property's name, e.g. `line-width`.
    public let key: StylePropertyName
    public let group: Group
    public let type: ValueType
    /// The specification's default (nil where it has none: the property is then unset).
    public let defaultValue: StyleValue?
    /// The specification's bounds for numbers, when it states them.
    public let range: ClosedRange<Double>?
    /// Whether `interpolate` may produce its values.
    public let interpolated: Bool
    public let inputs: Inputs
    /// Whether Meridian draws this property today; one it does not is reported when a style
    /// sets it (``Style/warnings``) and otherwise left out.
    public let drawn: Bool
    /// The bounds within which the renderer uses this number (points, metres, factors: what it
    /// multiplies), Meridian's fact beside ``drawn``; nil where it takes ±1e6.
    public let drawable: ClosedRange<Double>?

    init(
        _ key: StylePropertyName, _ group: Group, _ type: ValueType, default defaultValue: StyleValue?,
        range: ClosedRange<Double>? = nil, interpolated: Bool = false, inputs: Inputs, drawn: Bool = false,
        drawable: ClosedRange<Double>? = nil
    ) {
        (self.key, self.group, self.type, self.defaultValue) = (key, group, type, defaultValue)
        (self.range, self.interpolated, self.inputs, self.drawn) = (range, interpolated, inputs, drawn)
        self.drawable = drawable
    }

    /// The property's name as styles write it, e.g. `line-width`.
    public var name: String { key.rawValue }

    /// Whether Meridian draws this property, where a layer leaves it unset, in its own way rather
    /// than as its default: `text-font`, whose default names faces (Open Sans) that only a
    /// style's `glyphs` hold. With `glyphs` the renderer asks them for the default stack, as
    /// MapLibre does; without, it draws DejaVu Sans, bold from 13 pt for point labels, and names
    /// that fontstack in the styles it serves. Every other drawn property unset draws as its
    /// default does.
    public var ownLook: Bool { key == .textFont }

    /// Whether this is a pattern Meridian does not draw yet (`fill-pattern`, `line-pattern`…):
    /// a layer that sets one draws the pattern instead of its colour, so it is left out whole.
    var isUndrawnPattern: Bool { group == .paint && type == .resolvedImage && !drawn }

    /// Every property of a layer kind, layout first, in the specification's order.
    public static func all(of kind: Style.Layer.Kind) -> [StyleProperty] {
        switch kind {
        case .background: background
        case .fill: fill
        case .line: line
        case .symbol: symbol
        case .circle: circle
        case .raster: raster
        case .fillExtrusion: fillExtrusion
        case .heatmap: heatmap
        case .hillshade: hillshade
        case .colorRelief: colorRelief
        }
    }

    /// The property of that name for that layer kind, or nil when the specification has none.
    public static func named(_ name: String, kind: Style.Layer.Kind) -> StyleProperty? {
        StylePropertyName(rawValue: name).flatMap { named($0, kind: kind) }
    }

    /// The property of that name for that layer kind, or nil when the specification has none
    /// (an index into a table: readers ask it for properties of every layer, each frame).
    public static func named(_ name: StylePropertyName, kind: Style.Layer.Kind) -> StyleProperty? {
        table(of: kind).properties[name.ordinal]
    }

    /// The specification's default of `name` for `kind` (nil where it has none, or no such property).
    public static func defaultValue(_ name: StylePropertyName, kind: Style.Layer.Kind) -> StyleValue? {
        table(of: kind).defaults[name.ordinal]
    }

    /// The bounds within which the renderer uses `name` for `kind` (``drawable``).
    public static func drawable(_ name: StylePropertyName, kind: Style.Layer.Kind) -> ClosedRange<Double>? {
        table(of: kind).drawable[name.ordinal]
    }

    /// A kind's catalogue as tables indexed by ``StylePropertyName/ordinal``.
    struct Table: Sendable {
        let properties: [StyleProperty?]
        let defaults: [StyleValue?]
        let drawable: [ClosedRange<Double>?]

        init(_ all: [StyleProperty]) {
            var properties = [StyleProperty?](repeating: nil, count: StylePropertyName.count)
            for p in all where properties[p.key.ordinal] == nil { properties[p.key.ordinal] = p }
            (self.properties, defaults) = (properties, properties.map { $0?.defaultValue })
            drawable = properties.map { $0?.drawable }
        }

        static let background = Table(StyleProperty.background), fill = Table(StyleProperty.fill)
        static let line = Table(StyleProperty.line), symbol = Table(StyleProperty.symbol)
        static let circle = Table(StyleProperty.circle), raster = Table(StyleProperty.raster)
        static let fillExtrusion = Table(StyleProperty.fillExtrusion), heatmap = Table(StyleProperty.heatmap)
        static let hillshade = Table(StyleProperty.hillshade), colorRelief = Table(StyleProperty.colorRelief)
    }

    static func table(of kind: Style.Layer.Kind) -> Table {
        switch kind {
        case .background: .background
        case .fill: .fill
        case .line: .line
        case .symbol: .symbol
        case .circle: .circle
        case .raster: .raster
        case .fillExtrusion: .fillExtrusion
        case .heatmap: .heatmap
        case .hillshade: .hillshade
        case .colorRelief: .colorRelief
        }
    }
}
