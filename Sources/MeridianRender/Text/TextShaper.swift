import CShaping
import Foundation
import MeridianTiles

/// A label's text shaped for drawing: glyph runs in visual order (left to right on screen),
/// each in one face of the ``FontChain``, with positions in ems from the pen's start on the
/// baseline (multiply by the size in points; y grows down, as on the canvas).
struct ShapedText: @unchecked Sendable {
    /// A glyph: its id in its run's face, where it is drawn (`x`, `y`), the pen's position
    /// before it and its advance (zero for a mark set on the glyph before), all in ems.
    struct Glyph: Equatable {
        let id: UInt32, x: Double, y: Double
        var pen = 0.0, advance = 0.0
    }
    struct Run {
        /// The face its glyphs are in; nil for glyphs of the style's own (``SDFFont``), whose
        /// ids are code points.
        let face: FontFace?
        let glyphs: [Glyph]
        let rightToLeft: Bool
    }
    let runs: [Run]
    /// The pen's advance over the whole text, in ems.
    let advance: Double
    /// Characters no face of the chain covers: drawn as the first face's replacement box.
    let missing: Int

    /// Every glyph with its face, in visual order.
    var glyphs: [(face: FontFace?, glyph: Glyph)] { runs.flatMap { run in run.glyphs.map { (run.face, $0) } } }
}

/// Shapes text with HarfBuzz after FriBidi's bidirectional analysis (Unicode's algorithm, UAX #9,
/// with the paragraph's direction taken from its first strong character), a face per character from
/// the ``FontChain`` (its script's own face first; combining marks and joiners stay with the
/// character before; spaces and punctuation stay in the run they are in when its face has them),
/// runs of one level, face and script shaped with the whole text as context (so Arabic letters join
/// across a change of face), then the runs put in visual order (rule L2).
///
/// Results are kept in a process-wide cache (``cacheCapacity`` texts), so a label is shaped once,
/// not every frame.
enum TextShaper {
    static let cacheCapacity = 8192
    private struct Key: Hashable { let text: String, font: LabelFont, letterSpacing: Double }
    nonisolated(unsafe) private static let cache = LRUCache<Key, ShapedText>(capacity: cacheCapacity)
    private static let lock = NSLock()

    /// The shaped text (from the cache when it was shaped before), with `letterSpacing` ems
    /// between glyphs (`text-letter-spacing`; ``spaced(_:by:)``).
    static func shape(_ text: String, font: LabelFont = .regular, letterSpacing: Double = 0) -> ShapedText {
        let key = Key(text: text, font: font, letterSpacing: letterSpacing)
        if let kept = lock.withLock({ cache.value(for: key) }) { return kept }
        let unspaced =
            font.sdf.map { SDFShaping.shape(text, in: $0) } ?? shapeNow(text, faces: FontChain.faces(for: font))
        let shaped = spaced(unspaced, by: letterSpacing)
        lock.withLock { cache.insert(shaped, for: key, cost: 1) }
        return shaped
    }

