extension LabelPlacer {
    /// How much larger a symbol is drawn at a point `depth` times the target's distance from the
    /// eye (the viewport's `depthRatio(forWorld:)`), as MapLibre scales it under tilt:
    /// a symbol facing the viewer by `0.5 + 0.5 / depth` (nearer ones larger, farther ones
    /// smaller, half as much as the ground is), one lying on the ground by `0.5 + 0.5 · depth`
    /// (partly undoing the ground's own shrinking). Its size, padding and collision box all
    /// scale so; 1 at the target and for a flat camera. Clamped to [0, 4] as MapLibre's shader
    /// clamps it, and rounded to a sixteenth: a label's stamp is drawn at its size, so sizes in
    /// steps let the stamps of one frame serve the next frames (a new camera each time would
    /// otherwise draw every label's glyphs afresh); a non-finite or non-positive depth gives 1.
    static func perspectiveRatio(depth: Double, onGround: Bool) -> Double {
        guard depth.isFinite, depth > 0 else { return 1 }
        return (min(max(0.5 + 0.5 * (onGround ? depth : 1 / depth), 0), 4) * 16).rounded() / 16
    }
}
