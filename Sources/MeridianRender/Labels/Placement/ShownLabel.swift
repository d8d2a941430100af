import MeridianGeometry

/// A label placed and shown in the image: what the frame reports (``PlacedLabel``) and how to draw
/// it (``LabelInk``).
///
/// Placing decides every label before any is drawn.
struct ShownLabel {
    let label: PlacedLabel
    let ink: LabelInk
    /// Where it is drawn among the others: by its layer's order (lower layers first, as MapLibre
    /// draws its layers), then by `y` (points down the screen) for a layer whose
    /// `symbol-z-order` sorts by the viewport, else in placement order (``ShownLabel/drawn(_:)``).
    var layer = 0, y = 0.0

    /// `labels` (in placement order) in the order they are drawn.
    static func drawn(_ labels: [ShownLabel]) -> [ShownLabel] {
        labels.indices.sorted { (labels[$0].layer, labels[$0].y, $0) < (labels[$1].layer, labels[$1].y, $1) }.map {
            labels[$0]
        }
    }
}

/// How a shown label is drawn on the canvas, as stamps (``LabelStamp``).
enum LabelInk {
    /// A point label: its text broken into `lines` (at `\n`), set from `left` with its first
    /// baseline at `baseline`, points (none when `lines` is empty); its icon (``PointIcon``) set
    /// on its anchor when `icon`.
    case point(LabelPlacer.Candidate, lines: String, left: Double, baseline: Double, icon: Bool)
    /// A name set straight along a line, centred on its point and turned by its angle.
    case straight(LineLabels.Candidate)
    /// A name set glyph by glyph along a bending line; `height`: its text's measure, points.
    case curved(LineLabels.Candidate, glyphs: [PlacedGlyph], height: Double)

    /// Draws the label.
    func draw(on canvas: Canvas) {
        switch self {
        case let .point(c, lines, left, baseline, icon):
            if icon { c.icon?.draw(at: c.anchor, on: canvas) }
            guard !lines.isEmpty else { return }
            // Mapped (turned with the map, laid on the ground): the text's left baseline moves
            // about the anchor, the text with it.
            let start =
                c.matrix.map { LabelPlacer.map(ScreenPoint(x: left, y: baseline), by: $0, about: c.anchor) }
                ?? ScreenPoint(x: left, y: baseline)
            canvas.text(
                lines, leftAt: start.x, baseline: start.y, look: c.look, justify: c.placement.justify,
                lineHeight: c.setting.lineHeight, mappedBy: c.matrix)
        case let .straight(c):
            canvas.text(c.text, centeredAt: c.center, angle: c.angle, look: c.look, mappedBy: c.matrix)
        case let .curved(c, glyphs, height):
            canvas.text(c.text, along: glyphs, height: height, look: c.look)
        }
    }
}
