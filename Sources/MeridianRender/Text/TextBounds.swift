/// The bound on text that a style, a tile or a tileset's metadata hands the shaper (a label, a
/// credit line): shaping and measuring grow faster than the text (HarfBuzz stacks each mark on
/// the ones before it), so a name of one letter and 100,000 combining marks took 40 s. Bounded
/// before anything is shaped, a label costs at most a few milliseconds.
enum TextBounds {
    /// Most Unicode scalars of one text: 1,024 (a place name is rarely over 100); the rest is
    /// left out.
    static let maxScalars = 1024
    /// Most combining marks in a row (non-starters, canonical combining class above 0): 30,
    /// Unicode's stream-safe limit (UAX #15), past which no real text goes; further marks are
    /// left out.
    static let maxMarksInARow = 30

    /// `text` within ``maxScalars`` and ``maxMarksInARow`` (itself when it is: the common case
    /// reads it once and copies nothing).
    static func bounded(_ text: String) -> String {
        guard !fits(text) else { return text }
        var out = String.UnicodeScalarView()
        var (count, marks) = (0, 0)
        for scalar in text.unicodeScalars {
            guard count < maxScalars else { break }
            if isMark(scalar) {
                marks += 1
                if marks > maxMarksInARow { continue }
            } else {
                marks = 0
            }
            out.append(scalar)
            count += 1
        }
        return String(out)
    }

    /// Whether `scalar` is a non-starter (canonical combining class above 0; none lies below
    /// U+0300, so the common Latin text reads no property).
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300 && scalar.properties.canonicalCombiningClass != .notReordered
    }

    /// Whether `text` is within both bounds.
    static func fits(_ text: String) -> Bool {
        var (count, marks) = (0, 0)
        for scalar in text.unicodeScalars {
            count += 1
            if count > maxScalars { return false }
            if isMark(scalar) {
                marks += 1
                if marks > maxMarksInARow { return false }
            } else {
                marks = 0
            }
        }
        return true
    }
}
