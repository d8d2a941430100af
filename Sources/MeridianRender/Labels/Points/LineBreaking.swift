import Foundation
import MeridianTiles

/// Point labels broken into lines for `text-max-width` (ems; MapLibre's default 10) as MapLibre
/// breaks them (its `determineLineBreaks`): the text's width shared out over as many lines as the
/// width needs (`target` = the width over ⌈width ÷ max width⌉), breaks chosen at spaces, after
/// MapLibre's breaking punctuation (`&`, `)`, `+`, `-`, `/`, soft hyphen, `·`, zero-width space,
/// hyphens, `‧`) and after Han and kana characters, to make the least sum of each line's squared
/// difference from the target (spaces not counted), a last line shorter than the target costing
/// half and a longer one twice, an open parenthesis ending a line or a closing one starting it
/// costing 50² more; a line break in the text is always taken. Lines are trimmed of white space.
///
/// As in MapLibre a line may come out wider than the width when that makes the lines more even,
/// and a word longer than the width stays whole. Thai and other scripts that need a dictionary
/// to find their breaks are not broken.
enum LineBreaking {
    private struct Key: Hashable {
        let text: String, size: Double, maxWidth: Double, font: LabelFont, letterSpacing: Double
    }
    nonisolated(unsafe) private static let cache = LRUCache<Key, [String]>(capacity: 4096)
    private static let lock = NSLock()

    /// The lines of `text` at `size` points for a `maxWidth` of ems; the text itself, one line,
    /// when it fits or has no break.
    ///
    /// Kept in a process-wide cache (4,096 texts).
    static func lines(
        _ text: String, size: Double, maxWidth: Double, font: LabelFont = .regular, letterSpacing: Double = 0
    ) -> [String] {
        let key = Key(text: text, size: size, maxWidth: maxWidth, font: font, letterSpacing: letterSpacing)
        if let kept = lock.withLock({ cache.value(for: key) }) { return kept }
        let lines = breakNow(text, size: size, maxWidth: maxWidth, font: font, letterSpacing: letterSpacing)
        lock.withLock { cache.insert(lines, for: key, cost: 1) }
        return lines
    }

    /// ``lines(_:size:maxWidth:font:letterSpacing:)`` without the cache.
    static func breakNow(
        _ text: String, size: Double, maxWidth: Double, font: LabelFont, letterSpacing: Double
    ) -> [String] {
        // No width to keep to (infinite, as vertical text sets it, or not a number): the forced
        // breaks alone. A width of 0 breaks wherever a line may break (MapLibre's target width
        // is then 0).
        guard maxWidth >= 0, maxWidth.isFinite else {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        // Widths in ems: the size scales them all alike.
        let width = { (s: Substring) in TextShaper.shape(String(s), font: font, letterSpacing: letterSpacing).advance }
        let pieces = self.pieces(text[...])
        let total = width(Substring(text.filter { $0 != "\n" }))
        guard pieces.count > 1, total > maxWidth || text.contains("\n") else {
            return [trimmed(text[...])]
        }
        guard pieces.count <= maxBalancedPieces else {
            return greedy(pieces, limit: maxWidth, width: { width(Substring($0.filter { !$0.isWhitespace })) })
        }
        // MapLibre weighs its badness in glyph pixels at 24 px (its penalties are in them).
        let em = SDFShaping.em
        let target = total * em / Double.maximum(1, (total / maxWidth).rounded(.up))
        struct Break { let x: Double, badness: Double, prior: Int? }
        var breaks: [Break] = []
        var x = 0.0
        for (i, piece) in pieces.enumerated() {
            x += width(Substring(piece.filter { !$0.isWhitespace })) * em
            let last = i == pieces.count - 1
            let penalty = last ? 0 : self.penalty(after: piece.last!, before: pieces[i + 1].first!)
            var best = Break(x: x, badness: badness(x, target, penalty, last), prior: nil)
            for (j, b) in breaks.enumerated() {
                let candidate = badness(x - b.x, target, penalty, last) + b.badness
                if candidate <= best.badness { best = Break(x: x, badness: candidate, prior: j) }
            }
            breaks.append(best)
        }
        var ends: [Int] = []
        var at: Int? = breaks.count - 1
        while let i = at {
            ends.append(i)
            at = breaks[i].prior
        }
        var lines: [String] = []
        var start = 0
        for end in ends.reversed() {
            lines.append(trimmed(Substring(pieces[start...end].joined())))
            start = end + 1
        }
        return lines
    }

    /// MapLibre's `calculateBadness`: the squared difference from the target, the last line's
    /// halved when shorter and doubled when longer, plus the break's signed squared penalty.
    static func badness(_ width: Double, _ target: Double, _ penalty: Double, _ last: Bool) -> Double {
        let ragged = (width - target) * (width - target)
        if last { return width < target ? ragged / 2 : ragged * 2 }
        return ragged + abs(penalty) * penalty
    }

    /// MapLibre's `calculatePenalty`: a line break in the text −10,000 (always taken), an open
    /// parenthesis ending a line or a closing one starting the next 50 each.
    static func penalty(after c: Character, before next: Character) -> Double {
        var penalty = 0.0
        if c == "\n" { penalty -= 10_000 }
        if c == "(" || c == "\u{FF08}" { penalty += 50 }
        if next == ")" || next == "\u{FF09}" { penalty += 50 }
        return penalty
    }

    /// A line's text without white space at either end.
    static func trimmed(_ s: Substring) -> String {
        String(s.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// Most pieces the even breaking weighs (it shapes every run of pieces: quadratic); a
    /// longer text (a name of thousands of characters from a hostile tile) is filled line by
    /// line instead, each piece measured once.
    static let maxBalancedPieces = 64

    /// Lines filled in order while the pieces' widths fit the limit (a forced break taken).
    static func greedy(_ pieces: [Substring], limit: Double, width: (Substring) -> Double) -> [String] {
        var lines: [String] = []
        var start = 0
        var used = 0.0
        for (i, piece) in pieces.enumerated() {
            let w = width(piece)
            if i > start && used + w > limit {
                lines.append(trimmed(Substring(pieces[start..<i].joined())))
                (start, used) = (i, 0)
            }
            used += w
            if piece.last == "\n" {
                lines.append(trimmed(Substring(pieces[start...i].joined())))
                (start, used) = (i + 1, 0)
            }
        }
        if start < pieces.count { lines.append(trimmed(Substring(pieces[start...].joined()))) }
        return lines
    }

    /// The text cut after each of its break opportunities (MapLibre's): white space, breaking
    /// punctuation, and Han and kana characters; never after the last character.
    static func pieces(_ text: Substring) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            guard next < text.endIndex else { break }
            let c = text[index]
            if c.isWhitespace || breaking.contains(c) || isUnspaced(c) {
                out.append(text[start..<next])
                start = next
            }
        }
        out.append(text[start...])
        return out
    }

    /// The characters after which MapLibre may break a line, white space aside.
    static let breaking: Set<Character> = [
        "&", ")", "+", "-", "/", "\u{AD}", "\u{B7}", "\u{200B}", "\u{2010}", "\u{2013}", "\u{2027}",
    ]

    /// Han ideographs, hiragana and katakana (and their punctuation): lines may break between any two.
    static func isUnspaced(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0x20000...0x2FA1F).contains(v)
    }
}
