extension StyleExpression {
    /// Every operator of the MapLibre style specification (version 8): a property's array that
    /// starts with one of these is an expression, any other array a plain value.
    public static let specificationOperators: Set<String> = [
        // Types
        "array", "boolean", "collator", "format", "image", "literal", "number", "number-format", "object",
        "string", "to-boolean", "to-color", "to-number", "to-string", "typeof",
        // Feature data
        "accumulated", "feature-state", "geometry-type", "id", "line-progress", "properties",
        // Lookup
        "at", "config", "get", "global-state", "has", "in", "index-of", "length", "slice", "split",
        // Decision
        "!", "!=", "<", "<=", "==", ">", ">=", "all", "any", "case", "coalesce", "match", "within",
        // Ramps, scales, curves
        "interpolate", "interpolate-hcl", "interpolate-lab", "step",
        // Variable binding
        "let", "var",
        // String
        "concat", "downcase", "is-supported-script", "resolved-locale", "upcase",
        // Color
        "rgb", "rgba", "to-rgba",
        // Math
        "-", "*", "/", "%", "^", "+", "abs", "acos", "asin", "atan", "ceil", "cos", "distance", "e", "floor",
        "ln", "ln2", "log10", "log2", "max", "min", "pi", "round", "sin", "sqrt", "tan",
        // Zoom, heatmap, elevation
        "zoom", "heatmap-density", "elevation",
        // Legacy filters
        "!in", "!has", "none",
    ]
}
