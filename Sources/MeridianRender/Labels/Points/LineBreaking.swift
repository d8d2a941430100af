import Foundation
import MeridianTiles

/// Point labels broken into lines no wider than `text-max-width` (ems; MapLibre's default 10), as
/// MapLibre breaks them: at spaces, and between two characters of scripts written without spaces
/// (Han, kana), choosing the breaks that make the lines most even (the least sum of squared
/// differences from the average line's width) among those that keep every line within the width
/// where that is possible.
///
/// A word longer than the width stays whole on its line. Thai and other scripts that need a
/// dictionary to find their breaks are not broken.
enum LineBreaking {
    private struct Key: Hashable {
        let text: String, size: Double, maxWidth: Double, font: LabelFont, letterSpacing: Double
    }
    nonisolated(unsafe) private static let cache = LRUCache<Key, [String]>(capacity: 4096)
    private static let lock = NSLock()

    /// The lines of `text` at `size` points, each no wider than `maxWidth` ems when the breaks
    /// allow; the text itself, one line, when it fits or has no break.
    ///
    /// A forced break (`\n` in the text) is kept. Kept in a process-wide cache (4,096 texts).
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
        let limit = maxWidth * size
        // No width to keep to (0, as vertical text sets it, or not finite): the forced breaks alone.
        guard limit > 0, limit.isFinite else {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            let width = { (s: Substring) in
                TextShaper.shape(String(s), font: font, letterSpacing: letterSpacing).advance * size
            }
            guard width(paragraph) > limit else { return [String(paragraph)] }
            let pieces = self.pieces(paragraph)
            guard pieces.count > 1 else { return [String(paragraph)] }
            guard pieces.count <= maxBalancedPieces else { return greedy(pieces, limit: limit, width: width) }
            // best[i]: the least cost of breaking pieces[0..<i] into lines, and where the last line starts.
            let n = pieces.count
            let total = width(paragraph)
            let target = total / Double.maximum(1, (total / limit).rounded(.up))
            var best = [(cost: Double, from: Int)](repeating: (.infinity, 0), count: n + 1)
            best[0] = (0, 0)
            for end in 1...n {
                for start in 0..<end where best[start].cost.isFinite {
                    let line = joined(pieces[start..<end])
                    let w = width(line[...])
                    // Over the limit costs far more than any uneven split (unless a single piece).
                    let over = w > limit && end - start > 1 ? 1e12 : 0
                    let cost = best[start].cost + (w - target) * (w - target) + over
                    if cost < best[end].cost { best[end] = (cost, start) }
                }
            }
            var out: [String] = []
            var end = n
            while end > 0 {
                out.append(joined(pieces[best[end].from..<end]))
                end = best[end].from
            }
            return out.reversed()
        }
    }

    /// Most pieces the even breaking weighs (it shapes every run of pieces: quadratic); a
    /// longer text (a name of thousands of characters from a hostile tile) is filled line by
    /// line instead, each piece measured once.
    static let maxBalancedPieces = 64

    /// Lines filled in order while the pieces' widths fit the limit.
    static func greedy(_ pieces: [Substring], limit: Double, width: (Substring) -> Double) -> [String] {
        var lines: [String] = []
        var start = 0
        var used = 0.0
        for (i, piece) in pieces.enumerated() {
            let w = width(piece)
            if i > start && used + w > limit {
                lines.append(joined(pieces[start..<i]))
                (start, used) = (i, 0)
            }
            used += w
        }
        lines.append(joined(pieces[start...]))
        return lines
    }

    /// The text cut at its break opportunities: after each space (which ends its piece), and
    /// between two Han or kana characters.
    static func pieces(_ text: Substring) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var previous: Character?
        for index in text.indices {
            let c = text[index]
            if let p = previous, index > start, (p == " " || (isUnspaced(p) && isUnspaced(c))) {
                out.append(text[start..<index])
                start = index
            }
            previous = c
        }
        out.append(text[start...])
        return out
    }

    /// A line from its pieces, without the space that ends it.
    static func joined(_ pieces: ArraySlice<Substring>) -> String {
        var line = pieces.joined()
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// Han ideographs, hiragana and katakana (and their punctuation): lines may break between any two.
    static func isUnspaced(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0x20000...0x2FA1F).contains(v)
    }
}
