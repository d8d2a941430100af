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

    /// What one pass over a layer's labels draws: their icons, their text's halos, their text;
    /// or the whole label at once (``LabelInk/Pass/whole``).
    enum Pass: CaseIterable { case icon, halo, fill, whole }

    /// Draws the label, or the part of it `pass` names.
    func draw(on canvas: Canvas, pass: Pass = .whole) {
        let part: LabelStamp.Part = pass == .halo ? .halo : pass == .fill ? .fill : .both
        switch self {
        case let .point(c, lines, left, baseline, icon):
            if icon, pass == .icon || pass == .whole { c.icon?.draw(at: c.anchor, on: canvas) }
            guard !lines.isEmpty, pass != .icon else { return }
            // Mapped (turned with the map, laid on the ground): the text's left baseline moves
            // about the anchor, the text with it.
            let start =
                c.matrix.map { LabelPlacer.map(ScreenPoint(x: left, y: baseline), by: $0, about: c.anchor) }
                ?? ScreenPoint(x: left, y: baseline)
            canvas.text(
                lines, leftAt: start.x, baseline: start.y, look: c.look, justify: c.placement.justify,
                lineHeight: c.setting.lineHeight, mappedBy: c.matrix, part: part)
        case let .straight(c):
            guard pass != .icon else { return }
            canvas.text(c.text, centeredAt: c.center, angle: c.angle, look: c.look, mappedBy: c.matrix, part: part)
        case let .curved(c, glyphs, height):
            guard pass != .icon else { return }
            canvas.text(
                c.text, along: glyphs, height: height, look: c.look,
                parts: pass == .whole ? [.halo, .fill] : [part])
        }
    }
}

extension ShownLabel {
    /// Draws `labels` (in drawing order, ``drawn(_:)``) as MapLibre draws a symbol layer where
    /// its labels overlap (allowed to overlap, or ignoring placement): every icon of the layer,
    /// then every halo, then every text, so no halo covers another label's text; a layer whose
    /// labels' boxes do not overlap is drawn label by label (the same pixels, one stamp each).
    /// Each layer's labels go among the canvas's operations where that layer was painted
    /// (``Canvas/labelSlots``; at the end for a layer without a mark): a layer painted after a
    /// symbol layer covers its labels, as in MapLibre.
    static func drawInPlace(_ labels: [ShownLabel], on canvas: Canvas) {
        let end = canvas.ops.count
        // From the last layer back, so the earlier marks still point where they did.
        for layer in layers(labels).reversed() {
            let slot = canvas.labelSlots[labels[layer.lowerBound].layer] ?? end
            canvas.inserting(at: slot) { drawLayer(labels[layer], on: canvas) }
        }
    }

    /// The ranges of `labels` (in drawing order) that belong to one layer each, in order.
    private static func layers(_ labels: [ShownLabel]) -> [Range<Int>] {
        var (out, start) = ([Range<Int>](), 0)
        while start < labels.count {
            var end = start + 1
            while end < labels.count && labels[end].layer == labels[start].layer { end += 1 }
            out.append(start..<end)
            start = end
        }
        return out
    }

    /// One layer's labels: by passes where they overlap, else label by label.
    private static func drawLayer(_ layer: ArraySlice<ShownLabel>, on canvas: Canvas) {
        if overlapping(layer) {
            for pass in [LabelInk.Pass.icon, .halo, .fill] {
                for label in layer { label.ink.draw(on: canvas, pass: pass) }
            }
        } else {
            for label in layer { label.ink.draw(on: canvas) }
        }
    }

    /// Whether two of the labels' boxes overlap (more than ``maxChecked`` labels: assumed).
    static func overlapping(_ labels: ArraySlice<ShownLabel>) -> Bool {
        guard labels.count <= maxChecked else { return true }
        let boxes = labels.map(\.label.box).sorted { $0.left < $1.left }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                if b.left >= a.right { break }
                if LabelArea.overlap(a, b) { return true }
            }
        }
        return false
    }

    /// Most labels of a layer whose boxes are compared pairwise.
    static let maxChecked = 2048
}
