// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.

/// Every paint and layout property name of the specification, as Swift names: code that
/// reads a style's properties names them through these, not by strings (a misspelt name
/// does not compile).
public enum StylePropertyName: String, Hashable, Sendable, CaseIterable {
    case backgroundColor = "background-color"
    case backgroundOpacity = "background-opacity"
    case backgroundPattern = "background-pattern"
    case circleBlur = "circle-blur"
    case circleColor = "circle-color"
    case circleOpacity = "circle-opacity"
    case circlePitchAlignment = "circle-pitch-alignment"
    case circlePitchScale = "circle-pitch-scale"
    case circleRadius = "circle-radius"
    case circleSortKey = "circle-sort-key"
    case circleStrokeColor = "circle-stroke-color"
    case circleStrokeOpacity = "circle-stroke-opacity"
    case circleStrokeWidth = "circle-stroke-width"
    case circleTranslate = "circle-translate"
    case circleTranslateAnchor = "circle-translate-anchor"
    case colorReliefColor = "color-relief-color"
    case colorReliefOpacity = "color-relief-opacity"
    case fillAntialias = "fill-antialias"
    case fillColor = "fill-color"
    case fillExtrusionBase = "fill-extrusion-base"
    case fillExtrusionColor = "fill-extrusion-color"
    case fillExtrusionHeight = "fill-extrusion-height"
    case fillExtrusionOpacity = "fill-extrusion-opacity"
    case fillExtrusionPattern = "fill-extrusion-pattern"
    case fillExtrusionRoundedCornerDistance = "fill-extrusion-rounded-corner-distance"
    case fillExtrusionTranslate = "fill-extrusion-translate"
    case fillExtrusionTranslateAnchor = "fill-extrusion-translate-anchor"
    case fillExtrusionVerticalGradient = "fill-extrusion-vertical-gradient"
    case fillLayerOpacity = "fill-layer-opacity"
    case fillOpacity = "fill-opacity"
    case fillOutlineColor = "fill-outline-color"
    case fillPattern = "fill-pattern"
    case fillSortKey = "fill-sort-key"
    case fillTranslate = "fill-translate"
    case fillTranslateAnchor = "fill-translate-anchor"
    case heatmapColor = "heatmap-color"
    case heatmapIntensity = "heatmap-intensity"
    case heatmapOpacity = "heatmap-opacity"
    case heatmapRadius = "heatmap-radius"
    case heatmapWeight = "heatmap-weight"
    case hillshadeAccentColor = "hillshade-accent-color"
    case hillshadeExaggeration = "hillshade-exaggeration"
    case hillshadeHighlightColor = "hillshade-highlight-color"
    case hillshadeIlluminationAltitude = "hillshade-illumination-altitude"
    case hillshadeIlluminationAnchor = "hillshade-illumination-anchor"
    case hillshadeIlluminationDirection = "hillshade-illumination-direction"
    case hillshadeMethod = "hillshade-method"
    case hillshadeShadowColor = "hillshade-shadow-color"
    case iconAllowOverlap = "icon-allow-overlap"
    case iconAnchor = "icon-anchor"
    case iconColor = "icon-color"
    case iconHaloBlur = "icon-halo-blur"
    case iconHaloColor = "icon-halo-color"
    case iconHaloWidth = "icon-halo-width"
    case iconIgnorePlacement = "icon-ignore-placement"
    case iconImage = "icon-image"
    case iconKeepUpright = "icon-keep-upright"
    case iconOffset = "icon-offset"
    case iconOpacity = "icon-opacity"
    case iconOptional = "icon-optional"
    case iconOverlap = "icon-overlap"
    case iconPadding = "icon-padding"
    case iconPitchAlignment = "icon-pitch-alignment"
    case iconRotate = "icon-rotate"
    case iconRotationAlignment = "icon-rotation-alignment"
    case iconSize = "icon-size"
    case iconTextFit = "icon-text-fit"
    case iconTextFitPadding = "icon-text-fit-padding"
    case iconTranslate = "icon-translate"
    case iconTranslateAnchor = "icon-translate-anchor"
    case lineBlur = "line-blur"
    case lineCap = "line-cap"
    case lineColor = "line-color"
    case lineDasharray = "line-dasharray"
    case lineGapWidth = "line-gap-width"
    case lineGradient = "line-gradient"
    case lineJoin = "line-join"
    case lineLayerOpacity = "line-layer-opacity"
    case lineMiterLimit = "line-miter-limit"
    case lineOffset = "line-offset"
    case lineOpacity = "line-opacity"
    case linePattern = "line-pattern"
    case lineRoundLimit = "line-round-limit"
    case lineSortKey = "line-sort-key"
    case lineTranslate = "line-translate"
    case lineTranslateAnchor = "line-translate-anchor"
    case lineWidth = "line-width"
    case rasterBrightnessMax = "raster-brightness-max"
    case rasterBrightnessMin = "raster-brightness-min"
    case rasterContrast = "raster-contrast"
    case rasterFadeDuration = "raster-fade-duration"
    case rasterHueRotate = "raster-hue-rotate"
    case rasterOpacity = "raster-opacity"
    case rasterResampling = "raster-resampling"
    case rasterSaturation = "raster-saturation"
    case resampling = "resampling"
    case symbolAvoidEdges = "symbol-avoid-edges"
    case symbolPlacement = "symbol-placement"
    case symbolSortKey = "symbol-sort-key"
    case symbolSpacing = "symbol-spacing"
    case symbolZOrder = "symbol-z-order"
    case textAllowOverlap = "text-allow-overlap"
    case textAnchor = "text-anchor"
    case textColor = "text-color"
    case textField = "text-field"
    case textFont = "text-font"
    case textHaloBlur = "text-halo-blur"
    case textHaloColor = "text-halo-color"
    case textHaloWidth = "text-halo-width"
    case textIgnorePlacement = "text-ignore-placement"
    case textJustify = "text-justify"
    case textKeepUpright = "text-keep-upright"
    case textLetterSpacing = "text-letter-spacing"
    case textLineHeight = "text-line-height"
    case textMaxAngle = "text-max-angle"
    case textMaxWidth = "text-max-width"
    case textOffset = "text-offset"
    case textOpacity = "text-opacity"
    case textOptional = "text-optional"
    case textOverlap = "text-overlap"
    case textPadding = "text-padding"
    case textPitchAlignment = "text-pitch-alignment"
    case textRadialOffset = "text-radial-offset"
    case textRotate = "text-rotate"
    case textRotationAlignment = "text-rotation-alignment"
    case textSize = "text-size"
    case textTransform = "text-transform"
    case textTranslate = "text-translate"
    case textTranslateAnchor = "text-translate-anchor"
    case textVariableAnchor = "text-variable-anchor"
    case textVariableAnchorOffset = "text-variable-anchor-offset"
    case textWritingMode = "text-writing-mode"
    case visibility = "visibility"

