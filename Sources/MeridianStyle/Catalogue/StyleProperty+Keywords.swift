// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

extension StyleProperty {
    /// The values of `circle-pitch-alignment`.
    public enum CirclePitchAlignment: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.circlePitchAlignment
        public static let specificationDefault = CirclePitchAlignment.viewport
    }

    /// The values of `circle-pitch-scale`.
    public enum CirclePitchScale: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.circlePitchScale
        public static let specificationDefault = CirclePitchScale.map
    }

    /// The values of `circle-translate-anchor`.
    public enum CircleTranslateAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.circleTranslateAnchor
        public static let specificationDefault = CircleTranslateAnchor.map
    }

    /// The values of `fill-extrusion-translate-anchor`.
    public enum FillExtrusionTranslateAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.fillExtrusionTranslateAnchor
        public static let specificationDefault = FillExtrusionTranslateAnchor.map
    }

    /// The values of `fill-translate-anchor`.
    public enum FillTranslateAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.fillTranslateAnchor
        public static let specificationDefault = FillTranslateAnchor.map
    }

    /// The values of `hillshade-illumination-anchor`.
    public enum HillshadeIlluminationAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.hillshadeIlluminationAnchor
        public static let specificationDefault = HillshadeIlluminationAnchor.viewport
    }

    /// The values of `hillshade-method`.
    public enum HillshadeMethod: String, DefaultedStyleKeyword {
        case standard
        case basic
        case combined
        case igor
        case multidirectional
        public static let property = StylePropertyName.hillshadeMethod
        public static let specificationDefault = HillshadeMethod.standard
    }

    /// The values of `icon-anchor`.
    public enum IconAnchor: String, DefaultedStyleKeyword {
        case center
        case left
        case right
        case top
        case bottom
        case topLeft = "top-left"
        case topRight = "top-right"
        case bottomLeft = "bottom-left"
        case bottomRight = "bottom-right"
        public static let property = StylePropertyName.iconAnchor
        public static let specificationDefault = IconAnchor.center
    }

    /// The values of `icon-overlap`.
    public enum IconOverlap: String, StyleKeyword {
        case never
        case always
        case cooperative
        public static let property = StylePropertyName.iconOverlap
    }

    /// The values of `icon-pitch-alignment`.
    public enum IconPitchAlignment: String, DefaultedStyleKeyword {
        case map
        case viewport
        case auto
        public static let property = StylePropertyName.iconPitchAlignment
        public static let specificationDefault = IconPitchAlignment.auto
    }

    /// The values of `icon-rotation-alignment`.
    public enum IconRotationAlignment: String, DefaultedStyleKeyword {
        case map
        case viewport
        case auto
        public static let property = StylePropertyName.iconRotationAlignment
        public static let specificationDefault = IconRotationAlignment.auto
    }

    /// The values of `icon-text-fit`.
    public enum IconTextFit: String, DefaultedStyleKeyword {
        case none
        case width
        case height
        case both
        public static let property = StylePropertyName.iconTextFit
        public static let specificationDefault = IconTextFit.none
    }

    /// The values of `icon-translate-anchor`.
    public enum IconTranslateAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.iconTranslateAnchor
        public static let specificationDefault = IconTranslateAnchor.map
    }

    /// The values of `line-cap`.
    public enum LineCap: String, DefaultedStyleKeyword {
        case butt
        case round
        case square
        public static let property = StylePropertyName.lineCap
        public static let specificationDefault = LineCap.butt
    }

    /// The values of `line-join`.
    public enum LineJoin: String, DefaultedStyleKeyword {
        case bevel
        case round
        case miter
        public static let property = StylePropertyName.lineJoin
        public static let specificationDefault = LineJoin.miter
    }

    /// The values of `line-translate-anchor`.
    public enum LineTranslateAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.lineTranslateAnchor
        public static let specificationDefault = LineTranslateAnchor.map
    }

    /// The values of `raster-resampling`.
    public enum RasterResampling: String, DefaultedStyleKeyword {
        case linear
        case nearest
        public static let property = StylePropertyName.rasterResampling
        public static let specificationDefault = RasterResampling.linear
    }

    /// The values of `resampling`.
    public enum Resampling: String, DefaultedStyleKeyword {
        case linear
        case nearest
        public static let property = StylePropertyName.resampling
        public static let specificationDefault = Resampling.linear
    }

    /// The values of `symbol-placement`.
    public enum SymbolPlacement: String, DefaultedStyleKeyword {
        case point
        case line
        case lineCenter = "line-center"
        public static let property = StylePropertyName.symbolPlacement
        public static let specificationDefault = SymbolPlacement.point
    }

    /// The values of `symbol-z-order`.
    public enum SymbolZOrder: String, DefaultedStyleKeyword {
        case auto
        case viewportY = "viewport-y"
        case source
        public static let property = StylePropertyName.symbolZOrder
        public static let specificationDefault = SymbolZOrder.auto
    }

    /// The values of `text-anchor`.
    public enum TextAnchor: String, DefaultedStyleKeyword {
        case center
        case left
        case right
        case top
        case bottom
        case topLeft = "top-left"
        case topRight = "top-right"
        case bottomLeft = "bottom-left"
        case bottomRight = "bottom-right"
        public static let property = StylePropertyName.textAnchor
        public static let specificationDefault = TextAnchor.center
    }

    /// The values of `text-justify`.
    public enum TextJustify: String, DefaultedStyleKeyword {
        case auto
        case left
        case center
        case right
        public static let property = StylePropertyName.textJustify
        public static let specificationDefault = TextJustify.center
    }

    /// The values of `text-overlap`.
    public enum TextOverlap: String, StyleKeyword {
        case never
        case always
        case cooperative
        public static let property = StylePropertyName.textOverlap
    }

    /// The values of `text-pitch-alignment`.
    public enum TextPitchAlignment: String, DefaultedStyleKeyword {
        case map
        case viewport
        case auto
        public static let property = StylePropertyName.textPitchAlignment
        public static let specificationDefault = TextPitchAlignment.auto
    }

    /// The values of `text-rotation-alignment`.
    public enum TextRotationAlignment: String, DefaultedStyleKeyword {
        case map
        case viewport
        case viewportGlyph = "viewport-glyph"
        case auto
        public static let property = StylePropertyName.textRotationAlignment
        public static let specificationDefault = TextRotationAlignment.auto
    }

    /// The values of `text-transform`.
    public enum TextTransform: String, DefaultedStyleKeyword {
        case none
        case uppercase
        case lowercase
        public static let property = StylePropertyName.textTransform
        public static let specificationDefault = TextTransform.none
    }

    /// The values of `text-translate-anchor`.
    public enum TextTranslateAnchor: String, DefaultedStyleKeyword {
        case map
        case viewport
        public static let property = StylePropertyName.textTranslateAnchor
        public static let specificationDefault = TextTranslateAnchor.map
    }

    /// The values of `visibility`.
    public enum Visibility: String, DefaultedStyleKeyword {
        case visible
        case none
        public static let property = StylePropertyName.visibility
        public static let specificationDefault = Visibility.visible
    }
}
