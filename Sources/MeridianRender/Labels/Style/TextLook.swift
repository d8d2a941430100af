import MeridianStyle

/// How a label's text is inked: its face, size and spacing, its colour and its halo. The same
/// for names at points and along lines; the stamps draw from it (``LabelStamp``).
struct TextLook {
    /// `text-font`'s face (``LabelFont/regular`` without one).
    var font = LabelFont.regular
    /// `text-size`, points (scaled by the perspective ratio under tilt); 0 for an icon alone.
    var size = 0.0
    /// `text-color` (clear for an icon alone).
    var color = RGBA.clear
    /// `text-halo-color`.
    var halo = RGBA.clear
    /// `text-halo-width`, points beyond the outlines (0: none).
    var haloWidth = 0.0
    /// `text-halo-blur`, points (0: a sharp halo).
    var haloBlur = 0.0
    /// `text-letter-spacing`, ems.
    var letterSpacing = 0.0
}

/// How a point label's text is set about its anchor: broken into lines, spaced, padded and
/// shifted.
struct TextSetting {
    /// `text-max-width`, ems: wider text is broken into lines (``LineBreaking``; 0: wherever a
    /// line may break); infinite for vertical text (one character a line, set apart already).
    var maxWidth = 10.0
    /// `text-line-height`, ems between baselines, in [0.5, 5].
    var lineHeight = LabelStamp.lineHeight
    /// `text-padding`, points around the text's box, in [0, 100].
    var padding = 0.0
    /// `text-translate` on the screen, points right and down.
    var shift = (x: 0.0, y: 0.0)
}

/// `icon-text-fit`: the icon stretched over its text once the text is placed
/// (``PointIcon/fitted(to:about:fit:)``), `none` unless `width`, `height` or `both`.
struct IconFit {
    var mode = StyleProperty.IconTextFit.none
    /// `icon-text-fit-padding`: points added beyond the text's box on each side, each within
    /// ±1000 (0 when not finite).
    var padding = (top: 0.0, right: 0.0, bottom: 0.0, left: 0.0)
}