    /// Shapes without the cache, in `faces` (tests give their own chain).
    static func shapeNow(_ text: String, faces: [FontFace]) -> ShapedText {
        let scalars = Array(text.unicodeScalars)
        let n = scalars.count
        guard n > 0, !faces.isEmpty else { return ShapedText(runs: [], advance: 0, missing: 0) }
        let codepoints = scalars.map(\.value)
        let levels = bidiLevels(codepoints)
        let unicode = hb_unicode_funcs_get_default()
        // A face and a script for each character.
        var faceOf = [Int](repeating: 0, count: n)
        var scriptOf = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: n)
        var missing = 0
        for i in 0..<n {
            let category = hb_unicode_general_category(unicode, codepoints[i])
            let script = hb_unicode_script(unicode, codepoints[i])
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
            scriptOf[i] = neutral && i > 0 ? scriptOf[i - 1] : script
            let attached =
                category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_FORMAT
            if i > 0 && (attached || (neutral && faces[faceOf[i - 1]].covers(scalars[i]))) {
                faceOf[i] = faceOf[i - 1]
                continue
            }
            if let found = faces.firstIndex(where: { $0.scripts.contains(script) && $0.covers(scalars[i]) })
                ?? faces.firstIndex(where: { $0.covers(scalars[i]) })
            {
                faceOf[i] = found
            } else {
                faceOf[i] = 0
                missing += 1
            }
        }
        // Neutral characters at the start take the first real script after them.
        if let firstReal = scriptOf.firstIndex(where: { $0 != HB_SCRIPT_COMMON && $0 != HB_SCRIPT_INHERITED }) {
            for i in 0..<firstReal { scriptOf[i] = scriptOf[firstReal] }
        }
        // Runs of one level, face and script, in logical order.
        var runs: [(start: Int, end: Int, level: Int)] = []
        var start = 0
        for i in 1...n
        where i == n || levels[i] != levels[start] || faceOf[i] != faceOf[start] || scriptOf[i] != scriptOf[start] {
            runs.append((start, i, levels[start]))
            start = i
        }
        // Visual order (UAX #9, L2): from the highest level down to the lowest odd one, reverse
        // every stretch of runs at that level or above.
        let highest = runs.map(\.level).max() ?? 0
        let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        var order = Array(runs.indices)
        if lowestOdd <= highest {
            for level in stride(from: highest, through: lowestOdd, by: -1) {
                var i = 0
                while i < order.count {
                    guard runs[order[i]].level >= level else {
                        i += 1
                        continue
                    }
                    var j = i
                    while j < order.count && runs[order[j]].level >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                }
            }
        }
        var shapedRuns: [ShapedText.Run] = []
        var pen = 0.0
        for index in order {
            let run = runs[index]
            let face = faces[faceOf[run.start]]
            let rtl = run.level % 2 == 1
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_codepoints(buffer, codepoints, Int32(n), UInt32(run.start), Int32(run.end - run.start))
            hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, scriptOf[run.start])
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else { continue }
            var glyphs: [ShapedText.Glyph] = []
            glyphs.reserveCapacity(Int(count))
            for k in 0..<Int(count) {
                let p = positions[k]
                let em = face.unitsPerEm
                glyphs.append(
                    ShapedText.Glyph(
                        id: infos[k].codepoint, x: pen + Double(p.x_offset) / em, y: -Double(p.y_offset) / em,
                        pen: pen, advance: Double(p.x_advance) / em))
                pen += Double(p.x_advance) / em
            }
            shapedRuns.append(ShapedText.Run(face: face, glyphs: glyphs, rightToLeft: rtl))
        }
        return ShapedText(runs: shapedRuns, advance: pen, missing: missing)
    }

    /// The text with `spacing` ems added between glyphs, as MapLibre's `text-letter-spacing`: after
    /// each glyph that advances in a left-to-right run (a mark stays on its glyph), and between
    /// runs; a right-to-left run (Arabic joins, Hebrew's marks come before their letters) moves as
    /// one piece, unspaced inside.
    ///
    /// No spacing after the last glyph.
    static func spaced(_ shaped: ShapedText, by spacing: Double) -> ShapedText {
        guard spacing != 0, spacing.isFinite else { return shaped }
        var shift = 0.0
        var started = false
        let runs = shaped.runs.map { run -> ShapedText.Run in
            if run.rightToLeft {
                if started { shift += spacing }
                started = true
                let moved = shift
                return ShapedText.Run(
                    face: run.face,
                    glyphs: run.glyphs.map {
                        .init(id: $0.id, x: $0.x + moved, y: $0.y, pen: $0.pen + moved, advance: $0.advance)
                    },
                    rightToLeft: true)
            }
            var glyphs: [ShapedText.Glyph] = []
            for g in run.glyphs {
                if g.advance > 0 {
                    if started { shift += spacing }
                    started = true
                }
                glyphs.append(.init(id: g.id, x: g.x + shift, y: g.y, pen: g.pen + shift, advance: g.advance))
            }
            return ShapedText.Run(face: run.face, glyphs: glyphs, rightToLeft: false)
        }
        return ShapedText(runs: runs, advance: shaped.advance + shift, missing: shaped.missing)
    }

    /// Each character's embedding level by FriBidi (even: left to right, odd: right to left);
    /// all 0 when FriBidi fails.
    static func bidiLevels(_ codepoints: [UInt32]) -> [Int] {
        let n = Int32(codepoints.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: codepoints.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: codepoints.count)
        var levels = [FriBidiLevel](repeating: 0, count: codepoints.count)
        fribidi_get_bidi_types(codepoints, n, &types)
        fribidi_get_bracket_types(codepoints, n, types, &brackets)
        var direction = FriBidiParType(rawValue: 0x40)  // FRIBIDI_PAR_ON: from the first strong character
        guard fribidi_get_par_embedding_levels_ex(types, brackets, n, &direction, &levels) > 0 else {
            return Array(repeating: 0, count: codepoints.count)
        }
        return levels.map { Int($0) }
    }
}
