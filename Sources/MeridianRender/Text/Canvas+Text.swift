import MeridianGeometry

/// Text on the canvas: measuring (``TextMeasurer``) and label stamps, straight, turned, along a
/// curve, and of several lines, recorded as stamp operations.
extension Canvas {
    /// The width and height, points, of `s` at `size` points (``TextMeasurer/measure(_:size:font:letterSpacing:)``).
    func measure(
        _ s: String, size: Double, font: LabelFont = .regular, letterSpacing: Double = 0
    ) -> (width: Double, height: Double) {
        measurer.measure(s, size: size, font: font, letterSpacing: letterSpacing)
    }

    /// Text with a halo, its left end at `x`, baseline at `y` (shaped by ``TextShaper``, glyphs
    /// from FreeType through Cairo), drawn as a ``LabelStamp`` at the nearest whole device pixel.
    ///
    /// Text of several lines (broken at `\n`) has its first baseline at `y`, the others
    /// `lineHeight` ems apart, aligned as `justify` says within the widest. `matrix` maps it
    /// about (`x`, `y`) (a point label turned with the map, or laid on the ground).
    /// `part`: the halo and the text, or one of them (a layer's labels that overlap have every
    /// halo drawn before any text, as MapLibre draws a layer).
    func text(
        _ s: String, leftAt x: Double, baseline y: Double, look: TextLook, justify: TextJustify = .left,
        lineHeight: Double = LabelStamp.lineHeight, mappedBy matrix: StampMatrix? = nil, part: LabelStamp.Part = .both
    ) {
        let key = LabelStamp.Key(
            text: s, size: look.size, font: look.font, color: look.color, halo: look.halo, scale: scale,
            centered: false, part: part, letterSpacing: look.letterSpacing, justify: justify,
            haloWidth: look.haloWidth, haloBlur: look.haloBlur, lineHeight: lineHeight)
        let width =
            justify != .left ? measure(s, size: look.size, font: look.font, letterSpacing: look.letterSpacing).width : 0
        stamp(key, at: ScreenPoint(x: x, y: y), width: width, height: 0, mappedBy: matrix)
    }

    /// Text with a halo centred on `center`, turned by `angle` radians (clockwise on screen;
    /// drawn as a ``LabelStamp`` centred at the nearest whole device pixel.
    func text(
        _ s: String, centeredAt center: ScreenPoint, angle: Double, look: TextLook, mappedBy matrix: StampMatrix? = nil,
        part: LabelStamp.Part = .both
    ) {
        let m = measure(s, size: look.size, font: look.font, letterSpacing: look.letterSpacing)
        let key = LabelStamp.Key(
            text: s, size: look.size, font: look.font, color: look.color, halo: look.halo, scale: scale,
            centered: true, part: part, letterSpacing: look.letterSpacing, haloWidth: look.haloWidth,
            haloBlur: look.haloBlur)
        stamp(
            key, at: center, width: m.width, height: m.height,
            turnedBy: angle.isFinite && abs(angle) >= Self.uprightAngle ? angle : 0, mappedBy: matrix)
    }

    /// A name set glyph by glyph along a curve (``CurvedLabels``): every glyph's halo first, then
    /// every glyph, each a stamp of its own turned to its place's angle.
    ///
    /// `height`: the text's measure (its glyphs sit on the same baseline as a straight name's).
    func text(
        _ s: String, along glyphs: [PlacedGlyph], height: Double, look: TextLook,
        parts: [LabelStamp.Part] = [.halo, .fill]
    ) {
        for part in parts {
            for (k, g) in glyphs.enumerated() {
                let key = LabelStamp.Key(
                    text: s, size: look.size, font: look.font, color: look.color, halo: look.halo, scale: scale,
                    centered: true, glyph: k, part: part, letterSpacing: look.letterSpacing,
                    haloWidth: look.haloWidth, haloBlur: look.haloBlur)
                stamp(
                    key, at: g.center, width: 0, height: height, turnedBy: g.angle.isFinite ? g.angle : 0, exact: true,
                    mappedBy: g.matrix)
            }
        }
    }

    /// Radians below which a turned label is drawn upright (its stamp's pixels as they are).
    static let uprightAngle = 0.0005

    /// Composites a label's stamp (from ``stamps`` or made now) with its reference point at `point`
    /// rounded to whole device pixels, turned by `angle` radians about that point (then resampled
    /// bilinearly: one upright stamp serves a label at every angle, so a camera that turns makes no
    /// new stamps). Text in the style's glyphs is instead set where it falls, through its turn or
    /// `matrix` (``LabelStamp/Key/map``, ``SDFStamp/mapped(_:k:passes:by:phase:)``), as MapLibre
    /// sets turned glyph quads; a map too large to set (an entry over 64) draws nothing.
    ///
    /// `width` and `height`: the text's measure, for centred stamps.
    func stamp(
        _ key: LabelStamp.Key, at point: ScreenPoint, width: Double, height: Double, turnedBy angle: Double = 0,
        exact: Bool = false, mappedBy matrix: StampMatrix? = nil
    ) {
        guard point.x.isFinite, point.y.isFinite, abs(point.x) < 1e6, abs(point.y) < 1e6 else { return }
        // floor(v + ½), not rounding half away from zero: the same pixel for the same ground in
        // two views shifted by whole pixels, on either side of the origin.
        let x = Int((point.x * scale + 0.5).rounded(.down))
        let y = Int((point.y * scale + 0.5).rounded(.down))
        var key = key
        // The style's glyphs are set where they fall, turned or laid on the ground as they lie:
        // the stamp carries the part of a pixel and its map (no resampling).
        let setMapped = key.font.sdf != nil
        if setMapped {
            key.phaseX = Int(((point.x * scale - Double(x)) * SDFStamp.phaseSteps).rounded())
            key.phaseY = Int(((point.y * scale - Double(y)) * SDFStamp.phaseSteps).rounded())
            let m = matrix ?? (angle != 0 ? StampMatrix.turn(angle) : nil)
            key.map = m.flatMap { m in
                let values = [m.a, m.b, m.c, m.d].map { ($0 * LabelStamp.mapSteps).rounded() }
                guard values.allSatisfy({ abs($0) < 64 * LabelStamp.mapSteps }) else { return nil }
                return values.map { Int($0) }
            }
            if m != nil, key.map == nil { return }
        }
        let stamp: LabelStamp
        if let kept = stamps?.value(for: key) {
            stamp = kept
        } else {
            guard let made = LabelStamp.make(key, width: width, height: height) else { return }
            stamps?.insert(made, for: key, cost: made.cost)
            stamp = made
        }
        if setMapped {
            record(.stamp(stamp, x: x - stamp.originX, y: y - stamp.originY))
        } else if let matrix {
            record(.mappedStamp(stamp, x: point.x * scale, y: point.y * scale, matrix: matrix))
        } else if angle != 0 || exact {
            // A glyph along a curve lands where the curve puts it (`exact`); a whole name on its pixel.
            let (px, py) = exact ? (point.x * scale, point.y * scale) : (Double(x), Double(y))
            record(.turnedStamp(stamp, x: px, y: py, angle: angle))
        } else {
            record(.stamp(stamp, x: x - stamp.originX, y: y - stamp.originY))
        }
    }

    /// Text with a halo, its right end at `x`, baseline at `y`.
    func text(_ s: String, rightAt x: Double, baseline y: Double, size: Double, _ c: RGBA, halo: RGBA) {
        let look = TextLook(size: size, color: c, halo: halo, haloWidth: LabelStamp.haloWidth)
        text(s, leftAt: x - measure(s, size: size).width, baseline: y, look: look)
    }
}