    /// The name's place among all names, 0..<count: readers index dense tables by it
    /// (``Style/Layer``'s expressions, the catalogue's defaults) instead of hashing.
    @inlinable public var ordinal: Int {
        switch self {
        case .backgroundColor: 0
        case .backgroundOpacity: 1
        case .backgroundPattern: 2
        case .circleBlur: 3
        case .circleColor: 4
        case .circleOpacity: 5
        case .circlePitchAlignment: 6
        case .circlePitchScale: 7
        case .circleRadius: 8
        case .circleSortKey: 9
        case .circleStrokeColor: 10
        case .circleStrokeOpacity: 11
        case .circleStrokeWidth: 12
        case .circleTranslate: 13
        case .circleTranslateAnchor: 14
        case .colorReliefColor: 15
        case .colorReliefOpacity: 16
        case .fillAntialias: 17
        case .fillColor: 18
        case .fillExtrusionBase: 19
        case .fillExtrusionColor: 20
        case .fillExtrusionHeight: 21
        case .fillExtrusionOpacity: 22
        case .fillExtrusionPattern: 23
        case .fillExtrusionRoundedCornerDistance: 24
        case .fillExtrusionTranslate: 25
        case .fillExtrusionTranslateAnchor: 26
        case .fillExtrusionVerticalGradient: 27
        case .fillLayerOpacity: 28
        case .fillOpacity: 29
        case .fillOutlineColor: 30
        case .fillPattern: 31
        case .fillSortKey: 32
        case .fillTranslate: 33
        case .fillTranslateAnchor: 34
        case .heatmapColor: 35
        case .heatmapIntensity: 36
        case .heatmapOpacity: 37
        case .heatmapRadius: 38
        case .heatmapWeight: 39
        case .hillshadeAccentColor: 40
        case .hillshadeExaggeration: 41
        case .hillshadeHighlightColor: 42
        case .hillshadeIlluminationAltitude: 43
        case .hillshadeIlluminationAnchor: 44
        case .hillshadeIlluminationDirection: 45
        case .hillshadeMethod: 46
        case .hillshadeShadowColor: 47
        case .iconAllowOverlap: 48
        case .iconAnchor: 49
        case .iconColor: 50
        case .iconHaloBlur: 51
        case .iconHaloColor: 52
        case .iconHaloWidth: 53
        case .iconIgnorePlacement: 54
        case .iconImage: 55
        case .iconKeepUpright: 56
        case .iconOffset: 57
        case .iconOpacity: 58
        case .iconOptional: 59
        case .iconOverlap: 60
        case .iconPadding: 61
        case .iconPitchAlignment: 62
        case .iconRotate: 63
        case .iconRotationAlignment: 64
        case .iconSize: 65
        case .iconTextFit: 66
        case .iconTextFitPadding: 67
        case .iconTranslate: 68
        case .iconTranslateAnchor: 69
        case .lineBlur: 70
        case .lineCap: 71
        case .lineColor: 72
        case .lineDasharray: 73
        case .lineGapWidth: 74
        case .lineGradient: 75
        case .lineJoin: 76
        case .lineLayerOpacity: 77
        case .lineMiterLimit: 78
        case .lineOffset: 79
        case .lineOpacity: 80
        case .linePattern: 81
        case .lineRoundLimit: 82
        case .lineSortKey: 83
        case .lineTranslate: 84
        case .lineTranslateAnchor: 85
        case .lineWidth: 86
        case .rasterBrightnessMax: 87
        case .rasterBrightnessMin: 88
        case .rasterContrast: 89
        case .rasterFadeDuration: 90
        case .rasterHueRotate: 91
        case .rasterOpacity: 92
        case .rasterResampling: 93
        case .rasterSaturation: 94
        case .resampling: 95
        case .symbolAvoidEdges: 96
        case .symbolPlacement: 97
        case .symbolSortKey: 98
        case .symbolSpacing: 99
        case .symbolZOrder: 100
        case .textAllowOverlap: 101
        case .textAnchor: 102
        case .textColor: 103
        case .textField: 104
        case .textFont: 105
        case .textHaloBlur: 106
        case .textHaloColor: 107
        case .textHaloWidth: 108
        case .textIgnorePlacement: 109
        case .textJustify: 110
        case .textKeepUpright: 111
        case .textLetterSpacing: 112
        case .textLineHeight: 113
        case .textMaxAngle: 114
        case .textMaxWidth: 115
        case .textOffset: 116
        case .textOpacity: 117
        case .textOptional: 118
        case .textOverlap: 119
        case .textPadding: 120
        case .textPitchAlignment: 121
        case .textRadialOffset: 122
        case .textRotate: 123
        case .textRotationAlignment: 124
        case .textSize: 125
        case .textTransform: 126
        case .textTranslate: 127
        case .textTranslateAnchor: 128
        case .textVariableAnchor: 129
        case .textVariableAnchorOffset: 130
        case .textWritingMode: 131
        case .visibility: 132
        }
    }

    /// How many names there are.
    public static let count = 133
}
