/// A tile's lines of the same label joined end to end before they are anchored, as MapLibre joins
/// them (its `mergeLines`): a street comes as many ways, each too short for its name alone.
///
/// In the lines' order, a line whose first point is the last point of an earlier line of the same
/// text is appended to it, one whose last point is an earlier line's first is prepended, and one
/// that joins two such lines makes one of all three; lines of different text never join, and
/// points must be equal exactly (tile units). Each joined line keeps the place of the first
/// line it grew from.
enum LineMerge {
    struct Line {
        var text: String
        var points: [(x: Double, y: Double)]
        /// The feature index of the line it grew from (its place in the data's order).
        var feature: Int
    }

    private struct End: Hashable {
        let text: String, x: Double, y: Double
    }

    static func merged(_ lines: [Line]) -> [Line] {
        var out: [Line?] = []
        var left: [End: Int] = [:]  // a merged line's first point → its index
        var right: [End: Int] = [:]  // its last point → its index
        func end(_ text: String, _ p: (x: Double, y: Double)) -> End { End(text: text, x: p.x, y: p.y) }
        for line in lines {
            guard let first = line.points.first, let last = line.points.last else { continue }
            let (l, r) = (end(line.text, first), end(line.text, last))
            if let i = right[l], let j = left[r], i != j, let a = out[i], let b = out[j] {
                // Between two lines: a + line + b, kept at a's place.
                out[i]!.points = a.points.dropLast() + line.points + b.points.dropFirst()
                out[j] = nil
                (right[l], left[r]) = (nil, nil)
                right[end(line.text, b.points.last!)] = i
            } else if let i = right[l], let a = out[i] {
                out[i]!.points = a.points.dropLast() + line.points
                right[l] = nil
                right[r] = i
            } else if let j = left[r], let b = out[j] {
                out[j]!.points = line.points + b.points.dropFirst()
                left[r] = nil
                left[l] = j
            } else {
                out.append(line)
                (left[l], right[r]) = (out.count - 1, out.count - 1)
            }
        }
        return out.compactMap { $0 }
    }
}
